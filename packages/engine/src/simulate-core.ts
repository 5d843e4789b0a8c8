import { clamp } from './bands.ts';
import type { Params } from './params.ts';
import { managerQuality, pairSetup, tauDays, type Unit } from './pair-model.ts';
import type { ActorColumns, PairColumns, TeamColumns } from './scene-types.ts';
import type { Timeline } from './scene-timeline.ts';
import { stepActors, type ActorState } from './step-actors.ts';
import { stepPairs, type PairState } from './step-pairs.ts';

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

  // Fixed per pair.
  const sAB = new Float64Array(pairCount);
  const sBA = new Float64Array(pairCount);
  const fAB = new Float64Array(pairCount);
  const fBA = new Float64Array(pairCount);
  const storm = new Float64Array(pairCount);
  // State per pair.
  const gap = new Float64Array(pairCount).fill(1);
  const hours = new Float64Array(pairCount).fill(team.implicitHours);
  const mode = new Uint8Array(pairCount);
  const explicit = new Uint8Array(pairCount);
  const together = new Int32Array(pairCount);
  const rho = new Float64Array(pairCount).fill(Math.exp(-1 / tauDays(team.implicitHours, 0, params)));
  const base = new Int32Array(n);
  for (let i = 0, p = 0; i < n; i++) {
    base[i] = p;
    for (let j = i + 1; j < n; j++, p++) {
      const s = pairSetup(w, units[i]!, units[j]!, params);
      sAB[p] = s.settledAB;
      sBA[p] = s.settledBA;
      fAB[p] = s.firstAB;
      fBA[p] = s.firstBA;
      storm[p] = s.storm;
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
  const coh = team.cohesion;
  const comp = team.competence;
  const perf = team.performance;
  const suit = team.suitability;
  const g = team.guimera;
  const actorState: ActorState = {
    ac, days, k, pp, l, joined, rateW, recvW, settledW, wSum, load, expertiseNow, powerNow, activeList, tenureFactor,
    ew, floor, team, totals: new Float64Array(13),
  };
  const state: PairState = {
    base, sAB, sBA, fAB, fBA, storm, gap, hours, mode, explicit, together, rho, k, pp,
    rateW, recvW, settledW, wSum, load, dK, dP, ratings, activeList,
    remoteStorm, remoteLearn, repeatDays: g.repeatDays, sums: new Float64Array(7),
  };

  for (let d = 0; d < days; d++) {
    const changes = tl.changes[d];
    if (changes) {
      for (const c of changes) {
        if (c.hours >= 0) {
          hours[c.pair] = c.hours;
          explicit[c.pair] = 1;
        }
        if (c.mode >= 0) mode[c.pair] = c.mode;
        rho[c.pair] = Math.exp(-1 / tauDays(hours[c.pair]!, mode[c.pair] as 0 | 1, params));
      }
    }
    let count = 0;
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
    tc.activeCount[d] = count;
    const m = tl.manager[d]!;
    const lead = tl.lead[d]!;
    const q = clamp((m >= 0 ? quality[m]! : 0) + params.manager.leadWeight * (lead >= 0 ? quality[lead]! : 0), -1, 1);
    const shift = params.manager.shift * q;
    const damp = 1 - params.manager.stormDamping * Math.max(0, q);
    const atMidpoint = d === midpoint ? 1 - dyn.midpointShift : 1;
    const slot = storeSlot[d]!;

    const sums = stepPairs(state, count, shift, damp, atMidpoint, m, slot >= 0 ? slot * pairCount : -1);
    const sumR = sums[0]!;
    const sumR2 = sums[1]!;
    const sumHR = sums[2]!;
    const sumH = sums[3]!;
    const repeat = sums[4]!;

    // Per actor.
    const t = stepActors(actorState, count, d);
    const basePower = t[0]!;
    const peakPower = t[1]!;
    const total = t[2]!;
    const kT = t[3]!;
    const pT = t[4]!;
    const lT = t[5]!;
    const maxE = t[6]!;
    const minE = t[7]!;
    const minL = t[8]!;
    const minRating = t[9]!;
    const incumbents = t[10]!;
    const solo = t[11]!;
    const withPartners = t[12]!;

    // Per team.
    const pairsNow = (count * (count - 1)) / 2;
    const meanR = pairsNow > 0 ? sumR / pairsNow : 0;
    const sd = pairsNow > 0 ? Math.sqrt(Math.max(0, sumR2 / pairsNow - meanR * meanR)) : 0;
    const micro = sumH > 0 ? sumHR / sumH : 0;
    const cohesion = pairsNow > 0 ? clamp(50 + 0.5 * (coh.mean * meanR + coh.min * (withPartners ? minRating : meanR)) - coh.spreadPenalty * sd, 0, 100) : 0;
    const meanE = count > 0 ? basePower / count : 0;
    const competence = count > 0 ? clamp(comp.mean * meanE + comp.max * maxE + comp.min * minE, 0, 100) : 0;
    const performance = count > 0 ? clamp(perf.meanP * (pT / count) + perf.minL * minL + perf.competence * competence + perf.cohesion * cohesion, 0, 100) : 0;
    const incumbentShare = count > 0 ? incumbents / count : 0;
    const repeatShare = pairsNow > 0 ? repeat / pairsNow : 0;
    const teaming = solo > 0 ? clamp(100 * (total / solo - 1) + g.incumbents * incumbentShare + g.repeatPairs * repeatShare, -100, 100) : 0;
    tc.basePower[d] = basePower;
    tc.peakPower[d] = peakPower;
    tc.totalStatisticPower[d] = total;
    tc.cohesion[d] = cohesion;
    tc.competence[d] = competence;
    tc.performance[d] = performance;
    tc.microclimate[d] = micro;
    tc.teamingEffect[d] = teaming;
    tc.kTotal[d] = kT;
    tc.pTotal[d] = pT;
    tc.lTotal[d] = lT;
    tc.orientation[d] = kT >= pT && kT >= lT ? 0 : pT >= lT ? 1 : 2;
    meanExpertise[d] = meanE;
    const monthAgo = d >= 30 ? meanExpertise[d - 30]! : meanExpertise[0]!;
    tc.teamType[d] = count > 0 && 1 - incumbentShare > team.launchNewcomerShare ? 0 : meanE - monthAgo > team.growthPerMonth ? 1 : 2;
    // Computed every day (for actor 0 when there is no manager) and stored as NaN then: no first-time branch.
    const mi = m >= 0 ? m : 0;
    const others = count > 1 ? (basePower - expertiseNow[mi]!) / (count - 1) : expertiseNow[mi]!;
    const edge = clamp(0.5 + (expertiseNow[mi]! - others) / 50, 0, 1);
    const mutual = sums[6]! > 0 ? (sums[5]! / sums[6]! + 100) / 200 : 0.5;
    const suitability = 100 * (suit.expertiseEdge * edge + suit.maturity * (l[mi]! / 100) + suit.experience * mgrExperience[mi]! + suit.rating * mutual);
    tc.managerSuitability[d] = m >= 0 && count > 0 ? suitability : Number.NaN;

    // Learning and maturing take effect for the next day, from today's values (a simultaneous update).
    for (let x = 0; x < count; x++) {
      const a = activeList[x]!;
      const norm = learnPerDay / Math.max(dyn.referenceHours, wSum[a]!);
      k[a] = Math.min(100, k[a]! + norm * dK[a]!);
      pp[a] = Math.min(100, pp[a]! + norm * dP[a]!);
      l[a] = Math.min(100, l[a]! + maturityPerDay);
    }
  }
  return {
    actorColumns: ac,
    teamColumns: tc,
    pairs: { days: storeDays, ratings, pairCount },
    lastHours: Float32Array.from(hours),
    lastRatings: ratings.subarray(storeSlot[days - 1]! * pairCount, (storeSlot[days - 1]! + 1) * pairCount),
    together,
    midpoint,
  };
}
