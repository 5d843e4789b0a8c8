import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { AVATAR_AGE_BANDS, DEFAULT_PAGE_SIZE, GRADES } from './constants.ts';
import { AnswersSchema, QuestionnaireDefinitionSchema, QuestionnaireKindSchema, type Answer, type QuestionnaireKind } from './questionnaire.ts';
import { NOTICE_VERSION, personPageRoutes, profileLinkRoutes } from './public-routes.ts';
import { LoveScoresSchema, ProfileExplanationSchema } from './scoring.ts';
export { ageOn, birthDateFromDay, birthDateToIso } from './profile-dates.ts';
import { ConsentSchema, NameSchema, OptionalEmailSchema, OptionalPhoneSchema, OptionalPositionSchema } from './validation.ts';

/**
 * Profile states (spec section 4): ack_q empty, answered in progress, ack_a completed, deleted, delete_keep (deleted but
 * kept for teams and evaluations), withdrawn (the person withdrew by the private link: an empty placeholder no pair or
 * team can run; docs/privacy.md).
 */
export const ProfileStateSchema = z.enum(['ack_q', 'answered', 'ack_a', 'deleted', 'delete_keep', 'withdrawn']);
export type ProfileState = z.infer<typeof ProfileStateSchema>;

/** Owner list filter: all, empty (not completed), approved (completed). */
export const ProfileFilterSchema = z.enum(['all', 'empty', 'approved']);
export type ProfileFilter = z.infer<typeof ProfileFilterSchema>;

export const GenderSchema = z.enum(['М', 'Ж']);
export type Gender = z.infer<typeof GenderSchema>;
/** Neurons of age and gender in every questionnaire. */
export const AGE_NEURON = 'С_Возр';
export const GENDER_NEURON = 'С_Пол';

export const SpecialistMoodSchema = z.enum(['bad', 'good', 'anxious', 'excellent', 'depressed', 'unclear']);
export type SpecialistMood = z.infer<typeof SpecialistMoodSchema>;
export const GradeSchema = z.enum(GRADES);

/** Share links (permalinks) stay valid this long after they are issued, in days. */
export const PROFILE_LINK_TTL_DAYS = 30;
/** The private link to a person's own page stays valid this long after sending, in days. */
export const PERSON_PAGE_TTL_DAYS = 365;

/** Who filled the answers: the person by link (with the notice and consent), or the owner about someone else. */
export const FilledBySchema = z.enum(['person', 'owner']);

// ---------------------------------------------------------------------------------------------------------------------
// Avatars: 19 images that ship with the web app under /avatars/<name>.svg.

const AVATAR_GENDERS = { М: 'male', Ж: 'female' } as const;
/** Four age bands × two genders × two variants, plus male, female and neutral defaults. */
export const AVATAR_NAMES = [
  ...AVATAR_AGE_BANDS.flatMap(({ band }) => ['male', 'female'].flatMap((gender) => [1, 2].map((variant) => `${gender}-${band}-${variant}`))),
  'male-default',
  'female-default',
  'neutral',
] as const;
export const AvatarNameSchema = z.string().refine((name) => (AVATAR_NAMES as readonly string[]).includes(name), { error: 'invalid' });

/** Avatar for an age and gender; `seed` (the profile id) picks one of the band's two variants so it stays the same. */
export function pickAvatar(age: number, gender: Gender, seed: string): string {
  const band = AVATAR_AGE_BANDS.find((entry) => age <= entry.max)!.band;
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `${AVATAR_GENDERS[gender]}-${band}-${(hash % 2) + 1}`;
}

/** Age and gender read from the answers (own answers, never the partner's). */
export function profileFacts(answers: readonly Answer[]): { age: number | null; gender: Gender | null } {
  const age = answers.find((answer) => answer.neuron === AGE_NEURON)?.value;
  const gender = GenderSchema.safeParse(answers.find((answer) => answer.neuron === GENDER_NEURON)?.value);
  return { age: typeof age === 'number' ? age : null, gender: gender.success ? gender.data : null };
}

/** An ISO date-time at midnight UTC, not in the future, not before 1900. */
export const BirthDateSchema = z.iso
  .datetime({ error: 'invalid' })
  .refine((value) => value.slice(11, 19) === '00:00:00' && new Date(value).getTime() <= Date.now() && new Date(value).getUTCFullYear() >= 1900, {
    error: 'invalid',
  });

type NameFields = { firstName?: string | null; lastName?: string | null; birthDate?: string | Date | null; partnerFirstName?: string | null };

/**
 * Section 5: a profile has content when its first name is set and, for the standard questionnaire (full or short),
 * its last name; love: first name and birth date; couple: the first name of each side.
 */
export function hasContent(kind: QuestionnaireKind, fields: NameFields): boolean {
  const set = (value: string | null | undefined) => Boolean(value && value.trim());
  if (!set(fields.firstName)) return false;
  switch (kind) {
    case 'standard':
    case 'short':
      return set(fields.lastName);
    case 'love':
      return Boolean(fields.birthDate);
    case 'couple':
      return set(fields.partnerFirstName);
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// What the owner sees.

export const ProfileScoresSchema = z.object({
  /** Qualification K, professionalism P and maturity L, 0-100; null until the profile is scored. */
  competencies: z.number().nullable(),
  professionalism: z.number().nullable(),
  maturity: z.number().nullable(),
  grade: GradeSchema.nullable(),
  finalScore: z.number().nullable(),
  finalScorePrecise: z.number().nullable(),
  scoredAt: z.iso.datetime().nullable(),
  /**
   * Share (0-1) of the scored work questions shown that carry a real answer: a 'no answer' is scored as the reference
   * population's typical answer and lowers this figure; null until scored.
   */
  completeness: z.number().min(0).max(1).nullable(),
  modelId: z.string().nullable(),
  /** Love and couple profiles: the love model's scores (docs/love-model.md); absent or null for work profiles and until scored. */
  love: LoveScoresSchema.nullable().optional(),
});
export type ProfileScores = z.infer<typeof ProfileScoresSchema>;

export const ProfileSummarySchema = z.object({
  _id: z.string(),
  kind: QuestionnaireKindSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** First and last name joined, for display. */
  name: z.string(),
  partnerFirstName: z.string().nullable(),
  partnerLastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  age: z.number().nullable(),
  gender: GenderSchema.nullable(),
  state: ProfileStateSchema,
  hasContent: z.boolean(),
  isDemo: z.boolean(),
  isShort: z.boolean(),
  avatarName: z.string().nullable(),
  hideDetails: z.boolean(),
  main: z.boolean(),
  /** The grade (expertise); null until scored, and while the owner's plan hides expertise. */
  expertise: GradeSchema.nullable(),
  /**
   * The owner's plan hides expertise (capability seeExpertise): expertise, the scores and the explanation are withheld
   * by the server, not only hidden on screen.
   */
  expertiseHidden: z.boolean(),
  /** The mood in the person's latest team run (its last forecast day); 'unclear' when no computed team includes them. */
  mood: SpecialistMoodSchema,
  scores: ProfileScoresSchema,
  /** When the visitor of an expired link asked for a new one. */
  linkRequestedAt: z.iso.datetime().nullable(),
  /** Who filled the answers; null until filled (and for profiles filled before this was recorded). */
  filledBy: FilledBySchema.nullable(),
  /** When the person withdrew the profile (state withdrawn); null otherwise. */
  withdrawnAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;

export const ProfileSchema = ProfileSummarySchema.extend({
  ownerId: z.string().nullable(),
  permalink: z.string(),
  linkExpiresAt: z.iso.datetime(),
  birthDate: z.iso.datetime().nullable(),
  answers: AnswersSchema,
  questionnaireId: z.string().nullable(),
  /** Where the profile is used; deletion warns when either is above 0. */
  usage: z.object({ teams: z.number().int(), evaluations: z.number().int() }),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  sort: z.enum(['createdAt', 'updatedAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  filter: ProfileFilterSchema.default('all'),
  limit: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  /**
   * Keyset paging: the `nextCursor` of the previous page, for the same search, sort, order and filter; the page then
   * starts right after that row whatever was inserted meanwhile, and `offset` is ignored. It costs the same at any depth.
   */
  cursor: z.string().max(200).optional(),
});
export type ProfileListQuery = z.input<typeof ProfileListQuerySchema>;

/** An optional name: empty means not given. */
const OptionalNameSchema = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), NameSchema.optional());
const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable());

export const ProfileCreateSchema = z.object({
  kind: z.enum(['standard', 'short', 'couple', 'love']).default('standard'),
  firstName: NameSchema,
  lastName: OptionalNameSchema,
  partnerFirstName: OptionalNameSchema,
  partnerLastName: OptionalNameSchema,
  email: OptionalEmailSchema,
  phone: OptionalPhoneSchema,
  position: OptionalPositionSchema,
  birthDate: BirthDateSchema.optional(),
});
export type ProfileCreate = z.input<typeof ProfileCreateSchema>;

export const ProfileUpdateSchema = z.object({
  firstName: NameSchema.optional(),
  lastName: nullable(NameSchema).optional(),
  partnerFirstName: nullable(NameSchema).optional(),
  partnerLastName: nullable(NameSchema).optional(),
  email: nullable(OptionalEmailSchema).optional(),
  phone: nullable(OptionalPhoneSchema).optional(),
  position: nullable(OptionalPositionSchema).optional(),
  birthDate: BirthDateSchema.nullable().optional(),
  avatarName: AvatarNameSchema.nullable().optional(),
  hideDetails: z.boolean().optional(),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

const IdParams = z.object({ id: z.string().min(1).max(100) });
const QuestionnaireQuery = z.object({
  /** true: the short variant of the standard questionnaire. */
  short: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  kind: z.enum(['standard', 'love', 'couple']).default('standard'),
});

export const ownerProfilesListEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/profiles',
  summary:
    "The owner's profiles: search (name, contacts, position), sort, state filter, paging by offset or by cursor; total matches the filter, profilesCount counts all",
  query: ProfileListQuerySchema,
  result: z.object({
    items: z.array(ProfileSummarySchema),
    total: z.number().int(),
    profilesCount: z.number().int(),
    /** The cursor of the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  }),
});

export const ownerProfileGetEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/profiles/:id',
  summary: 'One profile with its answers, scores and where it is used',
  params: IdParams,
  result: ProfileSchema,
});

export const ownerProfileCreateEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles',
  summary: 'Creates an empty profile (state ack_q) to be filled by link',
  body: ProfileCreateSchema,
  result: ProfileSchema,
});

export const ownerProfileUpdateEndpoint = defineEndpoint({
  group: 'owner',
  method: 'PATCH',
  path: '/profiles/:id',
  summary: 'Changes names, contacts, birth date, avatar or hideDetails',
  params: IdParams,
  body: ProfileUpdateSchema,
  result: ProfileSchema,
});

export const ownerProfileDeleteEndpoint = defineEndpoint({
  group: 'owner',
  method: 'DELETE',
  path: '/profiles/:id',
  summary: 'Deletes a profile: state deleted, or delete_keep when teams or evaluations use it',
  params: IdParams,
  result: z.object({ state: z.enum(['deleted', 'delete_keep']) }),
});

/** The id of attach and check-attach is the permalink of a profile filled without an owner (flame onboarding). */
export const ownerProfileAttachEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/attach/:id',
  summary: 'Takes a profile filled without an owner (by its permalink) into the owner’s profiles; it becomes main when there is none',
  params: IdParams,
  result: ProfileSchema,
});

export const ownerProfileDetachEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/detach/:id',
  summary: 'Releases an own profile: it leaves the owner’s list and can be attached again by its permalink',
  params: IdParams,
  result: z.object({ detached: z.literal(true), permalink: z.string() }),
});

export const ownerProfileCheckAttachEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/check-attach/:id',
  summary: 'Whether the profile of this permalink can be attached (it exists and has no owner)',
  params: IdParams,
  result: z.object({ check: z.boolean() }),
});

export const ownerProfileCheckAttachExistEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/check-attach-exist/:id',
  summary: 'Whether the profile of this permalink is already among the owner’s profiles',
  params: IdParams,
  result: z.object({ exists: z.boolean() }),
});

export const ownerProfileCheckUpendEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/check-upend/:id',
  summary: 'Whether the profile can become the owner’s main profile (completed and not main yet)',
  params: IdParams,
  result: z.object({ check: z.boolean() }),
});

export const ownerProfileUpendEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/upend/:id',
  summary: 'Makes the profile the owner’s main (own) profile',
  params: IdParams,
  result: ProfileSchema,
});

export const ownerProfileReferralEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/get-referral-id/:id',
  summary: 'The share link to send for filling; an expired one (or any with renew) is replaced. Needs the names first',
  params: IdParams,
  body: z.object({ renew: z.boolean().default(false) }).default({ renew: false }),
  result: z.object({ sharelink: z.string(), expiresAt: z.iso.datetime() }),
});

export const ownerProfileMainEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/profiles/:id/main',
  summary: 'Whether the profile is the owner’s main profile, and which one is',
  params: IdParams,
  result: z.object({ isMain: z.boolean(), mainProfileId: z.string().nullable() }),
});

export const ownerProfileBySharelinkEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/profiles/sharelink/:link',
  summary: 'The own profile a share link belongs to',
  params: z.object({ link: z.string().min(1).max(100) }),
  result: ProfileSchema,
});

export const ownerQuestionnaireEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/questionnaire',
  summary: 'The active questionnaire of a kind, for the owner filling a profile himself',
  query: QuestionnaireQuery,
  result: QuestionnaireDefinitionSchema,
});

export const unsecureQuestionnaireEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/questionnaire/unsecure',
  summary: 'The active questionnaire of a kind, for anonymous visitors (flame onboarding)',
  query: QuestionnaireQuery,
  result: QuestionnaireDefinitionSchema,
});

export const OwnerFilledProfileSchema = z.object({
  answers: AnswersSchema,
  firstName: NameSchema,
  lastName: OptionalNameSchema,
  birthDate: BirthDateSchema.optional(),
  avatarName: AvatarNameSchema.optional(),
});

/** The owner fills a profile about someone else: he confirms that the person knows, having read the same notice. */
const OwnerFilledAboutSomeoneSchema = OwnerFilledProfileSchema.extend({ personInformed: ConsentSchema });

export const ownerProfileLoveEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/love',
  summary: 'Creates a completed love profile from answers the owner gives (first name and birth date required; personInformed confirms the person knows)',
  body: OwnerFilledAboutSomeoneSchema.extend({ birthDate: BirthDateSchema }),
  result: ProfileSchema,
});

export const ownerProfileShortEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/short',
  summary: 'Creates a completed short profile from answers the owner gives (first and last name required; personInformed confirms the person knows)',
  body: OwnerFilledAboutSomeoneSchema.extend({ lastName: NameSchema }),
  result: ProfileSchema,
});

export const unsecureProfileEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/profiles/unsecure',
  summary: 'An anonymous visitor creates a completed love profile (flame onboarding); attach it after signing up. personToken opens their own page',
  body: OwnerFilledProfileSchema.extend({ birthDate: BirthDateSchema, consent: ConsentSchema, noticeVersion: z.literal(NOTICE_VERSION).optional() }),
  result: z.object({ _id: z.string(), permalink: z.string(), personToken: z.string() }),
});

// ---------------------------------------------------------------------------------------------------------------------
// Profile service: anonymous visitors by permalink (spec section 7).

export const ProfileLinkViewSchema = z.object({
  kind: QuestionnaireKindSchema,
  isShort: z.boolean(),
  state: ProfileStateSchema,
  /** A completed questionnaire is stored and cannot be changed. */
  locked: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  partnerFirstName: z.string().nullable(),
  partnerLastName: z.string().nullable(),
  birthDate: z.iso.datetime().nullable(),
  avatarName: z.string().nullable(),
  age: z.number().nullable(),
  gender: GenderSchema.nullable(),
  answers: AnswersSchema,
  /** The owner hid the details of a completed profile: answers are left out ('Данные профиля скрыты владельцем'). */
  detailsHidden: z.boolean(),
  /** Answers stored before an upgrade from the short variant; they cannot be changed. */
  storedNeurons: z.array(z.string()),
  /** Company of the owner who sent the link. */
  companyName: z.string().nullable(),
  questionnaire: QuestionnaireDefinitionSchema,
});
export type ProfileLinkView = z.infer<typeof ProfileLinkViewSchema>;

const PermalinkParams = z.object({ permalink: z.string().min(1).max(100) });

export const ProfilePatchSchema = z.object({
  answers: AnswersSchema.optional(),
  firstName: NameSchema.optional(),
  lastName: nullable(NameSchema).optional(),
  partnerFirstName: nullable(NameSchema).optional(),
  partnerLastName: nullable(NameSchema).optional(),
  birthDate: BirthDateSchema.nullable().optional(),
  avatarName: AvatarNameSchema.nullable().optional(),
  /** Sends the questionnaire: every visible question must be answered, and consent given. */
  complete: z.boolean().default(false),
  consent: z.boolean().optional(),
  /** The version of the notice the person read (NOTICE_VERSION); recorded with the consent. */
  noticeVersion: z.literal(NOTICE_VERSION).optional(),
  /** Where to mail the private link to the person's own page (optional; used once, not stored). */
  personEmail: OptionalEmailSchema,
});
export type ProfilePatch = z.input<typeof ProfilePatchSchema>;

export const profileGetEndpoint = defineEndpoint({
  ...profileLinkRoutes.get,
  summary: 'The profile of a share link with its questionnaire and answers so far',
  params: PermalinkParams,
  result: ProfileLinkViewSchema,
});

export const profileGradeEndpoint = defineEndpoint({
  group: 'profile',
  method: 'GET',
  path: '/:permalink/grade',
  summary: 'The grade of the profile; scored is false until it is scored (a love or couple profile is scored with love scores and no grade)',
  params: PermalinkParams,
  result: z.object({ scored: z.boolean(), grade: GradeSchema.nullable() }),
});

const UpgradeInfoSchema = z.object({ available: z.boolean(), questionnaire: QuestionnaireDefinitionSchema });

export const profileUpgradeShortEndpoint = defineEndpoint({
  group: 'profile',
  method: 'GET',
  path: '/:permalink/upgrade/short',
  summary: 'The short questionnaire of the profile and whether it can be upgraded to the full one',
  params: PermalinkParams,
  result: UpgradeInfoSchema,
});

export const profileUpgradeInfoEndpoint = defineEndpoint({
  group: 'profile',
  method: 'GET',
  path: '/:permalink/upgrade',
  summary: 'The full questionnaire an upgrade leads to and whether the profile can be upgraded',
  params: PermalinkParams,
  result: UpgradeInfoSchema,
});

export const profileUpgradeEndpoint = defineEndpoint({
  ...profileLinkRoutes.upgrade,
  summary: 'Upgrades a short profile to the full questionnaire; answers already stored stay and cannot be changed',
  params: PermalinkParams,
  result: ProfileLinkViewSchema,
});

export const profilePatchEndpoint = defineEndpoint({
  ...profileLinkRoutes.patch,
  summary:
    'Saves answers, names, birth date or avatar; complete sends the questionnaire, after which it cannot change. Sending returns personToken, the private link to the person’s own page',
  params: PermalinkParams,
  body: ProfilePatchSchema,
  result: ProfileLinkViewSchema.extend({ personToken: z.string().nullable() }),
});

export const profileLinkRequestEndpoint = defineEndpoint({
  ...profileLinkRoutes.linkRequest,
  summary: 'The visitor of an expired link asks the owner for a new one',
  params: PermalinkParams,
  result: z.object({ requested: z.literal(true) }),
});

// ---------------------------------------------------------------------------------------------------------------------
// The person's own page (issue 29, docs/privacy.md): reached anonymously by the private link given after sending.

/** The proof of consent: the notice version the person agreed to, in which language, and when. */
export const ConsentRecordSchema = z.object({ noticeVersion: z.string(), locale: z.enum(['ru', 'en']), at: z.iso.datetime(), by: FilledBySchema });

/** One answer as the person gave it, with the question's text and the chosen options' labels in both languages. */
export const PersonAnswerSchema = z.object({
  neuron: z.string(),
  question: z.object({ ru: z.string(), en: z.string() }),
  value: AnswersSchema.element.shape.value,
  /** Labels of the chosen options; empty for numbers and free values. */
  labels: z.array(z.object({ ru: z.string(), en: z.string() })),
});

export const PersonDataSchema = z.object({
  kind: QuestionnaireKindSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  partnerFirstName: z.string().nullable(),
  partnerLastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  birthDate: z.iso.datetime().nullable(),
  age: z.number().nullable(),
  gender: GenderSchema.nullable(),
  answers: z.array(PersonAnswerSchema),
  /** Everything computed about the person, whatever the owner's plan shows the owner. */
  scores: ProfileScoresSchema,
  explanation: ProfileExplanationSchema.nullable(),
  /** How many pair checks and teams of the owner include the person now (their forecasts are deleted on withdrawal). */
  usage: z.object({ pairs: z.number().int(), teams: z.number().int() }),
  completedAt: z.iso.datetime().nullable(),
});
export type PersonData = z.infer<typeof PersonDataSchema>;

export const PersonPageSchema = z.object({
  /** Who holds the profile: the owner's company and e-mail (the person's contact); null for a profile without owner. */
  holder: z.object({ companyName: z.string().nullable(), email: z.string() }).nullable(),
  consent: ConsentRecordSchema.nullable(),
  /** When the private link stops working. */
  expiresAt: z.iso.datetime(),
  withdrawnAt: z.iso.datetime().nullable(),
  /** The person's data; null once withdrawn (it is deleted). */
  data: PersonDataSchema.nullable(),
});
export type PersonPage = z.infer<typeof PersonPageSchema>;

const TokenParams = z.object({ token: z.string().min(1).max(100) });

export const personPageEndpoint = defineEndpoint({
  ...personPageRoutes.get,
  summary: "The person's own page: their answers, scores, grade and explanation, who holds the profile and the consent given; also the JSON download",
  params: TokenParams,
  result: PersonPageSchema,
});

export const personWithdrawEndpoint = defineEndpoint({
  ...personPageRoutes.withdraw,
  summary: 'Withdraws the profile: answers, scores, estimates and forecasts involving it are deleted in one transaction and the owner is told; works once',
  params: TokenParams,
  result: z.object({ withdrawnAt: z.iso.datetime() }),
});
