import type { FastifyPluginAsync } from 'fastify';
import {
  accessRulesEndpoint,
  attachPaymentMethodEndpoint,
  cancelSubscriptionEndpoint,
  checkPaymentPairEndpoint,
  createPaymentIntentEndpoint,
  detachPaymentMethodEndpoint,
  listAllInvoicesEndpoint,
  listPaymentMethodsEndpoint,
  listPriceEndpoint,
  payInvoiceEndpoint,
  resumeSubscriptionEndpoint,
  setDefaultPaymentMethodEndpoint,
  subscriptionEndpoint,
  syncAccessRulesEndpoint,
  updateSubscriptionEndpoint,
  updateSubscriptionUnsecureEndpoint,
} from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { accessRulesFor, notifyAccessRulesChanged, onAccessRulesChanged } from './access-rules.ts';
import { createBuiltinProcessor } from './builtin-processor.ts';
import { idempotencyKeyOf, idempotent } from './idempotency.ts';
import { presentInvoice } from './payments.presenter.ts';
import * as service from './payments.service.ts';
import { mailedReceipts } from './receipts.ts';
import { registerStripeWebhook } from './stripe-webhook.ts';
import { createStripeProcessor } from './stripe-processor.ts';

const OWNER = ['owner'] as const;
/** How often period ends are looked for, so renewals happen with nobody signed in. */
const RENEWAL_SWEEP_MS = 60_000;

/** The payment service group (/api/payment): plans and prices, subscription, cards, invoices, love unlock, webhook. */
export const paymentsModule: FastifyPluginAsync = async (app) => {
  const config = app.config;
  const processor = config.STRIPE_SECRET_KEY
    ? createStripeProcessor({ secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null, apiBase: config.STRIPE_API_BASE })
    : createBuiltinProcessor();
  const receipts = mailedReceipts(app.mailer, config);
  const payments: service.Payments = { db: app.database.db, processor, receipts };

  /** A money-moving call: once per Idempotency-Key, then the owner's sockets hear that the rules may have changed. */
  const moneyMoving = async <T>(
    ownerId: string,
    request: Parameters<typeof idempotencyKeyOf>[0],
    operation: string,
    input: unknown,
    work: (scoped: service.Payments, key: string) => Promise<T>,
  ) => {
    const key = idempotencyKeyOf(request);
    try {
      return await idempotent(payments.db, { ownerId, key, operation, input }, (tx) => work(service.within(payments, tx), key));
    } finally {
      receipts.deliver();
      notifyAccessRulesChanged(ownerId);
    }
  };
  const stateChange = async <T>(ownerId: string, work: () => Promise<T>) => {
    try {
      return await work();
    } finally {
      notifyAccessRulesChanged(ownerId);
    }
  };

  route(app, listPriceEndpoint, {
    access: 'anonymous',
    handler: async ({ query, locale }) => service.priceList(payments, query.ln ?? locale),
  });

  route(app, subscriptionEndpoint, {
    access: OWNER,
    handler: async ({ auth, locale }) => service.subscriptionState(payments, auth.subjectId, locale),
  });

  route(app, accessRulesEndpoint, {
    access: OWNER,
    handler: async ({ auth }) => {
      await service.settleRenewals(payments, auth.subjectId);
      return accessRulesFor(payments.db, auth.subjectId);
    },
  });

  route(app, syncAccessRulesEndpoint, {
    access: OWNER,
    handler: async ({ auth }) => {
      await service.settleRenewals(payments, auth.subjectId);
      const rules = await accessRulesFor(payments.db, auth.subjectId);
      notifyAccessRulesChanged(auth.subjectId);
      return rules;
    },
  });

  route(app, updateSubscriptionEndpoint, {
    access: OWNER,
    handler: async ({ auth, body, locale, request }) =>
      moneyMoving(auth.subjectId, request, 'update-subscription', body, async (scoped, key) => {
        const proration = await service.updateSubscription(scoped, auth.subjectId, body, locale, key);
        return { ...(await service.subscriptionState(scoped, auth.subjectId, locale)), proration };
      }),
  });

  route(app, updateSubscriptionUnsecureEndpoint, {
    access: OWNER,
    handler: async ({ auth, body, locale, request }) =>
      moneyMoving(auth.subjectId, request, 'update-subscription-unsecure', body, async (scoped) => {
        await service.schedulePlan(scoped, auth.subjectId, body.subscribe);
        return { ...(await service.subscriptionState(scoped, auth.subjectId, locale)), proration: null };
      }),
  });

  route(app, cancelSubscriptionEndpoint, {
    access: OWNER,
    handler: async ({ auth, locale }) =>
      stateChange(auth.subjectId, async () => {
        await service.cancelSubscription(payments, auth.subjectId);
        return service.subscriptionState(payments, auth.subjectId, locale);
      }),
  });

  route(app, resumeSubscriptionEndpoint, {
    access: OWNER,
    handler: async ({ auth, locale }) =>
      stateChange(auth.subjectId, async () => {
        await service.resumeSubscription(payments, auth.subjectId);
        return service.subscriptionState(payments, auth.subjectId, locale);
      }),
  });

  route(app, payInvoiceEndpoint, {
    access: OWNER,
    handler: async ({ auth, body, locale, request }) =>
      moneyMoving(auth.subjectId, request, 'pay-invoice', body, async (scoped, key) => {
        const invoice = await service.payInvoice(scoped, auth.subjectId, body, key);
        return { ...(await service.subscriptionState(scoped, auth.subjectId, locale)), invoice: presentInvoice(invoice, locale) };
      }),
  });

  route(app, attachPaymentMethodEndpoint, {
    access: OWNER,
    // Adding cards is what card-testing abuse does; a person adds a few. Counted per session (its bearer token).
    rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: (request) => request.headers.authorization ?? request.ip },
    handler: async ({ auth, body }) => service.attachPaymentMethod(payments, auth.subjectId, body),
  });

  route(app, setDefaultPaymentMethodEndpoint, {
    access: OWNER,
    handler: async ({ auth, body }) => service.setDefaultPaymentMethod(payments, auth.subjectId, body.paymentMethodId),
  });

  route(app, detachPaymentMethodEndpoint, {
    access: OWNER,
    handler: async ({ auth, query }) => service.detachPaymentMethod(payments, auth.subjectId, query.paymentMethodId),
  });

  route(app, listPaymentMethodsEndpoint, {
    access: OWNER,
    handler: async ({ auth }) => service.paymentMethods(payments, auth.subjectId),
  });

  route(app, listAllInvoicesEndpoint, {
    access: OWNER,
    handler: async ({ auth, query, locale }) => service.invoicePage(payments, auth.subjectId, query.limit, query.next_page, locale),
  });

  route(app, checkPaymentPairEndpoint, {
    access: OWNER,
    handler: async ({ auth, body, locale }) => service.pairStatus(payments, auth.subjectId, body.id1, body.id2, locale),
  });

  route(app, createPaymentIntentEndpoint, {
    access: OWNER,
    handler: async ({ auth, body, locale, request }) =>
      moneyMoving(auth.subjectId, request, 'create-payment-intent', body, (scoped, key) => service.payPairUnlock(scoped, auth.subjectId, body, locale, key)),
  });

  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    await registerStripeWebhook(app, { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET }, receipts);
  }

  // The websocket gate: the owner's open tabs get their new rules as syncAccessRules whenever they may have changed.
  const stopSync = onAccessRulesChanged((ownerId) => {
    accessRulesFor(payments.db, ownerId)
      .then((rules) => app.gate.publish({ role: 'owner', subjectId: ownerId }, { type: 'syncAccessRules', payload: rules }))
      // Listeners are per process: an owner of another app instance (tests) is simply not found here.
      .catch((error: unknown) => app.log.debug({ err: error }, 'syncAccessRules not pushed'));
  });
  app.addHook('onClose', async () => stopSync());

  const sweep = setInterval(() => {
    service.renewDueSubscriptions(payments).catch((error: unknown) => app.log.error({ err: error }, 'renewal sweep failed'));
  }, RENEWAL_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
};
