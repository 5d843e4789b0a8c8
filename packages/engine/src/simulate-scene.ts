import { bandOf } from './bands.ts';
import { monthBoundaries, monthOffset, parseIsoDay } from './calendar.ts';
import { EngineError } from './errors.ts';
import { normalizeActors } from './normalize-actors.ts';
import { DEFAULT_PARAMS, type Params } from './params.ts';
import { toUnit, type Unit } from './pair-model.ts';
import { assertPlainData } from './plain-data.ts';
import { sceneBand } from './scene-band.ts';
import { explainScene } from './scene-explain.ts';
import { finalStatsOf, indicatorsAt } from './scene-summary.ts';
import { buildTimeline, FUTURE_DAYS, type Timeline } from './scene-timeline.ts';
import type { GroupEvent, SceneInput, SceneOptions, SceneResult } from './scene-types.ts';
import { simulateCore, type CoreOutput } from './simulate-core.ts';
import type { Band, Phase, Specialist } from './types.ts';
import { validateSpecialist } from './validate-input.ts';

/** Keep every day's pair ratings while pairs x days stays below this (about 16 MB of Float32). */
const AUTO_DAILY_LIMIT = 4_000_000;
const PAST_MONTHS = 24;

function phaseReporter(onPhase: ((phase: Phase) => void) | undefined): (phase: Phase) => void {
  let last = -1;
  return (phase) => {
    if (phase > last) {
      last = phase;
      onPhase?.(phase);
    }
  };
}

function unitsFor(scene: SceneInput, ids: readonly string[], params: Params): Unit[] {
  const byId = new Map<string, Specialist>();
  scene.specialists.forEach((s, i) => {
    validateSpecialist(s, `specialists[${i}]`);
    byId.set(s.id, s);
  });
  return ids.map((id) => {
    const s = byId.get(id);
    if (!s) throw new EngineError('actor_not_found', `no scores for actor ${id}`);
    return toUnit(s, params.band.defaultScoreError, params.band.minCompleteness, params.band.styleError);
  });
}

/** Render days: month starts from 24 months back to 12 ahead, inside the simulated range, last capped at day 364. */
function renderDaysOf(startDay: string, firstDay: number): number[] {
  const out = new Set<number>();
  for (let m = -PAST_MONTHS; m <= 12; m++) {
    const day = Math.min(FUTURE_DAYS - 1, monthOffset(startDay, m));
    if (day >= firstDay) out.add(day);
  }
  return [...out].sort((a, b) => a - b);
}

function storeDaysOf(detail: SceneOptions['pairDetail'], pairCount: number, tl: Timeline, renderDays: readonly number[]): Int32Array {
  const resolved = detail === 'auto' || detail === undefined ? (pairCount * tl.days <= AUTO_DAILY_LIMIT ? 'daily' : 'render') : detail;
  if (resolved === 'none') return new Int32Array(0);
  if (resolved === 'daily') return Int32Array.from({ length: tl.days }, (_, d) => d);
  return Int32Array.from(renderDays, (day) => day - tl.firstDay);
}

/**
 * Simulates a team scene day by day over the reconstructed past (up to 730 days) and 365 future days. Actors
 * are taken in id order (`actorIds` and every column follow it), so listing them differently changes nothing.
 * Returns compact typed-array columns (see expandScene / sceneDay for plain day records), the normalised
 * actors, team summary and final stats, group events, render days, explanation and an optional band.
 */
export function simulateScene(scene: SceneInput, options: SceneOptions = {}): SceneResult {
  const report = phaseReporter(options.onPhase);
  report(0);
  const params = options.params ?? DEFAULT_PARAMS;
  assertPlainData(scene, 'scene');
  if (scene.startDay !== '' && !parseIsoDay(scene.startDay)) throw new EngineError('invalid_input', 'startDay must be YYYY-MM-DD or empty');
  if (scene.lifespan !== 1 && scene.lifespan !== 2) throw new EngineError('invalid_input', 'lifespan must be 1 or 2');
  if (!Array.isArray(scene.actors) || scene.actors.length === 0) throw new EngineError('invalid_input', 'a scene needs actors');
  if (!Array.isArray(scene.specialists)) throw new EngineError('invalid_input', 'a scene needs specialists');
  if (scene.actors.some((a) => typeof a?.id !== 'string')) throw new EngineError('invalid_input', 'actor without id');
  // The scene is the same whatever order its actors are listed in: ties (same day and timestamp), random streams
  // and output columns follow the actors' ids, never their list positions.
  const { actors, diff } = normalizeActors([...scene.actors].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)));
  const ids = actors.map((a) => a.id);
  const units = unitsFor(scene, ids, params);
  const tl = buildTimeline(actors, params);
  const renderDays = renderDaysOf(scene.startDay, tl.firstDay);
  const pairCount = (units.length * (units.length - 1)) / 2;
  report(1);

  report(2);
  const core = simulateCore(units, tl, scene.lifespan, params, storeDaysOf(options.pairDetail, pairCount, tl, renderDays));
  const band = options.band ? sceneBand(scene, actors, units, tl, params, options.band, core.teamColumns) : undefined;

  report(3);
  const last = tl.days - 1;
  const from = -tl.firstDay;
  const monthStarts = Array.from(monthBoundaries(scene.startDay, 12, FUTURE_DAYS).subarray(0, 12));
  const result: SceneResult = {
    paramsVersion: params.version,
    startDay: scene.startDay,
    lifespan: scene.lifespan,
    firstDay: tl.firstDay,
    days: tl.days,
    actorIds: ids,
    actors,
    diff,
    actorColumns: core.actorColumns,
    teamColumns: core.teamColumns,
    pairs: core.pairs,
    renderDays,
    groupEvents: groupEvents(actors, core, tl),
    summary: indicatorsAt(core.teamColumns, last),
    finalStats: finalStatsOf(core.teamColumns, tl.active, units.length, tl.days, from, monthStarts, meanTogether(core)),
    explanation: explainScene(units, core, tl, params),
  };
  if (band) result.band = band;
  report(4);
  report(5);
  return result;
}

/** Mean days together of the pairs active on the last day. */
function meanTogether(core: CoreOutput): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p < core.lastRatings.length; p++) {
    if (Number.isNaN(core.lastRatings[p]!)) continue;
    sum += core.together[p]!;
    count++;
  }
  return count > 0 ? sum / count : 0;
}

/**
 * The normalised events plus derived ones: Gersick's midpoint, microclimate band changes (while there is a
 * pair), and each start of an actor's overload; read from the columns after the run.
 */
function groupEvents(actors: SceneResult['actors'], core: CoreOutput, tl: Timeline): GroupEvent[] {
  const out: GroupEvent[] = [];
  for (const a of actors) for (const e of a.events) out.push({ day: Math.max(tl.firstDay, e.date), type: e.type, actorId: a.id });
  if (core.midpoint >= 0 && core.midpoint < tl.days) out.push({ day: core.midpoint + tl.firstDay, type: 'midpoint', actorId: null });
  const tc = core.teamColumns;
  let last: Band | null = null;
  for (let d = 0; d < tl.days; d++) {
    if (tc.activeCount[d]! < 2) continue;
    const band = bandOf(tc.microclimate[d]!);
    if (band !== last) out.push({ day: d + tl.firstDay, type: 'atmosphere', actorId: null, band });
    last = band;
  }
  const over = core.actorColumns.overloaded;
  actors.forEach((a, ai) => {
    for (let d = 0; d < tl.days; d++) {
      const at = ai * tl.days + d;
      if (over[at] && (d === 0 || !over[at - 1])) out.push({ day: d + tl.firstDay, type: 'overload', actorId: a.id });
    }
  });
  // Stable sort: same-day events keep the order above.
  return out.sort((x, y) => x.day - y.day);
}
