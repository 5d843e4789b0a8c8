/**
 * Offsets into a pair's record in PairState.pair: one record of PAIR_FIELDS numbers per pair, so a pair's day reads one
 * stretch of memory rather than a dozen arrays. The settings enter as factors (storm and learning factor of the mode, 1
 * when the hours count as explicit load), so the day step has no branch on a pair's settings.
 */
export const PAIR = {
  /** Settled rating of a about b, of b about a, before the manager's shift. */
  settledAB: 0,
  settledBA: 1,
  firstAB: 2,
  firstBA: 3,
  storm: 4,
  /** The share of the gap to the settled level still open (1 on the first day). */
  gap: 5,
  hours: 6,
  /** Daily decay of the gap at the pair's hours and mode. */
  rho: 7,
  /** The mode's storm factor (remoteStormFactor when remote, else 1) and learning factor (1 / remoteTauFactor, else 1). */
  stormFactor: 8,
  learnFactor: 9,
  /** 1 once the pair's hours were set explicitly (they count towards overload), else 0. */
  load: 10,
  /** Days the pair has spent together. */
  together: 11,
  /** rho to the power of the team's pair stride: the gap's decay over a stride (simulate-core.ts pairStepDays). */
  rhoStride: 12,
} as const;
export const PAIR_FIELDS = 13;

/** Typed arrays of the pair loop; one object so stepPairs stays a small, quickly optimised function. */
export type PairState = {
  base: Int32Array;
  /** PAIR_FIELDS numbers per pair, at [p * PAIR_FIELDS + PAIR.field]. */
  pair: Float64Array;
  k: Float64Array;
  pp: Float64Array;
  rateW: Float64Array;
  recvW: Float64Array;
  settledW: Float64Array;
  wSum: Float64Array;
  load: Float64Array;
  dK: Float64Array;
  dP: Float64Array;
  ratings: Float32Array;
  activeList: Int32Array;
  repeatDays: number;
  /** Out: sum of ratings, of squares, hours-weighted sum, hours, repeat pairs, manager pair sum and count. */
  sums: Float64Array;
};

/**
 * One day of every active pair: rating from the open gap share, per-actor sums, learning gaps, team sums.
 * slotBase is the offset for storing pair ratings, or -1 when this day is not stored; span is the days until the pairs
 * step again (1 when they step every day), by which each pair's days together grow, and decayAt the field of the gap's
 * decay over that span (PAIR.rho for a day, PAIR.rhoStride for a stride).
 */
export function stepPairs(
  s: PairState,
  count: number,
  shift: number,
  damp: number,
  atMidpoint: number,
  m: number,
  slotBase: number,
  span: number,
  decayAt: number,
): Float64Array {
  const { base, pair, k, pp } = s;
  const { rateW, recvW, settledW, wSum, load, dK, dP, ratings, activeList } = s;
  // Read before the loops: code compiled while the first call is still in its loops has feedback for every load.
  const { repeatDays, sums } = s;
  let sumR = 0;
  let sumR2 = 0;
  let sumHR = 0;
  let sumH = 0;
  let repeat = 0;
  let mgrSum = 0;
  let mgrCount = 0;
  for (let x = 0; x < count; x++) {
    const i = activeList[x]!;
    const bi = base[i]! - i - 1;
    const ki = k[i]!;
    const pi = pp[i]!;
    // i's own sums stay in locals for the inner loop (fewer stores in the hottest loop).
    let rateI = 0;
    let recvI = 0;
    let settledI = 0;
    let wI = 0;
    let loadI = 0;
    let dKI = 0;
    let dPI = 0;
    for (let y = x + 1; y < count; y++) {
      const j = activeList[y]!;
      const p = bi + j;
      const o = p * PAIR_FIELDS;
      // The same operations in the same order as with a branch on the mode: a factor of 1 changes no bit.
      const e = pair[o + PAIR.gap]! * atMidpoint;
      const st = 4 * pair[o + PAIR.storm]! * damp * pair[o + PAIR.stormFactor]! * e * (1 - e);
      let sa = pair[o + PAIR.settledAB]! + shift;
      sa = sa > 100 ? 100 : sa < -100 ? -100 : sa;
      let sb = pair[o + PAIR.settledBA]! + shift;
      sb = sb > 100 ? 100 : sb < -100 ? -100 : sb;
      let xa = sa + (pair[o + PAIR.firstAB]! - sa) * e - st;
      xa = xa > 100 ? 100 : xa < -100 ? -100 : xa;
      let xb = sb + (pair[o + PAIR.firstBA]! - sb) * e - st;
      xb = xb > 100 ? 100 : xb < -100 ? -100 : xb;
      const r = (xa + xb) / 2;
      const h = pair[o + PAIR.hours]!;
      rateI += h * xa;
      rateW[j] = rateW[j]! + h * xb;
      recvI += h * xb;
      recvW[j] = recvW[j]! + h * xa;
      settledI += h * sa;
      settledW[j] = settledW[j]! + h * sb;
      wI += h;
      wSum[j] = wSum[j]! + h;
      // Adding 0 leaves a sum of non-negative hours exactly as it was (it is never -0).
      const loadH = pair[o + PAIR.load]! * h;
      loadI += loadH;
      load[j] = load[j]! + loadH;
      // Learning: each learns a share of the gap to a more qualified partner, weighted by hours.
      const lw = h * pair[o + PAIR.learnFactor]!;
      const kj = k[j]!;
      const pj = pp[j]!;
      if (kj > ki) dKI += lw * (kj - ki);
      else dK[j] = dK[j]! + lw * (ki - kj);
      if (pj > pi) dPI += lw * (pj - pi);
      else dP[j] = dP[j]! + lw * (pi - pj);
      sumR += r;
      sumR2 += r * r;
      sumHR += h * r;
      sumH += h;
      // Branch-free: rarely taken branches would cost a deoptimisation the first time they are taken.
      const together = pair[o + PAIR.together]!;
      repeat += together >= repeatDays ? 1 : 0;
      const withManager = i === m || j === m ? 1 : 0;
      mgrSum += withManager * r;
      mgrCount += withManager;
      if (slotBase >= 0) ratings[slotBase + p] = r;
      pair[o + PAIR.gap] = e * pair[o + decayAt]!;
      pair[o + PAIR.together] = together + span;
    }
    rateW[i] = rateW[i]! + rateI;
    recvW[i] = recvW[i]! + recvI;
    settledW[i] = settledW[i]! + settledI;
    wSum[i] = wSum[i]! + wI;
    load[i] = load[i]! + loadI;
    dK[i] = dK[i]! + dKI;
    dP[i] = dP[i]! + dPI;
  }
  sums[0] = sumR;
  sums[1] = sumR2;
  sums[2] = sumHR;
  sums[3] = sumH;
  sums[4] = repeat;
  sums[5] = mgrSum;
  sums[6] = mgrCount;
  return sums;
}
