import { LOADER_BANDS } from '@teamcast/contracts';

/** Progress in percent at a step: a random point inside the step's band (spec section 9); past the last band it stays there. */
export function loaderProgress(step: number, random: () => number = Math.random): number {
  const band = LOADER_BANDS[Math.min(Math.max(step, 0), LOADER_BANDS.length - 1)]!;
  const [min, max] = band;
  return Math.round(min + random() * (max - min));
}

/** Milliseconds between band changes while something loads. */
export const LOADER_STEP_MS = 700;
