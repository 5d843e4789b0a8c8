import { z } from 'zod';
import { defineEndpoint } from './api.ts';

/*
 * The director's monitor: a team's or pair's forecast held against monthly check-ins of its members. The owner's calls
 * live under /api/owner/monitors; a member's form is anonymous, behind an unguessable expiring link
 * (/api/owner/check-in/:token). Forecast and observations share the forecast's rating scale, -100…100.
 */

export const MonitorKindSchema = z.enum(['team', 'pair']);
export type MonitorKind = z.infer<typeof MonitorKindSchema>;

/** A five-point answer: 1 very bad … 5 excellent. */
export const CheckInChoiceSchema = z.number().int().min(1).max(5);
export type CheckInChoice = z.infer<typeof CheckInChoiceSchema>;

/**
 * Each choice's value on the forecast's -100…100 scale: the middle of the condition band it names (depressed below
 * -80, bad to -20, anxious to 20, good to 80, excellent above), so an answer and the forecast read alike.
 */
export const CHOICE_RATINGS = { 1: -90, 2: -50, 3: 0, 4: 50, 5: 90 } as const satisfies Record<CheckInChoice, number>;

/** Fewest people whose answers a month's observed figure may combine (a pair: both of them). */
export const MIN_RESPONDENTS = 3;
/** Days a check-in link stays valid from when the owner issues it. */
export const CHECK_IN_LINK_DAYS = 31;
/** Longest optional word of a check-in. */
export const CHECK_IN_WORD_MAX = 500;

const MonthSchema = z.string().regex(/^\d{4}-\d{2}$/);

export const MonitorMemberSchema = z.object({
  _id: z.string(),
  profileId: z.string(),
  name: z.string(),
  /** Whether the profile has an address, so its link is mailed as well. */
  hasAddress: z.boolean(),
  /** The day the owner recorded this person leaving; null while they stay. */
  leftOn: z.iso.date().nullable(),
});
export type MonitorMember = z.infer<typeof MonitorMemberSchema>;

/** Where an observed figure lies against its 80 % band. */
export const BandPositionSchema = z.enum(['below', 'inside', 'above']);
export type BandPosition = z.infer<typeof BandPositionSchema>;

export const MonitorMonthSchema = z.object({
  /** Calendar month, YYYY-MM. */
  month: MonthSchema,
  /** The forecast's mean rating that month and its 10th and 90th percentile, -100…100. */
  forecast: z.number(),
  p10: z.number(),
  p90: z.number(),
  /** People who answered that month. */
  respondents: z.number().int(),
  /** Mean of every rating given that month, -100…100; null when nobody or too few answered (`withheld`). */
  observed: z.number().nullable(),
  /** Mean own satisfaction, -100…100, under the same rule. */
  satisfaction: z.number().nullable(),
  /** Some answered, but fewer than the threshold: the figure is not shown so no one's rating can be read out. */
  withheld: z.boolean(),
  position: BandPositionSchema.nullable(),
});
export type MonitorMonth = z.infer<typeof MonitorMonthSchema>;

export const MonitorOutcomeKindSchema = z.enum(['pair_ended', 'person_left']);
export const MonitorOutcomeSchema = z.object({
  _id: z.string(),
  kind: MonitorOutcomeKindSchema,
  memberId: z.string().nullable(),
  day: z.iso.date(),
  note: z.string().nullable(),
});
export type MonitorOutcome = z.infer<typeof MonitorOutcomeSchema>;

/** Share of observations inside their 80 % band and the monthly forecast's errors, over `n` observed months. */
export const CalibrationSchema = z.object({
  n: z.number().int(),
  /** 0…1; should be near 0.8 when the bands are honest; null with no observation. */
  coverage: z.number().nullable(),
  /** Mean of |observed - forecast|, rating points. */
  meanAbsoluteError: z.number().nullable(),
  /** Mean of observed - forecast: above 0 the forecast was too gloomy, below 0 too rosy. */
  bias: z.number().nullable(),
});
export type Calibration = z.infer<typeof CalibrationSchema>;

export const MonitorSchema = z.object({
  _id: z.string(),
  kind: MonitorKindSchema,
  /** The team (scene) or pair forecast watched. */
  subjectId: z.string(),
  title: z.string(),
  isDemo: z.boolean(),
  startedAt: z.iso.datetime(),
  members: z.array(MonitorMemberSchema),
  /** The forecast's months (taken when monitoring started) with what was observed in each. */
  months: z.array(MonitorMonthSchema),
  /** The month the server's clock is in, YYYY-MM. */
  currentMonth: MonthSchema,
  /** The first day of the next check-in month. */
  nextCheckIn: z.iso.date(),
  /** Members (still in the team) who have not answered this month. */
  notAnswered: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** The latest run of observed months on one side of the band: its side and first month; null when the last observed month is inside. */
  outside: z.object({ direction: z.enum(['below', 'above']), since: MonthSchema }).nullable(),
  /**
   * The latest recomputed forecast (a change of the team or pair) puts these months in the bad band or below, and `at`
   * is when the change that dropped it there was alerted; null when the latest forecast has no such month.
   */
  forecastDrop: z.object({ at: z.iso.datetime(), months: z.array(MonthSchema).max(12) }).nullable(),
  /** Respondents a month needs before its figure is shown: 3, or both people of a pair. */
  threshold: z.number().int(),
  outcomes: z.array(MonitorOutcomeSchema),
  calibration: CalibrationSchema,
});
export type Monitor = z.infer<typeof MonitorSchema>;

/** The calibration of the observations `horizon` months after a forecast's first month (0: its first month). */
export const HorizonCalibrationSchema = CalibrationSchema.extend({ horizon: z.number().int().min(0) });
export type HorizonCalibration = z.infer<typeof HorizonCalibrationSchema>;

export const MonitorListSchema = z.object({
  items: z.array(MonitorSchema),
  /** Over every monitored team and pair of the owner. */
  calibration: CalibrationSchema,
  /** The same by horizon, for the horizons that have an observation, nearest first. */
  byHorizon: z.array(HorizonCalibrationSchema),
  /** True when the plan lacks the monitor: only the demo monitors are listed, read-only. */
  demoOnly: z.boolean(),
});
export type MonitorList = z.infer<typeof MonitorListSchema>;

export const MonitorStartSchema = z.object({ kind: MonitorKindSchema, subjectId: z.string().min(1).max(100) });

export const MonitorLinkSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  link: z.string(),
  expiresAt: z.iso.datetime(),
  /** Whether the link was also mailed to the profile's address. */
  mailed: z.boolean(),
});
export type MonitorLink = z.infer<typeof MonitorLinkSchema>;

export const MonitorOutcomeCreateSchema = z.object({
  kind: MonitorOutcomeKindSchema,
  /** The person who left (person_left). */
  memberId: z.string().max(100).optional(),
  day: z.iso.date(),
  note: z.string().trim().max(CHECK_IN_WORD_MAX).optional(),
});

export const CheckInFormSchema = z.object({
  title: z.string(),
  name: z.string(),
  /** The month this answer counts for, YYYY-MM. */
  month: MonthSchema,
  teammates: z.array(z.object({ _id: z.string(), name: z.string() })),
  answered: z.boolean(),
  expiresAt: z.iso.datetime(),
});
export type CheckInForm = z.infer<typeof CheckInFormSchema>;

export const CheckInAnswerSchema = z.object({
  /** One choice for each teammate. */
  ratings: z
    .array(z.object({ memberId: z.string().max(100), choice: CheckInChoiceSchema }))
    .min(1)
    .max(300),
  satisfaction: CheckInChoiceSchema,
  word: z.string().trim().max(CHECK_IN_WORD_MAX).optional(),
});
export type CheckInAnswer = z.infer<typeof CheckInAnswerSchema>;

const IdParams = z.object({ id: z.string().max(100) });
const TokenParams = z.object({ token: z.string().max(200) });

export const monitorListEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/monitors',
  summary: 'Every monitored team and pair of the owner, with the calibration over all of them',
  result: MonitorListSchema,
});

export const monitorStartEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/monitors',
  summary: 'Starts monitoring a team or pair: takes its computed forecast band and lists its members',
  body: MonitorStartSchema,
  result: MonitorSchema,
});

export const monitorGetEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/monitors/:id',
  summary: 'One monitored team or pair',
  params: IdParams,
  result: MonitorSchema,
});

export const monitorDeleteEndpoint = defineEndpoint({
  group: 'owner',
  method: 'DELETE',
  path: '/monitors/:id',
  summary: 'Stops monitoring and deletes its check-ins',
  params: IdParams,
  result: z.object({ deleted: z.literal(true) }),
});

export const monitorLinksEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/monitors/:id/links',
  summary: 'Issues every member a fresh check-in link (earlier ones stop working) and mails it where the profile has an address',
  params: IdParams,
  result: z.object({ links: z.array(MonitorLinkSchema) }),
});

export const monitorOutcomeEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/monitors/:id/outcomes',
  summary: 'Records an outcome by hand: the pair ended, or a person left on a day',
  params: IdParams,
  body: MonitorOutcomeCreateSchema,
  result: MonitorSchema,
});

export const monitorExportEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/monitors/:id/export',
  summary: "CSV of the monitor's monthly forecast band and check-in aggregates",
  params: IdParams,
  result: z.object({ filename: z.string(), csv: z.string() }),
});

/**
 * The monitor's calibration across every owner, for administrators: anonymised and aggregated (no owner, team or person
 * is named), over the monitors not marked demo, overall and by horizon, with how many owners and monitors it covers.
 */
export const MonitorCalibrationOverallSchema = z.object({
  owners: z.number().int().min(0),
  monitors: z.number().int().min(0),
  calibration: CalibrationSchema,
  byHorizon: z.array(HorizonCalibrationSchema),
});
export type MonitorCalibrationOverall = z.infer<typeof MonitorCalibrationOverallSchema>;

/**
 * The real-outcome gate (docs/forecast-model.md, section 10.1): a scoring model version is judged on the completed
 * months of every non-demo monitor only from this many observations over this many monitors; below that the figures
 * are shown as a sign and the publish goes through.
 */
export const OUTCOME_GATE_MIN_OBSERVATIONS = 60;
export const OUTCOME_GATE_MIN_MONITORS = 10;

/**
 * A model version held against the real outcomes: the same labelled months forecast with the published version and
 * with this one. `verdict`: not_enough (too few to judge, the publish goes through), pass, or worse (`worse` names the
 * figure: coverage further from 0.8, or a larger mean error, beyond the tolerance the sample size gives).
 */
export const OutcomeGateSchema = z.object({
  published: CalibrationSchema,
  candidate: CalibrationSchema,
  /** Monitors (teams and pairs) with at least one labelled month. */
  monitors: z.number().int().min(0),
  minObservations: z.number().int(),
  minMonitors: z.number().int(),
  verdict: z.enum(['not_enough', 'pass', 'worse']),
  worse: z.enum(['coverage', 'error']).nullable(),
  /** How much further from 0.8 the coverage may move (share, 0…1) before it counts as worse; null while not judged. */
  coverageTolerance: z.number().nullable(),
  /** How much the mean absolute error may grow (rating points) before it counts as worse; null while not judged. */
  errorTolerance: z.number().nullable(),
});
export type OutcomeGate = z.infer<typeof OutcomeGateSchema>;

export const adminMonitorCalibrationEndpoint = defineEndpoint({
  group: 'admin',
  method: 'GET',
  path: '/monitor/calibration',
  summary: "The monitor's calibration across all owners (anonymised, aggregated): 80 % band coverage and mean error by horizon",
  result: MonitorCalibrationOverallSchema,
});

export const checkInFormEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/check-in/:token',
  summary: "A member's check-in form: the month, the teammates to rate and whether this month is answered",
  params: TokenParams,
  result: CheckInFormSchema,
});

export const checkInAnswerEndpoint = defineEndpoint({
  group: 'owner',
  method: 'POST',
  path: '/check-in/:token',
  summary: "A member's answer for the current month; a second one the same month is refused",
  params: TokenParams,
  body: CheckInAnswerSchema,
  result: z.object({ month: MonthSchema }),
});
