import crypto from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminLoginEndpoint,
  adminLoginLinkEndpoint,
  adminLogoutEndpoint,
  adminMagicLoginEndpoint,
  estimatorForgotPasswordEndpoint,
  estimatorLoginEndpoint,
  estimatorLoginLinkEndpoint,
  estimatorLogoutEndpoint,
  estimatorMagicLoginEndpoint,
  estimatorPasswordResetEndpoint,
  loveSignupEndpoint,
  ownerForgotPasswordEndpoint,
  ownerJoinRequestEndpoint,
  ownerLoginEndpoint,
  ownerLoginLinkEndpoint,
  ownerLogoutEndpoint,
  ownerMagicLoginEndpoint,
  ownerPasswordResetEndpoint,
  ownerPreauthenticateEndpoint,
  ownerSignupEndpoint,
  ownerVerificationLinkEndpoint,
  ownerVerifyEndpoint,
  secondFactorEnrolmentEndpoint,
  secondFactorStepEndpoint,
  type Locale,
  type Role,
  type Surface,
} from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import { route } from '../../core/route.ts';
import { revokeSession } from '../../core/session.repository.ts';
import { brandForHost } from '../mail/mail.brand.ts';
import {
  ensureDemoAdministrator,
  requestLink,
  requestToJoin,
  resendVerification,
  resetPassword,
  signInWithLink,
  signInWithPassword,
  signUpOwner,
  verifyOwner,
  signInWithSecondFactor,
  type MailContext,
  type PassportDeps,
} from './passport.service.ts';
import { enrolmentForChallenge } from './second-factor.service.ts';

/**
 * Rate limits, per client address (the route's own limit) and per e-mail or username (checked in the handler):
 * sign-in 10 tries per address and 50 per client in 15 minutes; mailed links 5 per address and 20 per client;
 * sign-ups 100 per client an hour (the browser tests sign up many owners from one address).
 */
const WINDOW = '15 minutes';
const LOGIN_PER_CLIENT = { max: 50, timeWindow: WINDOW };
const LINK_PER_CLIENT = { max: 20, timeWindow: WINDOW };
const SIGNUP_PER_CLIENT = { max: 100, timeWindow: '1 hour' };
const LOGIN_PER_ADDRESS = 10;
const LINK_PER_ADDRESS = 5;

type AddressLimit = (request: FastifyRequest, reply: FastifyReply, address: string) => Promise<void>;

/** A limit keyed by the route and a hash of the address, so the address itself is not kept in memory. */
function addressLimiter(app: FastifyInstance, max: number): AddressLimit {
  const keys = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({ max, timeWindow: WINDOW, keyGenerator: (request) => keys.get(request) ?? request.ip });
  return async (request, reply, address) => {
    keys.set(request, `${request.routeOptions.url}|${crypto.createHash('sha256').update(address.trim().toLowerCase()).digest('hex')}`);
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('rate_limited');
    }
  };
}

export const passportModule: FastifyPluginAsync = async (app) => {
  const deps: PassportDeps = { db: app.database.db, config: app.config, mailer: app.mailer, authenticator: app.authenticator, sealer: app.secondFactorSealer };
  const loginLimit = addressLimiter(app, LOGIN_PER_ADDRESS);
  const linkLimit = addressLimiter(app, LINK_PER_ADDRESS);

  const mailContext = (request: FastifyRequest, ln: Locale | undefined, surface: Surface | undefined): MailContext => {
    const brand = brandForHost(app.config, request.host);
    return { locale: ln ?? request.locale, brand, surface: surface ?? (brand.love ? 'loveMobile' : 'desktop') };
  };

  const signInRoutes = (
    role: Role,
    endpoints: {
      magic: typeof ownerMagicLoginEndpoint | typeof estimatorMagicLoginEndpoint | typeof adminMagicLoginEndpoint;
      link: typeof ownerLoginLinkEndpoint | typeof estimatorLoginLinkEndpoint | typeof adminLoginLinkEndpoint;
      logout: typeof ownerLogoutEndpoint | typeof estimatorLogoutEndpoint | typeof adminLogoutEndpoint;
    },
  ) => {
    route(app, endpoints.magic, { access: 'anonymous', rateLimit: LOGIN_PER_CLIENT, handler: async ({ params }) => signInWithLink(deps, role, params.token) });
    route(app, endpoints.link, {
      access: 'anonymous',
      rateLimit: LINK_PER_CLIENT,
      handler: async ({ body, request, reply }) => {
        await linkLimit(request, reply, body.username);
        await requestLink(deps, role, body.username, 'magic', mailContext(request, body.ln, body.surface));
        return { sent: true as const };
      },
    });
    route(app, endpoints.logout, {
      access: [role],
      handler: async ({ auth }) => {
        await revokeSession(deps.db, auth.sessionId);
        return { done: true as const };
      },
    });
  };

  // Owners
  route(app, ownerLoginEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body, request, reply }) => {
      await loginLimit(request, reply, body.email);
      return signInWithPassword(deps, 'owner', body.email, body.password);
    },
  });
  signInRoutes('owner', { magic: ownerMagicLoginEndpoint, link: ownerLoginLinkEndpoint, logout: ownerLogoutEndpoint });
  route(app, ownerPreauthenticateEndpoint, { access: 'anonymous', rateLimit: LOGIN_PER_CLIENT, handler: async ({ body }) => signInWithLink(deps, 'owner', body.authId) });
  route(app, ownerForgotPasswordEndpoint, {
    access: 'anonymous',
    rateLimit: LINK_PER_CLIENT,
    handler: async ({ body, request, reply }) => {
      await linkLimit(request, reply, body.username);
      await requestLink(deps, 'owner', body.username, 'reset', mailContext(request, body.ln, body.surface));
      return { sent: true as const };
    },
  });
  route(app, ownerPasswordResetEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body }) => {
      await resetPassword(deps, 'owner', body.token, body.password);
      return { done: true as const };
    },
  });
  route(app, ownerSignupEndpoint, {
    access: 'anonymous',
    status: 201,
    rateLimit: SIGNUP_PER_CLIENT,
    handler: async ({ body, request }) =>
      signUpOwner(deps, { email: body.email, password: body.password, companyName: body.companyName, variant: 'work' }, mailContext(request, body.ln, body.surface)),
  });
  route(app, loveSignupEndpoint, {
    access: 'anonymous',
    status: 201,
    rateLimit: SIGNUP_PER_CLIENT,
    handler: async ({ body, request }) => signUpOwner(deps, { email: body.email, password: body.password, variant: 'love' }, mailContext(request, body.ln, 'loveMobile')),
  });
  route(app, ownerJoinRequestEndpoint, {
    access: 'anonymous',
    status: 201,
    rateLimit: SIGNUP_PER_CLIENT,
    handler: async ({ body, request }) => {
      await requestToJoin(deps, { email: body.email, companyName: body.companyName }, mailContext(request, body.ln, body.surface));
      return { sent: true as const };
    },
  });
  route(app, ownerVerifyEndpoint, { access: 'anonymous', rateLimit: LOGIN_PER_CLIENT, handler: async ({ body }) => verifyOwner(deps, body.token) });
  route(app, ownerVerificationLinkEndpoint, {
    access: ['owner'],
    handler: async ({ body, auth, request, reply }) => {
      await linkLimit(request, reply, auth.subjectId);
      await resendVerification(deps, auth.subjectId, mailContext(request, body.ln, body.surface));
      return { sent: true as const };
    },
  });

  // Estimators
  route(app, estimatorLoginEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body, request, reply }) => {
      await loginLimit(request, reply, body.username);
      return signInWithPassword(deps, 'estimator', body.username, body.password);
    },
  });
  signInRoutes('estimator', { magic: estimatorMagicLoginEndpoint, link: estimatorLoginLinkEndpoint, logout: estimatorLogoutEndpoint });
  route(app, estimatorForgotPasswordEndpoint, {
    access: 'anonymous',
    rateLimit: LINK_PER_CLIENT,
    handler: async ({ body, request, reply }) => {
      await linkLimit(request, reply, body.username);
      await requestLink(deps, 'estimator', body.username, 'reset', mailContext(request, body.ln, 'desktop'));
      return { sent: true as const };
    },
  });
  route(app, estimatorPasswordResetEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body }) => {
      await resetPassword(deps, 'estimator', body.token, body.password);
      return { done: true as const };
    },
  });

  // Administrators
  route(app, adminLoginEndpoint, {
    access: 'anonymous',
    rateLimit: LOGIN_PER_CLIENT,
    handler: async ({ body, request, reply }) => {
      await loginLimit(request, reply, body.email);
      return signInWithPassword(deps, 'administrator', body.email, body.password);
    },
  });
  signInRoutes('administrator', { magic: adminMagicLoginEndpoint, link: adminLoginLinkEndpoint, logout: adminLogoutEndpoint });

  // The second step of owners' and administrators' sign-ins (the challenge names the user)
  route(app, secondFactorEnrolmentEndpoint, { access: 'anonymous', rateLimit: LOGIN_PER_CLIENT, handler: async ({ body }) => enrolmentForChallenge(deps, body.challenge) });
  // Wrong codes are limited per challenge (5) and per account (10 in 15 minutes) in the service.
  route(app, secondFactorStepEndpoint, { access: 'anonymous', rateLimit: LOGIN_PER_CLIENT, handler: async ({ body }) => signInWithSecondFactor(deps, body.challenge, body.code) });

  // 'At first start' is when the server starts listening: test apps, which never listen, get no demo administrator.
  app.addHook('onListen', async () => {
    await ensureDemoAdministrator(deps.db, app.config, app.log);
  });
};
