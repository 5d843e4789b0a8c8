import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { LocaleSchema } from './locale.ts';
import { ConsentSchema, EmailSchema, NameSchema, OptionalPhoneSchema } from './validation.ts';
import { SITE_VARIANTS, hostInfoRoute } from './site-basics.ts';
import { analyticsEventRoute } from './public-routes.ts';
import { ANALYTICS_KINDS, ANALYTICS_STEP_NAMES, isAnalyticsStep } from './analytics-steps.ts';

export { PLATFORM_TITLES, SITE_VARIANTS, hostInfoRoute, type SiteVariant } from './site-basics.ts';
export { ANALYTICS_KINDS, ANALYTICS_STEPS, ANALYTICS_STEP_NAMES, isAnalyticsStep, type AnalyticsKind, type AnalyticsStep } from './analytics-steps.ts';

/** The look and wording a host gets: hosts listed in LOVE_HOSTS get the love variant. */
export const SiteVariantSchema = z.enum(SITE_VARIANTS);

/** What depends on the host the page was opened on (spec section 1). */
export const HostInfoSchema = z.object({
  variant: SiteVariantSchema,
  /** Platform title shown in headers and the document title. */
  title: z.string(),
  /** Support contact shown on help pages and mailed for enterprise requests. */
  supportEmail: z.string(),
  /** Language the host implies by its top-level domain; null when it implies none. */
  locale: LocaleSchema.nullable(),
});
export type HostInfo = z.infer<typeof HostInfoSchema>;

export const hostInfoEndpoint = defineEndpoint({
  ...hostInfoRoute,
  summary: 'Title, support contact, variant and language of the host the request came to',
  result: HostInfoSchema,
});

const requiredText = (max: number) => z.string({ error: 'required' }).trim().min(1, { error: 'required', abort: true }).max(max, { error: 'maxLength' });
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A company asking for the enterprise plan; both consents are required (spec section 5). */
export const EnterpriseRequestInputSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: OptionalPhoneSchema,
  company: requiredText(200),
  /** Number of people the company would assess, as the visitor states it. */
  teamSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),
  message: z.preprocess(emptyToUndefined, z.string().trim().max(2000, { error: 'maxLength' }).optional()),
  privacyPolicy: ConsentSchema,
  personalData: ConsentSchema,
});
export type EnterpriseRequestInput = z.input<typeof EnterpriseRequestInputSchema>;

export const EnterpriseRequestResultSchema = z.object({
  id: z.string(),
  /** Whether the message to the support address was handed to the mail outbox. */
  mailQueued: z.boolean(),
});

export const createEnterpriseRequestEndpoint = defineEndpoint({
  group: 'system',
  method: 'POST',
  path: '/site/enterprise-requests',
  summary: 'Store an enterprise contact request and mail it to the support address',
  body: EnterpriseRequestInputSchema,
  result: EnterpriseRequestResultSchema,
});

/** Funnels with analytics events (spec section 9): registration, profile, pair and team steps. */
export const AnalyticsKindSchema = z.enum(ANALYTICS_KINDS);

export const AnalyticsEventInputSchema = z
  .object({
    kind: AnalyticsKindSchema,
    /** Step within the funnel: one of `ANALYTICS_STEPS[kind]` (`analytics-steps.ts`). */
    step: z.enum(ANALYTICS_STEP_NAMES, { error: 'invalid' }),
    /** The visitor's analytics consent; events without it are dropped, never stored. */
    consent: z.boolean(),
    /** Random id of the browser session, so steps of one visit can be grouped without identifying anyone. */
    visitId: z.uuid().optional(),
  })
  .refine((event) => isAnalyticsStep(event.kind, event.step), { error: 'invalid', path: ['step'] });
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInputSchema>;

export const recordAnalyticsEventEndpoint = defineEndpoint({
  ...analyticsEventRoute,
  summary: 'Record an analytics step, only when the visitor consented',
  body: AnalyticsEventInputSchema,
  result: z.object({ recorded: z.boolean() }),
});
