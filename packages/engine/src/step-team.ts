import { clamp } from './bands.ts';
import type { Params } from './params.ts';
import type { TeamColumns } from './scene-types.ts';

/** What the team step reads besides the day's sums. */
export type TeamState = {
  tc: TeamColumns;
  team: Params['team'];
  meanExpertise: Float64Array;
  expertiseNow: Float64Array;
  l: Float64Array;
  mgrExperience: Float64Array;
};

/**
 * One day's team indicators from the pair sums (stepPairs) and actor totals (stepActors); docs section 5.4.
 * A function of its own so it is optimised on its own rather than as part of the long day loop.
 */
export function stepTeam(s: TeamState, d: number, count: number, m: number, sums: Float64Array, t: Float64Array): void {
  const { tc, team, meanExpertise, expertiseNow, l, mgrExperience } = s;
  const coh = team.cohesion;
  const comp = team.competence;
  const perf = team.performance;
  const suit = team.suitability;
  const g = team.guimera;
  const sumR = sums[0]!;
  const sumR2 = sums[1]!;
  const sumHR = sums[2]!;
  const sumH = sums[3]!;
  const repeat = sums[4]!;
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
}
