import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from './params.ts';
import { forecastLove, LOVE_PARAMS, type LoveKind, type LovePerson, type LoveRequest } from './love-model.ts';

const score = fc.double({ min: 0, max: 100, noNaN: true });
const arbPerson = (id: string): fc.Arbitrary<LovePerson> =>
  fc.record(
    {
      id: fc.constant(id),
      intimacy: score,
      passion: score,
      commitment: score,
      age: fc.integer({ min: 18, max: 80 }),
      familyStability: fc.double({ min: 0, max: 1, noNaN: true }),
      completeness: fc.double({ min: 0.2, max: 1, noNaN: true }),
    },
    { requiredKeys: ['id', 'intimacy', 'passion', 'commitment'] },
  );

const arbRequest: fc.Arbitrary<LoveRequest> = fc.record({
  a: arbPerson('a'),
  b: arbPerson('b'),
  kind: fc.constantFrom<LoveKind>('LOVE', 'FRIEND'),
  mode: fc.constantFrom<0 | 1>(0, 1),
  intensity: fc.constantFrom(0.5, 2, 5, 10),
  startDay: fc.constantFrom('2026-01-01', '2024-02-29'),
});

const person = (id: string, x: number, extra: Partial<LovePerson> = {}): LovePerson => ({ id, intimacy: x, passion: x, commitment: x, age: 30, ...extra });

describe('love model', () => {
  it('is deterministic: the same request gives the same forecast, band included', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        expect(forecastLove(req, { band: { samples: 8 } })).toEqual(forecastLove(structuredClone(req), { band: { samples: 8 } }));
      }),
      { numRuns: 25 },
    );
  });

  it('stays in bounds: ratings in [-100, 100], satisfaction and heading scores in [0, 100], band around the forecast', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        const f = forecastLove(req, { band: { samples: 8 } });
        for (const r of [...f.daily, ...f.monthly, f.compatibility.value, f.outlook.settled]) expect(Math.abs(r)).toBeLessThanOrEqual(100);
        expect(f.yearlySatisfaction).toBeGreaterThanOrEqual(0);
        expect(f.yearlySatisfaction).toBeLessThanOrEqual(100);
        expect(f.blocks.map((b) => b.name)).toEqual(req.kind === 'LOVE' ? ['passion', 'intimacy', 'commitment'] : ['enjoyment', 'trust', 'support']);
        for (const block of f.blocks) {
          expect(block.score).toBeGreaterThanOrEqual(0);
          expect(block.score).toBeLessThanOrEqual(100);
          expect([1, 2, 3, 4, 5]).toContain(block.grade);
        }
        const band = f.band!;
        expect(band.compatibility.p10).toBeLessThanOrEqual(f.compatibility.value);
        expect(band.compatibility.p90).toBeGreaterThanOrEqual(f.compatibility.value);
        band.daily.p10.forEach((lo, t) => expect(lo).toBeLessThan(band.daily.p90[t]!));
        expect(f.paramsVersion).toBe(LOVE_PARAMS.version);
      }),
      { numRuns: 25 },
    );
  });

  it('is symmetric: swapping the two people changes nothing the pair shares', () => {
    fc.assert(
      fc.property(arbRequest, (req) => {
        const ab = forecastLove(req, { band: { samples: 8 } });
        const ba = forecastLove({ ...req, a: req.b, b: req.a }, { band: { samples: 8 } });
        expect(ba.daily).toEqual(ab.daily);
        expect(ba.compatibility).toEqual(ab.compatibility);
        expect(ba.blocks).toEqual(ab.blocks);
        expect(ba.expectations).toEqual(ab.expectations);
        expect(ba.band!.daily).toEqual(ab.band!.daily);
        expect(ba.persons[0]).toEqual({ ...ab.persons[1] });
      }),
      { numRuns: 25 },
    );
  });

  it('is monotone in a person’s own dimensions: more commitment, intimacy and passion never lower the forecast', () => {
    fc.assert(
      fc.property(arbRequest, fc.double({ min: 0, max: 30, noNaN: true }), (req, more) => {
        const up = (p: LovePerson): LovePerson => ({
          ...p,
          intimacy: Math.min(100, p.intimacy + more),
          passion: Math.min(100, p.passion + more),
          commitment: Math.min(100, p.commitment + more),
        });
        const base = forecastLove({ ...req, b: { ...req.a, id: 'b' } });
        const better = forecastLove({ ...req, a: up(req.a), b: { ...up(req.a), id: 'b' } });
        expect(better.compatibility.value).toBeGreaterThanOrEqual(base.compatibility.value - 1e-9);
      }),
      { numRuns: 25 },
    );
  });

  it('says pair-specific prediction is weak: its band is wider than the work model’s for the same numbers', () => {
    expect(LOVE_PARAMS.band.residual.yearSd).toBeGreaterThan(DEFAULT_PARAMS.band.residual.yearSd);
    const f = forecastLove({ a: person('a', 60), b: person('b', 60), kind: 'LOVE' }, { band: true });
    expect(f.band!.compatibility.p90 - f.band!.compatibility.p10).toBeGreaterThan(10);
  });

  it('keeps the work kind untouched and reads no career trait', () => {
    expect(LOVE_PARAMS.kinds.work).toBe(DEFAULT_PARAMS.kinds.work);
    for (const kind of ['LOVE', 'FRIEND'] as const) {
      const w = LOVE_PARAMS.kinds[kind];
      expect([w.actor.workExperience, w.actor.relocation, w.partner.entrepreneurship, w.relationship.mentoring, w.first.grade]).toEqual([0, 0, 0, 0, 0]);
    }
  });

  it('explains in love words, one line per person and input', () => {
    const f = forecastLove({ a: person('a', 80, { familyStability: 1 }), b: person('b', 30, { familyStability: 0 }), kind: 'LOVE' });
    const keys = f.explanation.map((item) => `${item.personId}|${item.input}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(f.explanation.map((item) => item.input)).not.toContain('k');
    expect(f.explanation.map((item) => item.input)).toContain('commitment');
  });

  it('refuses a work kind and out-of-range dimensions', () => {
    expect(() => forecastLove({ a: person('a', 50), b: person('b', 50), kind: 'work' as LoveKind })).toThrow(
      expect.objectContaining({ code: 'invalid_input', detail: expect.stringMatching(/love kind/) }),
    );
    expect(() => forecastLove({ a: person('a', 150), b: person('b', 50), kind: 'LOVE' })).toThrow(
      expect.objectContaining({ detail: expect.stringMatching(/intimacy/) }),
    );
  });
});
