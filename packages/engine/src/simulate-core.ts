import { clamp } from './bands.ts';
import type { Params } from './params.ts';
import { pairScales } from './work-style.ts';
import { actorEffect, managerQuality, pairSetupFrom, partnerEffect, relationshipEffect, tauDays, type Unit } from './pair-model.ts';
import type { ActorColumns, PairColumns, TeamColumns } from './scene-types.ts';
import type { Timeline } from './scene-timeline.ts';
import { learn, stepActors, type ActorState } from './step-actors.ts';
import { PAIR, PAIR_FIELDS, stepPairs, type PairState } from './step-pairs.ts';
import { stepTeam, type TeamState } from './step-team.ts';

const INACTIVE = 255;
const DAYS_PER_MONTH = 30.44;

export type CoreOutput = {
  actorColumns: ActorColumns;
  teamColumns: TeamColumns;
  pairs: PairColumns;
  /** Hours and shared rating of every pair on the last day (NaN when inactive), for explanations. */
  lastHours: Float32Array;
  lastRatings: Float32Array;
  /** Days each pair has spent together by the end. */
  together: Int32Array;
  /** Day index of Gersick's midpoint. */
  midpoint: number;
};

/**
 * The hot loop: one pass over the days, with every active pair updated in place in typed arrays and
 * per-actor and per-team sums accumulated; no objects are created per day or per pair.
 * `wanted` lists the day indices whose pair ratings are kept; the last day is always kept (explanations use it).
 */
export function simulateCore(units: readonly Unit[], tl: Timeline, lifespan: number, params: Params, wanted: Int32Array): CoreOutput {
  const n = units.length;
  const days = tl.days;
  const pairCount = (n * (n - 1)) / 2;
  const w = params.kinds.work;
  const dyn = params.dynamics;
  const team = params.team;

  // Fixed and changing numbers per pair, one record each (step-pairs.ts PAIR); the mode is kept apart for tauDays.
  const pair = new Float64Array(pairCount * PAIR_FIELDS);
  const mode = new Uint8Array(pairCount);
  const implicitRho = Math.exp(-1 / tauDays(team.implicitHours, 0, params));
  // A large team's pairs step every `stride` days, and daily up to a day that changes what they give (pairStepDays).
  const stride = n > team.pairStride.above ? team.pairStride.days : 1;
  const strideRho = stride === 1 ? implicitRho : Math.pow(implicitRho, stride);
  const base = new Int32Array(n);
  const actorEffects = units.map((u) => actorEffect(w, u));
  const partnerEffects = units.map((u) => partnerEffect(w, u));
  const style = w.style;
  const scales = units.map((u) => (style ? pairScales(u.ws, style) : undefined));
  for (let i = 0, p = 0; i < n; i++) {
    base[i] = p;
    for (let j = i + 1; j < n; j++, p++) {
      const a = units[i]!;
      const b = units[j]!;
      const s = pairSetupFrom(w, a, b, params, {
        rel: relationshipEffect(w, a, b, undefined, scales[i], scales[j]),
        actA: actorEffects[i]!,
        actB: actorEffects[j]!,
        partnerA: partnerEffects[i]!,
        partnerB: partnerEffects[j]!,
        scalesA: scales[i],
        scalesB: scales[j],
      });
      const o = p * PAIR_FIELDS;
      pair[o + PAIR.settledAB] = s.settledAB;
      pair[o + PAIR.settledBA] = s.settledBA;
      pair[o + PAIR.firstAB] = s.firstAB;
      pair[o + PAIR.firstBA] = s.firstBA;
      pair[o + PAIR.storm] = s.storm;
      pair[o + PAIR.gap] = 1;
      pair[o + PAIR.hours] = team.implicitHours;
      pair[o + PAIR.rho] = implicitRho;
      pair[o + PAIR.rhoStride] = strideRho;
      pair[o + PAIR.stormFactor] = 1;
      pair[o + PAIR.learnFactor] = 1;
    }
  }

  // State per actor.
  const k = Float64Array.from(units, (u) => u.k);
  const pp = Float64Array.from(units, (u) => u.p);
  const l = Float64Array.from(units, (u) => u.l);
  const quality = Float64Array.from(units, (u) => managerQuality(u));
  const mgrExperience = Float64Array.from(units, (u) => (u.c.managerialExperience + 1) / 2);
  const joined = new Int32Array(n).fill(-1);
  const rateW = new Float64Array(n);
  const recvW = new Float64Array(n);
  const settledW = new Float64Array(n);
  const wSum = new Float64Array(n);
  const load = new Float64Array(n);
  const dK = new Float64Array(n);
  const dP = new Float64Array(n);
  const expertiseNow = new Float64Array(n);
  const powerNow = new Float64Array(n);
  const activeList = new Int32Array(n);

  const size = n * days;
  const ac: ActorColumns = {
    expertise: new Float32Array(size),
    power: new Float32Array(size),
    importance: new Float32Array(size),
    integration: new Float32Array(size),
    support: new Float32Array(size),
    satisfaction: new Float32Array(size),
    personalRateByPeak: new Float32Array(size),
    inGroupRateByPeak: new Float32Array(size),
    mood: new Uint8Array(size).fill(INACTIVE),
    overloaded: new Uint8Array(size),
    active: tl.active,
  };
  const f32 = (): Float32Array => new Float32Array(days);
  const tc: TeamColumns = {
    basePower: f32(),
    peakPower: f32(),
    totalStatisticPower: f32(),
    cohesion: f32(),
    competence: f32(),
    performance: f32(),
    microclimate: f32(),
    managerSuitability: f32().fill(Number.NaN),
    teamingEffect: f32(),
    kTotal: f32(),
    pTotal: f32(),
    lTotal: f32(),
    orientation: new Uint8Array(days),
    teamType: new Uint8Array(days),
    manager: tl.manager,
    lead: tl.lead,
    activeCount: new Int32Array(days),
  };
  const storeSlot = new Int32Array(days).fill(-1);
  const storeDays = wanted.includes(days - 1) ? wanted : Int32Array.from([...wanted, days - 1]);
  storeDays.forEach((d, s) => (storeSlot[d] = s));
  const ratings = new Float32Array(storeDays.length * pairCount).fill(Number.NaN);
  const meanExpertise = new Float64Array(days);

  const learnPerDay = params.competence.learningPerMonth / DAYS_PER_MONTH;
  const maturityPerDay = params.competence.maturityPerYear / 365;
  const ew = params.competence.expertise;
  const floor = team.engagementFloor;
  const remoteStorm = dyn.remoteStormFactor;
  const remoteLearn = 1 / dyn.remoteTauFactor;
  const midpoint = tl.teamStart < 0 ? -1 : tl.teamStart + Math.floor((lifespan * 365) / 2);
  const tenureFactor = new Float64Array(days + 1);
  for (let t = 0; t <= days; t++) tenureFactor[t] = 1 - Math.exp(-t / team.integrationTauDays);
  const g = team.guimera;
  const actorState: ActorState = {
    ac,
    days,
    k,
    pp,
    l,
    joined,
    rateW,
    recvW,
    settledW,
    wSum,
    load,
    dK,
    dP,
    expertiseNow,
    powerNow,
    activeList,
    tenureFactor,
    ew,
    floor,
    team,
    totals: new Float64Array(13),
  };
  const teamState: TeamState = { tc, team, meanExpertise, expertiseNow, l, mgrExperience };
  const state: PairState = {
    base,
    pair,
    k,
    pp,
    rateW,
    recvW,
    settledW,
    wSum,
    load,
    dK,
    dP,
    ratings,
    activeList,
    repeatDays: g.repeatDays,
    sums: new Float64Array(7),
  };

  const next = stride > 1 ? pairStepDays(tl, storeSlot, midpoint, stride, team.pairStride.settleDays) : null;
  let count = 0;
  for (let d = 0; d < days; d++) {
    const span = next === null ? 1 : next[d]! - d;
    const stepping = span > 0;
    const changes = tl.changes[d];
    if (changes) {
      for (const c of changes) {
        const o = c.pair * PAIR_FIELDS;
        if (c.hours >= 0) {
          pair[o + PAIR.hours] = c.hours;
          pair[o + PAIR.load] = 1;
        }
        if (c.mode >= 0) {
          mode[c.pair] = c.mode;
          pair[o + PAIR.stormFactor] = c.mode === 1 ? remoteStorm : 1;
          pair[o + PAIR.learnFactor] = c.mode === 1 ? remoteLearn : 1;
        }
        const rho = Math.exp(-1 / tauDays(pair[o + PAIR.hours]!, mode[c.pair] as 0 | 1, params));
        pair[o + PAIR.rho] = rho;
        pair[o + PAIR.rhoStride] = stride === 1 ? rho : Math.pow(rho, stride);
      }
    }
    // Who is active changes only on a day the pairs step (pairStepDays), so between steps the list and the sums stand.
    if (stepping) {
      count = 0;
      for (let a = 0; a < n; a++) {
        if (tl.active[a * days + d]) {
          if (d === 0 || !tl.active[a * days + d - 1]) joined[a] = d;
          activeList[count++] = a;
          rateW[a] = 0;
          recvW[a] = 0;
          settledW[a] = 0;
          wSum[a] = 0;
          load[a] = 0;
          dK[a] = 0;
          dP[a] = 0;
        }
      }
    }
    tc.activeCount[d] = count;
    const m = tl.manager[d]!;
    const lead = tl.lead[d]!;
    const q = clamp((m >= 0 ? quality[m]! : 0) + params.manager.leadWeight * (lead >= 0 ? quality[lead]! : 0), -1, 1);
    const shift = params.manager.shift * q;
    const damp = 1 - params.manager.stormDamping * Math.max(0, q);
    const atMidpoint = d === midpoint ? 1 - dyn.midpointShift : 1;
    const slot = storeSlot[d]!;

    const sums = stepping
      ? stepPairs(state, count, shift, damp, atMidpoint, m, slot >= 0 ? slot * pairCount : -1, span, span === stride ? PAIR.rhoStride : PAIR.rho)
      : state.sums;

    stepActors(actorState, count, d);
    stepTeam(teamState, d, count, m, sums, actorState.totals);
    learn(actorState, count, learnPerDay, maturityPerDay, dyn.referenceHours);
  }
  return {
    actorColumns: ac,
    teamColumns: tc,
    pairs: { days: storeDays, ratings, pairCount },
    lastHours: Float32Array.from({ length: pairCount }, (_, p) => pair[p * PAIR_FIELDS + PAIR.hours]!),
    lastRatings: ratings.subarray(storeSlot[days - 1]! * pairCount, (storeSlot[days - 1]! + 1) * pairCount),
    together: Int32Array.from({ length: pairCount }, (_, p) => pair[p * PAIR_FIELDS + PAIR.together]!),
    midpoint,
  };
}

/**
 * The days a large team's pairs step (docs/forecast-model.md section 5.6), as the next step day after each step day
 * (the number of days after the last one) and -1 on the days between. A step must come on every day that changes what
 * the pairs give: the first day, a day whose pair ratings are stored, the midpoint, a change of interaction, of who is
 * active, or of manager or lead; and every day of the `settleDays` after anyone joins (the first day counts as a join),
 * when a new pair's storm rises fastest. From a step the next comes `stride` days later when no such day falls in between,
 * else the next day: so every span but the last is 1 or `stride` days (the gap's decay over each is kept per pair),
 * nothing a pair reads changes inside a span, and each pair's days together at a step are what stepping every day gives,
 * its gap the same up to the last bits (rho^stride once against rho stride times). Only the sums the pairs give their
 * people and the team are held between steps.
 */
export function pairStepDays(tl: Timeline, storeSlot: Int32Array, midpoint: number, stride: number, settleDays: number): Int32Array {
  const days = tl.days;
  const n = tl.active.length / days;
  const due = new Uint8Array(days + 1);
  due[days] = 1;
  for (let d = 0; d < days; d++) {
    // Who is active changes today: someone leaves or joins (the first day counts as everyone's join).
    let leaves = false;
    let joins = d === 0;
    for (let a = 0; a < n && d > 0 && !joins; a++) {
      const before = tl.active[a * days + d - 1]!;
      const now = tl.active[a * days + d]!;
      joins = now > before;
      leaves ||= now < before;
    }
    // The first days of a new member's pairs move fastest (the storm rises from nothing): step them daily.
    if (joins) due.fill(1, d, Math.min(days, d + settleDays));
    due[d] ||= joins || leaves || storeSlot[d]! >= 0 || d === midpoint || tl.changes[d] !== undefined ? 1 : 0;
    due[d] ||= tl.manager[d] !== tl.manager[d - 1] || tl.lead[d] !== tl.lead[d - 1] ? 1 : 0;
  }
  const next = new Int32Array(days).fill(-1);
  for (let d = 0; d < days;) {
    let to = d + 1;
    while (to < d + stride && !due[to]) to++;
    // A due day inside the stride: step daily up to it. The last span may be shorter than a stride.
    next[d] = to === d + stride || to === days ? to : d + 1;
    d = next[d]!;
  }
  return next;
}
