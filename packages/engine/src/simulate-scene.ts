import { clamp } from './bands.ts';
import { monthBoundaries, monthOffset, parseIsoDay } from './calendar.ts';
import { EngineError } from './errors.ts';
import { normalizeActors } from './normalize-actors.ts';
import { DEFAULT_PARAMS, type Params } from './params.ts';
import { actorEffect, managerQuality, partnerEffect, toUnit, withScores, type Term, type Unit } from './pair-model.ts';
import { assertPlainData } from './plain-data.ts';
import { createRng, hashString, percentile } from './prng.ts';
import { simulateCore, type CoreOutput } from './simulate-core.ts';
import { finalStatsOf, indicatorsAt } from './scene-summary.ts';
import { buildTimeline, FUTURE_DAYS, type Timeline } from './scene-timeline.ts';
import type { GroupEvent, SceneBand, SceneExplanationItem, SceneInput, SceneOptions, SceneResult } from './scene-types.ts';
import type { Interval, Phase, Specialist } from './types.ts';
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
    return toUnit(s, params.band.defaultScoreError);
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
 * Simulates a team scene day by day over the reconstructed past (up to 730 days) and 365 future days.
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
  const { actors, diff } = normalizeActors(scene.actors);
  const ids = actors.map((a) => a.id);
  const units = unitsFor(scene, ids, params);
  const tl = buildTimeline(actors, params);
  const renderDays = renderDaysOf(scene.startDay, tl.firstDay);
  const pairCount = (units.length * (units.length - 1)) / 2;
  report(1);

  report(2);
  const core = simulateCore(units, tl, scene.lifespan, params, storeDaysOf(options.pairDetail, pairCount, tl, renderDays));
  const band = options.band ? sceneBand(scene, units, tl, params, options.band) : undefined;

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

function groupEvents(actors: SceneResult['actors'], core: CoreOutput, tl: Timeline): GroupEvent[] {
  const out: GroupEvent[] = [];
  for (const a of actors) for (const e of a.events) out.push({ day: Math.max(tl.firstDay, e.date), type: e.type, actorId: a.id });
  for (const e of core.events) out.push({ ...e, day: e.day + tl.firstDay });
  return out.sort((x, y) => x.day - y.day);
}

/**
 * Team explanation on the last day: each person's actor and partner terms scaled to microclimate points
 * (a term enters 1 / n of the team's perspective ratings), each pair's hours-weighted pull away from the
 * mean, and the manager's shift; the largest five by size.
 */
function explainScene(units: readonly Unit[], core: CoreOutput, tl: Timeline, params: Params): SceneExplanationItem[] {
  const n = units.length;
  const last = tl.days - 1;
  const activeIdx = units.map((_, a) => a).filter((a) => tl.active[a * tl.days + last]);
  const count = activeIdx.length;
  if (count < 2) return [];
  const micro = core.teamColumns.microclimate[last]!;
  const slope = 100 * params.tanhScale * (1 - (micro / 100) ** 2);
  const items: SceneExplanationItem[] = [];
  const w = params.kinds.work;
  for (const a of activeIdx) {
    const terms: Term[] = [];
    actorEffect(w, units[a]!, terms);
    partnerEffect(w, units[a]!, terms);
    for (const t of terms) {
      if (t.factor !== 'relationship') items.push({ factor: t.factor, personId: t.personId, input: t.input, points: (slope * t.raw) / count });
    }
  }
  let sumH = 0;
  for (let p = 0; p < core.lastHours.length; p++) if (!Number.isNaN(core.lastRatings[p]!)) sumH += core.lastHours[p]!;
  for (let x = 0, p = 0; x < n; x++) {
    for (let y = x + 1; y < n; y++, p++) {
      const r = core.lastRatings[p]!;
      if (Number.isNaN(r) || sumH === 0) continue;
      items.push({ factor: 'interaction', personId: units[x]!.id, input: `pair:${units[y]!.id}`, points: (core.lastHours[p]! * (r - micro)) / sumH });
    }
  }
  const m = core.teamColumns.manager[last]!;
  if (m >= 0) items.push({ factor: 'manager', personId: units[m]!.id, input: 'quality', points: params.manager.shift * managerQuality(units[m]!) });
  return items
    .filter((i) => i.points !== 0)
    .sort((p, q) => Math.abs(q.points) - Math.abs(p.points))
    .slice(0, 5);
}

function sceneBand(scene: SceneInput, units: readonly Unit[], tl: Timeline, params: Params, option: NonNullable<SceneOptions['band']>): SceneBand {
  const samples = Math.max(1, Math.floor(typeof option === 'object' && option.samples ? option.samples : params.band.sceneSamples));
  const seed = hashString(JSON.stringify([scene.startDay, scene.lifespan, units.map((u) => [u.id, u.k, u.p, u.l, u.scoreError]), tl.days]));
  const rng = createRng(seed);
  const from = -tl.firstDay;
  const future = tl.days - from;
  const micro = new Float64Array(samples * future);
  const last = tl.days - 1;
  const heads = { basePower: new Float64Array(samples), totalStatisticPower: new Float64Array(samples), cohesion: new Float64Array(samples), performance: new Float64Array(samples), teamingEffect: new Float64Array(samples) };
  const none = new Int32Array(0);
  for (let s = 0; s < samples; s++) {
    const sampled = units.map((u) => {
      if (u.scoreError <= 0) return u;
      const draw = (x: number): number => clamp(x + u.scoreError * rng.normal(), 0, 100);
      return withScores(u, draw(u.k), draw(u.p), draw(u.l));
    });
    const tc = simulateCore(sampled, tl, scene.lifespan, params, none).teamColumns;
    for (let t = 0; t < future; t++) micro[s * future + t] = tc.microclimate[from + t]!;
    heads.basePower[s] = tc.basePower[last]!;
    heads.totalStatisticPower[s] = tc.totalStatisticPower[last]!;
    heads.cohesion[s] = tc.cohesion[last]!;
    heads.performance[s] = tc.performance[last]!;
    heads.teamingEffect[s] = tc.teamingEffect[last]!;
  }
  const p10: number[] = [];
  const p90: number[] = [];
  const column = new Float64Array(samples);
  for (let t = 0; t < future; t++) {
    for (let s = 0; s < samples; s++) column[s] = micro[s * future + t]!;
    p10.push(percentile(column, 0.1));
    p90.push(percentile(column, 0.9));
  }
  const interval = (v: Float64Array): Interval => ({ p10: percentile(v, 0.1), p90: percentile(v, 0.9) });
  return {
    samples,
    microclimate: { p10, p90 },
    basePower: interval(heads.basePower),
    totalStatisticPower: interval(heads.totalStatisticPower),
    cohesion: interval(heads.cohesion),
    performance: interval(heads.performance),
    teamingEffect: interval(heads.teamingEffect),
  };
}
