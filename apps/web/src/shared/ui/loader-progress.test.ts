import { describe, expect, it } from 'vitest';
import { LOADER_BANDS } from '@teamcast/contracts';
import { loaderProgress } from './loader-progress.ts';

describe('loader progress', () => {
  it('stays inside the band of each step, from the lowest to the highest random draw', () => {
    LOADER_BANDS.forEach(([min, max], step) => {
      expect(loaderProgress(step, () => 0)).toBe(min);
      expect(loaderProgress(step, () => 0.999999)).toBe(max);
      const middle = loaderProgress(step, () => 0.5);
      expect(middle).toBeGreaterThanOrEqual(min);
      expect(middle).toBeLessThanOrEqual(max);
    });
  });

  it('waits in the last band (85-95) however long loading takes', () => {
    for (const step of [4, 10, 1000]) {
      const value = loaderProgress(step);
      expect(value).toBeGreaterThanOrEqual(85);
      expect(value).toBeLessThanOrEqual(95);
    }
  });
});
