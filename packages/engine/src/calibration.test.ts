import { describe, expect, it } from 'vitest';
import { runCalibration } from './calibration.ts';
import { DEFAULT_PARAMS } from './params.ts';

// Short version of `npm run calibrate` (docs section 7.4): fixed seeds, so the figures are the same on every run.
describe('calibration study (short)', () => {
  it('puts the truth of synthetic worlds inside the 80 % band 70-90 % of the time, at every horizon', () => {
    const r = runCalibration({ worlds: 150, samples: 32, seed: 1 });
    expect(r.coverage).toBeGreaterThanOrEqual(0.7);
    expect(r.coverage).toBeLessThanOrEqual(0.9);
    for (const d of r.byDay) {
      expect(d.coverage, `day ${d.day}`).toBeGreaterThanOrEqual(0.65);
      expect(d.coverage, `day ${d.day}`).toBeLessThanOrEqual(0.95);
    }
    // The error of the point forecast grows with the horizon, and so does the band.
    expect(r.byDay.at(-1)!.meanAbsError).toBeGreaterThan(r.byDay[0]!.meanAbsError);
    expect(r.byDay.at(-1)!.meanWidth).toBeGreaterThan(r.byDay[0]!.meanWidth);
  });

  it('detects a band that ignores sources of error: score error alone covers far less than 80 %', () => {
    // Forecast with parameter uncertainty and the residual switched off, in worlds that still have them.
    const truthful = runCalibration({ worlds: 60, samples: 16, seed: 2 });
    const narrow = runCalibration({
      worlds: 60,
      samples: 16,
      seed: 2,
      forecastParams: { ...DEFAULT_PARAMS, band: { ...DEFAULT_PARAMS.band, parameterUncertainty: false, residual: { startSd: 0, yearSd: 0 } } },
    });
    expect(narrow.coverage).toBeLessThan(0.6);
    expect(truthful.coverage).toBeGreaterThan(narrow.coverage + 0.2);
  });
});
