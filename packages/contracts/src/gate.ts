import { z } from 'zod';
import { ErrorCodeSchema } from './error-envelope.ts';

/** Websocket gate message types (spec section 7). */
export const GateMessageTypeSchema = z.enum([
  'ping',
  'teamCheck',
  'renderPair',
  'rejectScene',
  'syncHistory',
  'syncTutorial',
  'reflectState',
  'integralStats',
  'syncAccessRules',
  'renderCheckTeam',
  'sceneComputePhase',
  'renderCompareTeam',
  'monitorAlert',
]);
export type GateMessageType = z.infer<typeof GateMessageTypeSchema>;

export const GateStatusSchema = z.enum(['OPEN', 'CLOSED', 'CLOSING', 'CONNECTING', 'RECONNECTING']);
export type GateStatus = z.infer<typeof GateStatusSchema>;

/** Path of the gate; the access token goes in the `token` query parameter (browsers cannot set headers on sockets). */
export const GATE_PATH = '/api/gate';

/** Guide tour progress, kept per owner and synced between his open tabs and devices. */
export const TutorialStateSchema = z.object({
  /** Index of the step the owner reached. */
  step: z.number().int().min(0).max(100),
  completed: z.boolean(),
});
export type TutorialState = z.infer<typeof TutorialStateSchema>;

/** A scene computation moved to a later phase: start 0, init 1, units 2, render 3, transfer 4, done 5. */
export const SceneComputePhaseSchema = z.object({
  sceneId: z.string(),
  ruid: z.string(),
  phase: z.number().int().min(0).max(5),
  /** Set when the computation failed; the phase then stays where it was. */
  error: ErrorCodeSchema.optional(),
});
export type SceneComputePhase = z.infer<typeof SceneComputePhaseSchema>;

/** The state of a scene's latest computation, as a screen needs it to show progress or render the result. */
export const RenderCheckTeamSchema = z.object({
  sceneId: z.string(),
  ruid: z.string().nullable(),
  status: z.enum(['none', 'queued', 'running', 'done', 'failed']),
  phase: z.number().int().min(0).max(5).nullable(),
  error: ErrorCodeSchema.optional(),
});
export type RenderCheckTeam = z.infer<typeof RenderCheckTeamSchema>;

/** The owner's team counters: teams he has, the plan's cap (null = none) and profiles that can take part in forecasts. */
export const IntegralStatsSchema = z.object({
  teams: z.number().int(),
  teamCap: z.number().int().nullable(),
  eligibleProfiles: z.number().int(),
});
export type IntegralStats = z.infer<typeof IntegralStatsSchema>;

/** Messages the browser sends. */
/**
 * A monitor alert, pushed to the owner's open tabs as its mail is queued: `below` when a monitored team's or pair's
 * check-ins fell below the forecast band two months running (`months`, the earlier first); `forecast` when a change
 * recomputed its forecast into the bad band (`months`: the forecast months now in it).
 */
export const MonitorAlertSchema = z.object({
  monitorId: z.string(),
  title: z.string(),
  kind: z.enum(['below', 'forecast']),
  months: z.array(z.string()).max(12),
});
export type MonitorAlert = z.infer<typeof MonitorAlertSchema>;

export const GateClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('reflectState'), payload: z.object({ upstreamId: z.string().max(64).optional() }).optional() }),
  z.object({ type: z.literal('syncTutorial'), payload: TutorialStateSchema }),
  /** Asks for the state of a scene's latest computation (answered with renderCheckTeam). */
  z.object({ type: z.literal('teamCheck'), payload: z.object({ sceneId: z.string().min(1).max(100) }) }),
  /** Asks for the owner's team counters (answered with integralStats). */
  z.object({ type: z.literal('integralStats') }),
]);
export type GateClientMessage = z.infer<typeof GateClientMessageSchema>;

/** Messages the server sends. Payloads stay small: large results are fetched over HTTP. */
export const GateServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), payload: z.object({ at: z.number() }) }),
  z.object({ type: z.literal('reflectState'), payload: z.object({ upstreamId: z.string(), status: GateStatusSchema }) }),
  z.object({ type: z.literal('syncTutorial'), payload: TutorialStateSchema }),
  z.object({ type: z.literal('sceneComputePhase'), payload: SceneComputePhaseSchema }),
  z.object({ type: z.literal('syncAccessRules'), payload: z.record(z.string(), z.union([z.boolean(), z.number(), z.string(), z.null()])) }),
  z.object({ type: z.literal('syncHistory'), payload: z.object({ changedAt: z.string() }) }),
  z.object({ type: z.literal('renderCheckTeam'), payload: RenderCheckTeamSchema }),
  /** A comparison's pending scene finished: the screen showing it reloads it. */
  z.object({ type: z.literal('renderCompareTeam'), payload: z.object({ compareId: z.string(), sceneId: z.string() }) }),
  /** Scenes were deleted: screens showing them drop them. */
  z.object({ type: z.literal('rejectScene'), payload: z.object({ sceneIds: z.array(z.string()).max(100), all: z.boolean().optional() }) }),
  z.object({ type: z.literal('integralStats'), payload: IntegralStatsSchema }),
  z.object({ type: z.literal('monitorAlert'), payload: MonitorAlertSchema }),
  z.object({ type: z.literal('error'), payload: z.object({ code: ErrorCodeSchema, message: z.string() }) }),
]);
export type GateServerMessage = z.infer<typeof GateServerMessageSchema>;
