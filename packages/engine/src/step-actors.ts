import { clamp } from './bands.ts';
import type { Params } from './params.ts';
import type { ActorColumns } from './scene-types.ts';

/** Mood index from a rating: 0 depressed, 1 bad, 2 anxious, 3 good, 4 excellent (same cut points as bandOf). */
export function moodIndex(rating: number): number {
  return rating < -80 ? 0 : rating < -20 ? 1 : rating < 20 ? 2 : rating < 80 ? 3 : 4;
}

const UNCLEAR = 5;

/** Per-actor arrays and settings for stepActors. */
export type ActorState = {
  ac: ActorColumns;
  days: number;
  k: Float64Array;
  pp: Float64Array;
  l: Float64Array;
  joined: Int32Array;
  rateW: Float64Array;
  recvW: Float64Array;
  settledW: Float64Array;
  wSum: Float64Array;
  load: Float64Array;
  /** Learning sums from stepPairs: hours-weighted gaps to more qualified partners in K and in P. */
  dK: Float64Array;
  dP: Float64Array;
  expertiseNow: Float64Array;
  powerNow: Float64Array;
  activeList: Int32Array;
  tenureFactor: Float64Array;
  ew: Params['competence']['expertise'];
  floor: number;
  team: Params['team'];
  /** Out: base, peak and total power, K, P, L totals, max and min expertise, min L, min rating, incumbents, solo power, actors with partners. */
  totals: Float64Array;
};

/** One day of every active actor: metrics into the columns, team totals into s.totals. */
export function stepActors(s: ActorState, count: number, d: number): Float64Array {
  const { ac, days, k, pp, l, joined, rateW, recvW, settledW, wSum, load, expertiseNow, powerNow, activeList, tenureFactor } = s;
  // Read before the loops: code compiled while the first call is still in its loops has feedback for every load.
  const { ew, floor, team, totals: out } = s;
  const g = team.guimera;
  let basePower = 0;
  let peakPower = 0;
  let total = 0;
  let kT = 0;
  let pT = 0;
  let lT = 0;
  let maxE = 0;
  let minE = 100;
  let minL = 100;
  let minRating = 100;
  let incumbents = 0;
  let solo = 0;
  let withPartners = 0;
  for (let x = 0; x < count; x++) {
    const a = activeList[x]!;
    const at = a * days + d;
    const tenure = d - joined[a]!;
    const ex = ew.k * k[a]! + ew.p * pp[a]! + ew.l * l[a]!;
    const has = wSum[a]! > 0;
    const rating = has ? rateW[a]! / wSum[a]! : 0;
    const integration = has ? (tenureFactor[tenure]! * (rating + 100)) / 2 : 0;
    // Branch-free: a first-time branch in optimised code costs a deoptimisation.
    const over = Math.max(0, load[a]! - team.overloadHours);
    const penalty = Math.min(team.overloadMaxPenalty, over * team.overloadPenaltyPerHour);
    ac.overloaded[at] = over > 0 ? 1 : 0;
    const satisfaction = has ? clamp((rating + 100) / 2 - penalty, 0, 100) : 50;
    const engagement = floor + ((1 - floor) * integration) / 100;
    const power = ex * engagement;
    const settled = has ? settledW[a]! / wSum[a]! : 0;
    ac.expertise[at] = ex;
    ac.power[at] = power;
    ac.integration[at] = integration;
    ac.support[at] = has ? clamp((recvW[a]! / wSum[a]! + 100) / 2, 0, 100) : 0;
    ac.satisfaction[at] = satisfaction;
    ac.personalRateByPeak[at] = 100 * engagement;
    // From the stored (float32) satisfaction, so the reported mood always matches the reported value.
    ac.mood[at] = !has || tenure < team.unclearDays ? UNCLEAR : moodIndex(2 * Math.fround(satisfaction) - 100);
    expertiseNow[a] = ex;
    powerNow[a] = power;
    basePower += ex;
    peakPower += ex * (floor + ((1 - floor) * (settled + 100)) / 200);
    total += power;
    solo += ex * (floor + (1 - floor) * 0.5);
    kT += k[a]!;
    pT += pp[a]!;
    lT += l[a]!;
    if (ex > maxE) maxE = ex;
    if (ex < minE) minE = ex;
    if (l[a]! < minL) minL = l[a]!;
    // Counted without branches (first-time branches deoptimise optimised code).
    withPartners += has ? 1 : 0;
    const judged = has ? rating : 100;
    if (judged < minRating) minRating = judged;
    incumbents += tenure >= g.newcomerDays ? 1 : 0;
  }
  for (let x = 0; x < count; x++) {
    const a = activeList[x]!;
    const at = a * days + d;
    ac.importance[at] = total > 0 ? clamp((100 * powerNow[a]!) / total, 0, 100) : 0;
    ac.inGroupRateByPeak[at] = maxE > 0 ? clamp((100 * powerNow[a]!) / maxE, 0, 100) : 0;
  }
  out[0] = basePower;
  out[1] = peakPower;
  out[2] = total;
  out[3] = kT;
  out[4] = pT;
  out[5] = lT;
  out[6] = maxE;
  out[7] = minE;
  out[8] = minL;
  out[9] = minRating;
  out[10] = incumbents;
  out[11] = solo;
  out[12] = withPartners;
  return out;
}

/** Learning and maturing take effect for the next day, from today's values (a simultaneous update). */
export function learn(s: ActorState, count: number, learnPerDay: number, maturityPerDay: number, referenceHours: number): void {
  const { k, pp, l, wSum, dK, dP, activeList } = s;
  for (let x = 0; x < count; x++) {
    const a = activeList[x]!;
    const norm = learnPerDay / Math.max(referenceHours, wSum[a]!);
    k[a] = Math.min(100, k[a]! + norm * dK[a]!);
    pp[a] = Math.min(100, pp[a]! + norm * dP[a]!);
    l[a] = Math.min(100, l[a]! + maturityPerDay);
  }
}
