import { z } from 'zod';
import { CursorQuerySchema, defineEndpoint, NextCursorSchema, PagingQuerySchema } from './api.ts';
import { GRADES } from './constants.ts';
import { QuestionnaireKindSchema } from './questionnaire.ts';
import { EmailSchema, NameSchema, nonEmptyUpdate } from './validation.ts';

// ---------------------------------------------------------------------------------------------------------------------
// Administrator console (spec sections 3, 6, 7): owners shown as companies, estimators, profiles, the audit log.

const QueryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');
const IdParams = z.object({ id: z.string().min(1).max(100) });
const OrderSchema = z.enum(['asc', 'desc']).default('desc');
const SearchSchema = z.string().trim().max(200).optional();
const QueryDate = z.iso.datetime({ offset: true }).or(z.iso.date()).optional();

/** Bulk delete: the ids to delete (at most one page of the largest size). */
export const BulkDeleteSchema = z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(1000) });
/** How many rows a change touched. */
export const ChangedCountSchema = z.object({ changed: z.number().int() });

// --- Owners ----------------------------------------------------------------------------------------------------------

/** Subscription filter: a subscription in force, none in force, or an exact stored status. */
export const ADMIN_SUBSCRIBE_FILTERS = ['active', 'none', 'past_due', 'incomplete', 'canceled'] as const;
export const AdminSubscribeFilterSchema = z.enum(ADMIN_SUBSCRIBE_FILTERS);

export const AdminOwnersQuerySchema = PagingQuerySchema.extend({
  sort: z.enum(['createdAt', 'lastVisitAt', 'email']).default('createdAt'),
  order: OrderSchema,
  search: SearchSchema,
  status: z.enum(['active', 'deleted', 'verified', 'unverified']).optional(),
  /** Created on or after this day. */
  dateStart: QueryDate,
  /** Created on or before this day (inclusive). */
  dateEnd: QueryDate,
  subscribe: AdminSubscribeFilterSchema.optional(),
});
export type AdminOwnersQuery = z.input<typeof AdminOwnersQuerySchema>;

export const AdminSubscriptionSchema = z.object({
  plan: z.string(),
  status: z.enum(['active', 'past_due', 'incomplete', 'canceled']),
  startedAt: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  cancelAtPeriodEnd: z.boolean(),
});

export const AdminOwnerSchema = z.object({
  _id: z.string(),
  email: z.string(),
  status: z.enum(['active', 'deleted']),
  variant: z.enum(['work', 'love']),
  companyName: z.string().nullable(),
  subscribe: AdminSubscriptionSchema.nullable(),
  mainProfile: z.object({ _id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
  profilesCount: z.number().int(),
  verified: z.boolean(),
  createdAt: z.iso.datetime(),
  lastVisitAt: z.iso.datetime().nullable(),
});
export type AdminOwner = z.infer<typeof AdminOwnerSchema>;

export const AdminOwnerUpdateSchema = nonEmptyUpdate(
  z.object({
    email: EmailSchema.optional(),
    companyName: z.string().trim().max(200).nullable().optional(),
    verified: z.boolean().optional(),
  }),
);
export type AdminOwnerUpdate = z.input<typeof AdminOwnerUpdateSchema>;

const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
/** A list that also pages by cursor (CursorQuerySchema). */
const cursorListOf = <T extends z.ZodType>(item: T) => listOf(item).extend({ nextCursor: NextCursorSchema });

export const adminOwnersEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/owners',
  summary: 'Owners (shown as companies) with sort, paging, search, status, creation dates and subscription filter',
  query: AdminOwnersQuerySchema,
  result: listOf(AdminOwnerSchema),
});
export const adminOwnerEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/owners/:id',
  summary: 'One owner',
  params: IdParams,
  result: AdminOwnerSchema,
});
export const adminOwnerUpdateEndpoint = defineEndpoint({
  group: 'admin',
  method: 'PATCH',
  path: '/owners/:id',
  summary: "Changes an owner's e-mail, company name or verification",
  params: IdParams,
  body: AdminOwnerUpdateSchema,
  result: AdminOwnerSchema,
});
export const adminOwnerDeleteEndpoint = defineEndpoint({
  group: 'admin',
  method: 'DELETE',
  path: '/owners/:id',
  summary: 'Deletes an owner with all his data',
  params: IdParams,
  result: ChangedCountSchema,
});
export const adminOwnersBulkDeleteEndpoint = defineEndpoint({
  group: 'admin',
  method: 'DELETE',
  path: '/owners',
  summary: 'Deletes the listed owners; answers how many were deleted',
  body: BulkDeleteSchema,
  result: ChangedCountSchema,
});

// --- Estimators ------------------------------------------------------------------------------------------------------

export const AdminEstimatorsQuerySchema = PagingQuerySchema.extend({
  sort: z.enum(['createdAt', 'lastVisitAt', 'name']).default('createdAt'),
  order: OrderSchema,
  search: SearchSchema,
});
export type AdminEstimatorsQuery = z.input<typeof AdminEstimatorsQuerySchema>;

export const AdminEstimatorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  information: z.string().nullable(),
  nextProfileBatch: z.number().int(),
  profilesCount: z.number().int(),
  createdAt: z.iso.datetime(),
  lastVisitAt: z.iso.datetime().nullable(),
});
export type AdminEstimator = z.infer<typeof AdminEstimatorSchema>;

const UsernameSchema = z.string({ error: 'required' }).trim().min(3, { error: 'minLength' }).max(100, { error: 'maxLength' });
export const AdminEstimatorCreateSchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  username: UsernameSchema,
  information: z.string().trim().max(2000).nullable().optional(),
  nextProfileBatch: z.number().int().min(1).max(500).optional(),
});
export type AdminEstimatorCreate = z.input<typeof AdminEstimatorCreateSchema>;
export const AdminEstimatorUpdateSchema = nonEmptyUpdate(AdminEstimatorCreateSchema.partial());
export type AdminEstimatorUpdate = z.input<typeof AdminEstimatorUpdateSchema>;

export const adminEstimatorsEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/estimators',
  summary: 'Estimators with sort, paging and search',
  query: AdminEstimatorsQuerySchema,
  result: listOf(AdminEstimatorSchema),
});
export const adminEstimatorEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/estimators/:id',
  summary: 'One estimator',
  params: IdParams,
  result: AdminEstimatorSchema,
});
export const adminEstimatorCreateEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/estimators',
  summary: 'Creates an estimator (who signs in by a mailed link or sets a password by reset)',
  body: AdminEstimatorCreateSchema,
  result: AdminEstimatorSchema,
});
export const adminEstimatorUpdateEndpoint = defineEndpoint({
  group: 'admin',
  method: 'PATCH',
  path: '/estimators/:id',
  summary: 'Changes an estimator',
  params: IdParams,
  body: AdminEstimatorUpdateSchema,
  result: AdminEstimatorSchema,
});
export const adminEstimatorDeleteEndpoint = defineEndpoint({
  group: 'admin',
  method: 'DELETE',
  path: '/estimators/:id',
  summary: 'Deletes an estimator (his labels stay with the profiles)',
  params: IdParams,
  result: ChangedCountSchema,
});

export const adminSendLoginLinkEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/:role/:id/mail/login-link',
  summary: 'Mails a single-use sign-in link to an owner or an estimator',
  params: z.object({ role: z.enum(['owner', 'estimator']), id: z.string().min(1).max(100) }),
  result: z.object({ sent: z.literal(true) }),
});

// --- Profiles --------------------------------------------------------------------------------------------------------

/** The administrator's view of a profile's state (spec section 3). */
export const ADMIN_PROFILE_STATUSES = ['empty', 'deleted', 'skipped', 'approved', 'completed', 'estimated', 'suspicious'] as const;
export const AdminProfileStatusSchema = z.enum(ADMIN_PROFILE_STATUSES);
export type AdminProfileStatus = z.infer<typeof AdminProfileStatusSchema>;

export const AdminProfilesQuerySchema = PagingQuerySchema.extend({
  sort: z.enum(['createdAt', 'updatedAt']).default('createdAt'),
  order: OrderSchema,
  search: SearchSchema,
  gradeFilter: z.enum(GRADES).optional(),
  ownerIdFilter: z.string().min(1).max(100).optional(),
  /** Only profiles with an estimator's score or a final score. */
  onlyRated: QueryFlag.optional(),
  /** Only profiles whose questionnaire is submitted (confirmed). */
  onlyApproved: QueryFlag.optional(),
  /** Only profiles an estimator put off (normal) or marked suspicious. */
  skipStatus: z.enum(['normal', 'suspicious']).optional(),
  /** Deleted profiles instead of the others. */
  onlyDeleted: QueryFlag.optional(),
  cursor: CursorQuerySchema,
});
export type AdminProfilesQuery = z.input<typeof AdminProfilesQuerySchema>;

const Kpl = z.object({ competencies: z.number(), professionalism: z.number(), maturity: z.number() });

export const AdminProfileSchema = z.object({
  _id: z.string(),
  kind: QuestionnaireKindSchema,
  status: AdminProfileStatusSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  isDemo: z.boolean(),
  owner: z.object({ _id: z.string(), email: z.string(), companyName: z.string().nullable() }).nullable(),
  grade: z.enum(GRADES).nullable(),
  scores: Kpl.nullable(),
  finalScore: z.number().nullable(),
  finalScorePrecise: Kpl.nullable(),
  estimatesCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminProfile = z.infer<typeof AdminProfileSchema>;

export const AdminProfileDetailSchema = AdminProfileSchema.extend({
  answersCount: z.number().int(),
  estimates: z.array(
    z.object({
      estimatorId: z.string(),
      estimatorName: z.string(),
      score: z.number().nullable(),
      scorePrecise: Kpl.nullable(),
      skipStatus: z.enum(['normal', 'suspicious']).nullable(),
      note: z.string(),
    }),
  ),
});
export type AdminProfileDetail = z.infer<typeof AdminProfileDetailSchema>;

export const AdminProfileUpdateSchema = nonEmptyUpdate(
  z.object({
    firstName: z.string().trim().max(100).nullable().optional(),
    lastName: z.string().trim().max(100).nullable().optional(),
    position: z.string().trim().max(100).nullable().optional(),
  }),
);
export type AdminProfileUpdate = z.input<typeof AdminProfileUpdateSchema>;

export const adminProfilesEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/profiles',
  summary: 'All profiles with grade, owner, rated, approved, skip and deleted filters',
  query: AdminProfilesQuerySchema,
  result: cursorListOf(AdminProfileSchema),
});
export const adminProfileEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/profiles/:id',
  summary: 'One profile with its estimates',
  params: IdParams,
  result: AdminProfileDetailSchema,
});
export const adminProfileUpdateEndpoint = defineEndpoint({
  group: 'admin',
  method: 'PATCH',
  path: '/profiles/:id',
  summary: "Changes a profile's names or position",
  params: IdParams,
  body: AdminProfileUpdateSchema,
  result: AdminProfileDetailSchema,
});
export const adminProfileDeleteEndpoint = defineEndpoint({
  group: 'admin',
  method: 'DELETE',
  path: '/profiles/:id',
  summary: 'Marks a profile deleted',
  params: IdParams,
  result: ChangedCountSchema,
});
export const adminProfilesBulkDeleteEndpoint = defineEndpoint({
  group: 'admin',
  method: 'DELETE',
  path: '/profiles',
  summary: 'Marks the listed profiles deleted; answers how many changed',
  body: BulkDeleteSchema,
  result: ChangedCountSchema,
});
export const adminProfileCancelConfirmationEndpoint = defineEndpoint({
  group: 'admin',
  method: 'POST',
  path: '/profiles/:id/cancel-confirmation',
  summary: 'Takes a submitted profile back to answered, so its questionnaire can be changed again',
  params: IdParams,
  result: AdminProfileDetailSchema,
});
export const adminProfileFilterOwnersEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/profile-filter/owners',
  summary: 'Owners that have profiles, for the owner filter of the profile list',
  query: z.object({ search: SearchSchema }),
  result: z.array(z.object({ _id: z.string(), email: z.string(), companyName: z.string().nullable(), profilesCount: z.number().int() })),
});

// --- Audit log -------------------------------------------------------------------------------------------------------

export const AuditEntrySchema = z.object({
  _id: z.string(),
  administratorId: z.string(),
  administratorEmail: z.string().nullable(),
  /** What was done, as `<entity>.<verb>` (owner.update, estimator.create, profile.delete, …). */
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const adminAuditLogEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/audit-log',
  summary: "The administrators' changes, newest first",
  query: PagingQuerySchema.extend({ entity: z.string().max(50).optional(), entityId: z.string().max(100).optional(), cursor: CursorQuerySchema }),
  result: cursorListOf(AuditEntrySchema),
});

// --- Outbox ----------------------------------------------------------------------------------------------------------

/**
 * Where a message stands: `kept` (in the outbox, not tried: no SMTP_URL, or not yet), `retrying` (a delivery failed,
 * it is tried again), `failed` (every try failed), `sent` (its bodies are cleared once sent).
 */
export const OUTBOX_STATUSES = ['kept', 'retrying', 'failed', 'sent'] as const;

export const AdminMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** verify, join, magic, reset, enterprise. */
  kind: z.string(),
  locale: z.enum(['ru', 'en']),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type AdminMail = z.infer<typeof AdminMailSchema>;

export const AdminMailDetailSchema = AdminMailSchema.extend({
  text: z.string(),
  html: z.string(),
  /** The first link of the text (a sign-in, verification or reset link), null when it has none or was sent. */
  link: z.string().nullable(),
});
export type AdminMailDetail = z.infer<typeof AdminMailDetailSchema>;

export const AdminMailQuerySchema = PagingQuerySchema.extend({
  /** Part of the recipient's address, any case. */
  to: z.string().trim().max(320).optional(),
});
export type AdminMailQuery = z.input<typeof AdminMailQuerySchema>;

export const adminMailListEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/mail',
  summary: 'The outbox: messages the server mailed or keeps, newest first, filtered by recipient',
  query: AdminMailQuerySchema,
  result: listOf(AdminMailSchema),
});
export const adminMailEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/mail/:id',
  summary: 'One message of the outbox with its text, HTML and link (reading it is recorded in the audit log)',
  params: IdParams,
  result: AdminMailDetailSchema,
});
