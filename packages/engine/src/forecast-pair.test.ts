import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf } from './bands.ts';
import { forecastPair, type PairForecast, type PairRequest } from './forecast-pair.ts';
import { DEFAULT_PARAMS } from './params.ts';
import { arbSpecialist, specialist } from './test-support/specialists.ts';
import type { InteractionMode, PairKind } from './types.ts';

const arbRequest: fc.Arbitrary<PairRequest> = fc.record({
  a: arbSpecialist('a'),
  b: arbSpecialist('b'),
  kind: fc.constantFrom<PairKind>('work', 'LOVE', 'FRIEND'),
  mode: fc.constantFrom<InteractionMode>(0, 1),
  intensity: fc.constantFrom(0.5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
  manager: fc.option(arbSpecialist('m'), { nil: null }),
  startDay: fc.constantFrom('2026-01-01', '2026-11-01', '2024-02-29'),
});

const inRating = (x: number): boolean => x >= -100 && x <= 100;
const inPercent = (x: number): boolean => x >= 0 && x <= 100;

describe('forecastPair: properties', () => {
  it('is deterministic: identical input, identical output (band included)', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        expect(forecastPair(req, undefined, { band: { samples: 8 } })).toEqual(forecastPair(structuredClone(req), undefined, { band: { samples: 8 } }));
      }),
      { numRuns: 50 },
    );
  });

  it('keeps every rating in [-100, 100] and every percentage and block score in [0, 100]', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        const f = forecastPair(req);
        expect(f.daily).toHaveLength(365);
        expect(f.monthly).toHaveLength(12);
        const ratings = [...f.daily, ...f.monthly, f.compatibility.value, f.outlook.settled, f.expectations.firstImpression];
        const percents = [f.yearlySatisfaction];
        for (const p of f.persons) {
          ratings.push(...p.monthly, p.firstImpression, p.settled);
          percents.push(p.satisfaction, ...p.competences.k, ...p.competences.p, ...p.competences.l);
        }
        expect(ratings.filter((x) => !inRating(x))).toEqual([]);
        expect(percents.filter((x) => !inPercent(x))).toEqual([]);
        for (const b of f.blocks) {
          expect(inPercent(b.score)).toBe(true);
          expect(b.grade).toBeGreaterThanOrEqual(1);
          expect(b.grade).toBeLessThanOrEqual(5);
        }
        expect(f.recommendation).toBeGreaterThanOrEqual(1);
        expect(f.recommendation).toBeLessThanOrEqual(6);
      }),
      { numRuns: 200 },
    );
  });

  it('reports bands that agree with the band table', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        const f = forecastPair(req);
        expect(f.compatibility.band).toBe(bandOf(f.compatibility.value));
        expect(f.outlook.band).toBe(bandOf(f.outlook.settled));
      }),
      { numRuns: 100 },
    );
  });

  it('is symmetric: swapping the people mirrors the per-person parts and keeps the shared parts, band included', () => {
    const shared = (f: PairForecast) => {
      const { persons: _p, explanation: _e, ...rest } = f;
      return rest;
    };
    const key = (f: PairForecast) => f.explanation.map((e) => `${e.factor}|${e.personId}|${e.input}|${e.points}`).sort();
    fc.assert(
      fc.property(arbRequest, (req) => {
        const f = forecastPair(req, undefined, { explainTop: 100, band: { samples: 8 } });
        const g = forecastPair({ ...req, a: req.b, b: req.a }, undefined, { explainTop: 100, band: { samples: 8 } });
        expect(shared(g)).toEqual(shared(f));
        expect(g.persons).toEqual([f.persons[1], f.persons[0]]);
        expect(key(g)).toEqual(key(f));
      }),
      { numRuns: 100 },
    );
  });

  it("names each person's trait once: actor and partner parts of one input are one item", () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        const f = forecastPair(req, undefined, { explainTop: 100 });
        const keys = f.explanation.filter((e) => e.personId !== null && e.factor !== 'manager').map((e) => `${e.personId}|${e.input}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 100 },
    );
  });

  it('never settles later with more hours per week', () => {
    fc.assert(
      fc.property(arbRequest, fc.constantFrom(0.5, 1, 2, 5, 8), fc.constantFrom(1, 2, 5, 9, 10), (req, h1, h2) => {
        const [lo, hi] = h1 <= h2 ? [h1, h2] : [h2, h1];
        const slow = forecastPair({ ...req, intensity: lo });
        const fast = forecastPair({ ...req, intensity: hi });
        // Approach measured as the remaining distance to the settled level on every day, for the
        // storm-free part, and as the settling day for the whole rating.
        expect(fast.outlook.settled).toBe(slow.outlook.settled);
        expect(fast.outlook.settleDay ?? 365).toBeLessThanOrEqual(slow.outlook.settleDay ?? 365);
      }),
      { numRuns: 200 },
    );
  });

  it('band brackets the spread of sampled scores and reports its sample count', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        const f = forecastPair(req, undefined, { band: { samples: 16 } });
        expect(f.band?.samples).toBe(16);
        const bad = f.band!.daily.p10.filter((lo, i) => {
          const hi = f.band!.daily.p90[i]!;
          return lo > hi || !inRating(lo) || !inRating(hi);
        });
        expect(bad).toEqual([]);
        expect(f.band!.compatibility.p10).toBeLessThanOrEqual(f.band!.compatibility.p90);
      }),
      { numRuns: 30 },
    );
  });
});

describe('forecastPair: examples', () => {
  // Work style: a cooperative, reliable, calm planner, and an uncooperative, blunt one who wants to work alone.
  const cooperative = { cooperation: 0.95, reliability: 0.95, planning: 0.75, steadiness: 0.9, openness: 0.9, directness: 0.5, autonomy: 0.4 };
  const abrasive = { cooperation: 0.1, reliability: 0.3, planning: 0.1, steadiness: 0.15, openness: 0.2, directness: 1, autonomy: 1 };
  const mature = specialist('a', 80, 85, 85, { traits: { familyStability: 0.9 }, workStyle: cooperative });
  const peer = specialist('b', 75, 80, 80, { traits: { familyStability: 0.8 }, workStyle: { ...cooperative, planning: 0.8 } });
  const immature = specialist('c', 40, 30, 15, { traits: { familyStability: 0.1, managerialExperience: 1, entrepreneurship: 1 }, workStyle: abrasive });
  const clash = specialist('d', 45, 35, 20, {
    traits: { familyStability: 0.2, managerialExperience: 1, entrepreneurship: 1 },
    workStyle: { ...abrasive, planning: 0.9, autonomy: 0.1 },
  });

  it('rates two cooperative, reliable people well and two uncooperative, blunt ones badly', () => {
    const good = forecastPair({ a: mature, b: peer });
    const bad = forecastPair({ a: immature, b: clash });
    // 76.5 and −97.1 with params 0.4.0-prior (work style drives the person effects).
    expect(good.compatibility.value).toBeGreaterThan(60);
    expect(good.outlook.band).toBe('excellent');
    expect(good.expectations.verdict).toBe('better');
    expect(good.recommendation).toBe(6);
    expect(bad.compatibility.value).toBeLessThan(-20);
    expect(bad.recommendation).toBeLessThanOrEqual(2);
    expect(good.yearlySatisfaction).toBeGreaterThan(bad.yearlySatisfaction + 40);
  });

  it('never gives a zero-width band, even when the scores carry no error (parameters and the pair residual remain)', () => {
    const f = forecastPair({ a: { ...mature, scoreError: 0 }, b: { ...peer, scoreError: 0 } }, undefined, { band: true });
    expect(f.band?.samples).toBe(64);
    expect(f.band!.compatibility.p90 - f.band!.compatibility.p10).toBeGreaterThan(5);
    expect(f.band!.daily.p90[0]! - f.band!.daily.p10[0]!).toBeGreaterThan(5);
    // Without parameter uncertainty, work-style error and residual, only the width floor is left.
    const bare = { ...DEFAULT_PARAMS, band: { ...DEFAULT_PARAMS.band, parameterUncertainty: false, styleError: 0, residual: { startSd: 0, yearSd: 0 } } };
    const g = forecastPair({ a: { ...mature, scoreError: 0 }, b: { ...peer, scoreError: 0 } }, bare, { band: true });
    expect(g.band!.compatibility.p90 - g.band!.compatibility.p10).toBeCloseTo(DEFAULT_PARAMS.band.minWidth, 9);
    expect(g.band!.daily.p90.every((hi, t) => hi - g.band!.daily.p10[t]! >= DEFAULT_PARAMS.band.minWidth - 1e-9)).toBe(true);
  });

  it('uses the default score error for a person without one, and widens it for an incomplete questionnaire', () => {
    const bare = { ...DEFAULT_PARAMS, band: { ...DEFAULT_PARAMS.band, parameterUncertainty: false, residual: { startSd: 0, yearSd: 0 } } };
    // Work forecasts read no K, P, L person effects, so the score error is tested where they count: a friendship.
    const width = (a: typeof mature, b: typeof mature): number => {
      const f = forecastPair({ a, b, kind: 'FRIEND' }, bare, { band: { samples: 256 } });
      return f.band!.compatibility.p90 - f.band!.compatibility.p10;
    };
    const none = width({ ...mature, scoreError: 0 }, { ...immature, scoreError: 0 });
    const unstated = width(mature, immature);
    const stated = width({ ...mature, scoreError: DEFAULT_PARAMS.band.defaultScoreError }, { ...immature, scoreError: DEFAULT_PARAMS.band.defaultScoreError });
    expect(unstated).toBeGreaterThan(none + 1);
    // Same error, other seeds (the stated error is hashed into the seed): equal up to Monte Carlo noise.
    expect(Math.abs(unstated - stated)).toBeLessThan(0.2 * stated);
    expect(width({ ...mature, completeness: 0.25 }, { ...immature, completeness: 0.25 })).toBeGreaterThan(unstated * 1.5);
    expect(() => forecastPair({ a: { ...mature, completeness: 1.5 }, b: peer })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });

  it('widens the band with the scoring error (a friendship, which reads K, P, L)', () => {
    const width = (err: number): number => {
      const f = forecastPair({ a: { ...mature, scoreError: err }, b: { ...immature, scoreError: err }, kind: 'FRIEND' }, undefined, { band: true });
      return f.band!.compatibility.p90 - f.band!.compatibility.p10;
    };
    expect(width(10)).toBeGreaterThan(width(2));
  });

  it('widens a work band for missing work-style answers, which read as the reference population', () => {
    const bare = { ...DEFAULT_PARAMS, band: { ...DEFAULT_PARAMS.band, parameterUncertainty: false, residual: { startSd: 0, yearSd: 0 } } };
    const width = (a: typeof mature, b: typeof mature): number => {
      const f = forecastPair({ a, b }, bare, { band: { samples: 256 } });
      return f.band!.compatibility.p90 - f.band!.compatibility.p10;
    };
    expect(width({ ...mature, completeness: 0.5 }, { ...immature, completeness: 0.5 })).toBeGreaterThan(width(mature, immature) * 1.2);
    // No work style at all is the population's centre on every scale: the same point forecast.
    const centre = { ...DEFAULT_PARAMS.kinds.work.style!.centre };
    const { workStyle: _a, ...plainA } = mature;
    const { workStyle: _b, ...plainB } = immature;
    const unknown = forecastPair({ a: plainA, b: plainB });
    const typical = forecastPair({ a: { ...plainA, workStyle: centre }, b: { ...plainB, workStyle: centre } });
    expect(unknown.compatibility).toEqual(typical.compatibility);
    expect(unknown.daily).toEqual(typical.daily);
  });

  it('reads work style, not K, P, L or experience, in a work forecast', () => {
    const base = forecastPair({ a: mature, b: immature });
    const otherRecord = forecastPair({
      a: { ...mature, k: 20, p: 10, l: 5, grade: 'JUNIOR', traits: {} },
      b: { ...immature, l: 95, traits: { workExperience: 1 } },
    });
    // Only the mentoring term (the qualification gap) and the competence lines may differ.
    expect(Math.abs(otherRecord.compatibility.value - base.compatibility.value)).toBeLessThan(5);
    const otherStyle = forecastPair({ a: mature, b: { ...immature, workStyle: cooperative } });
    expect(otherStyle.compatibility.value).toBeGreaterThan(base.compatibility.value + 20);
  });

  it('names the inputs that moved the result, largest first', () => {
    const f = forecastPair({ a: mature, b: immature });
    expect(f.explanation).toHaveLength(5);
    const sizes = f.explanation.map((e) => Math.abs(e.points));
    expect([...sizes].sort((x, y) => y - x)).toEqual(sizes);
    expect(f.explanation[0]).toMatchObject({ factor: 'person', personId: 'c', input: 'style.cooperation' });
  });

  it('skips the explanation when asked for none, leaving the forecast itself unchanged', () => {
    const full = forecastPair({ a: mature, b: immature });
    const bare = forecastPair({ a: mature, b: immature }, undefined, { explainTop: 0 });
    expect(bare.explanation).toEqual([]);
    expect({ ...bare, explanation: full.explanation }).toEqual(full);
  });

  it('uses its own blocks for LOVE and FRIEND', () => {
    expect(forecastPair({ a: mature, b: peer, kind: 'LOVE' }).blocks.map((b) => b.name)).toEqual(['passion', 'intimacy', 'commitment']);
    expect(forecastPair({ a: mature, b: peer, kind: 'FRIEND' }).blocks.map((b) => b.name)).toEqual(['enjoyment', 'trust', 'support']);
    expect(forecastPair({ a: mature, b: peer }).blocks.map((b) => b.name)).toEqual(['satisfaction', 'expectations', 'competences', 'outlook']);
  });

  it('lets the less qualified person learn from the more qualified one', () => {
    const f = forecastPair({ a: specialist('a', 40, 40, 50), b: specialist('b', 90, 90, 50) });
    expect(f.persons[0].competences.k[11]).toBeGreaterThan(40);
    expect(f.persons[1].competences.k[11]).toBe(90);
  });

  it('rejects out-of-range input with invalid_input', () => {
    expect(() => forecastPair({ a: mature, b: peer }, undefined, { band: { samples: 0 } })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => forecastPair({ a: mature, b: peer }, undefined, { band: { samples: 5000 } })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => forecastPair({ a: mature, b: peer, intensity: 11 })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => forecastPair({ a: { ...mature, k: 120 }, b: peer })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });
});
