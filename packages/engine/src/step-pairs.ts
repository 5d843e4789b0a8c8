/** Typed arrays of the pair loop; one object so stepPairs stays a small, quickly optimised function. */
export type PairState = {
  base: Int32Array;
  sAB: Float64Array;
  sBA: Float64Array;
  fAB: Float64Array;
  fBA: Float64Array;
  storm: Float64Array;
  gap: Float64Array;
  hours: Float64Array;
  mode: Uint8Array;
  explicit: Uint8Array;
  together: Int32Array;
  rho: Float64Array;
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
  remoteStorm: number;
  remoteLearn: number;
  repeatDays: number;
  /** Out: sum of ratings, of squares, hours-weighted sum, hours, repeat pairs, manager pair sum and count. */
  sums: Float64Array;
};

/**
 * One day of every active pair: rating from the open gap share, per-actor sums, learning gaps, team sums.
 * slotBase is the offset for storing pair ratings, or -1 when this day is not stored.
 */
export function stepPairs(s: PairState, count: number, shift: number, damp: number, atMidpoint: number, m: number, slotBase: number): Float64Array {
  const { base, sAB, sBA, fAB, fBA, storm, gap, hours, mode, explicit, together, rho, k, pp } = s;
  const { rateW, recvW, settledW, wSum, load, dK, dP, ratings, activeList } = s;
  const { remoteStorm, remoteLearn, repeatDays } = s;
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
      const e = gap[p]! * atMidpoint;
      const remote = mode[p] === 1;
      const st = 4 * storm[p]! * damp * (remote ? remoteStorm : 1) * e * (1 - e);
      let sa = sAB[p]! + shift;
      sa = sa > 100 ? 100 : sa < -100 ? -100 : sa;
      let sb = sBA[p]! + shift;
      sb = sb > 100 ? 100 : sb < -100 ? -100 : sb;
      let xa = sa + (fAB[p]! - sa) * e - st;
      xa = xa > 100 ? 100 : xa < -100 ? -100 : xa;
      let xb = sb + (fBA[p]! - sb) * e - st;
      xb = xb > 100 ? 100 : xb < -100 ? -100 : xb;
      const r = (xa + xb) / 2;
      const h = hours[p]!;
      rateI += h * xa;
      rateW[j] = rateW[j]! + h * xb;
      recvI += h * xb;
      recvW[j] = recvW[j]! + h * xa;
      settledI += h * sa;
      settledW[j] = settledW[j]! + h * sb;
      wI += h;
      wSum[j] = wSum[j]! + h;
      if (explicit[p]) {
        loadI += h;
        load[j] = load[j]! + h;
      }
      // Learning: each learns a share of the gap to a more qualified partner, weighted by hours.
      const lw = h * (remote ? remoteLearn : 1);
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
      repeat += together[p]! >= repeatDays ? 1 : 0;
      const withManager = i === m || j === m ? 1 : 0;
      mgrSum += withManager * r;
      mgrCount += withManager;
      if (slotBase >= 0) ratings[slotBase + p] = r;
      gap[p] = e * rho[p]!;
      together[p] = together[p]! + 1;
    }
    rateW[i] = rateW[i]! + rateI;
    recvW[i] = recvW[i]! + recvI;
    settledW[i] = settledW[i]! + settledI;
    wSum[i] = wSum[i]! + wI;
    load[i] = load[i]! + loadI;
    dK[i] = dK[i]! + dKI;
    dP[i] = dP[i]! + dPI;
  }
  const sums = s.sums;
  sums[0] = sumR;
  sums[1] = sumR2;
  sums[2] = sumHR;
  sums[3] = sumH;
  sums[4] = repeat;
  sums[5] = mgrSum;
  sums[6] = mgrCount;
  return sums;
}
