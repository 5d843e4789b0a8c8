import { z } from 'zod';
import { defineEndpoint } from './api.ts';
import { HISTORY_MAX } from './constants.ts';

/*
 * The owner's dashboard history (spec sections 3, 9): recent pair runs, team checks and team comparisons, kept on the
 * server per owner and pushed to open tabs with the gate's syncHistory message. Paths are relative to /api/owner.
 */

export const HistoryEntryTypeSchema = z.enum(['pair', 'team', 'compare-teams']);
export type HistoryEntryType = z.infer<typeof HistoryEntryTypeSchema>;

export const HistoryEntrySchema = z.object({
  /** Id of what the entry opens: the pair request, the team (scene) or the comparison. */
  id: z.string(),
  type: HistoryEntryTypeSchema,
  title: z.string(),
  /** People involved, in slot order. */
  actors: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Team ids involved (team checks and comparisons). */
  scenes: z.array(z.string()),
  /** When it was last run. */
  at: z.iso.datetime(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** Runs counted per owner: pair forecasts and team checks. */
export const HistoryCountersSchema = z.object({ p2p: z.number().int(), team: z.number().int() });
export type HistoryCounters = z.infer<typeof HistoryCountersSchema>;

export const DashboardHistorySchema = z.object({
  /** Newest first, at most HISTORY_MAX, no two for the same object, at most one team entry. */
  entries: z.array(HistoryEntrySchema).max(HISTORY_MAX),
  counters: HistoryCountersSchema,
});
export type DashboardHistory = z.infer<typeof DashboardHistorySchema>;

export const historyGetEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/history',
  summary: "The owner's dashboard history (newest first, at most 15) and run counters",
  result: DashboardHistorySchema,
});

export const historyCountersEndpoint = defineEndpoint({
  group: 'owner',
  method: 'GET',
  path: '/history/counters',
  summary: "The owner's run counters: pair forecasts and team checks",
  result: HistoryCountersSchema,
});
