import fc from 'fast-check';
import type { Grade, Specialist } from '../types.ts';

const GRADES: Grade[] = ['JUNIOR', 'JUNIOR PLUS', 'MIDDLE', 'MIDDLE PLUS', 'SENIOR', 'SENIOR PLUS'];

export function specialist(id: string, k: number, p: number, l: number, extra: Partial<Specialist> = {}): Specialist {
  return { id, k, p, l, age: 35, gender: 'М', grade: 'MIDDLE', ...extra };
}

const unit = fc.double({ min: 0, max: 1, noNaN: true });

export const arbSpecialist = (id: string): fc.Arbitrary<Specialist> =>
  fc.record({
    id: fc.constant(id),
    k: fc.double({ min: 0, max: 100, noNaN: true }),
    p: fc.double({ min: 0, max: 100, noNaN: true }),
    l: fc.double({ min: 0, max: 100, noNaN: true }),
    age: fc.integer({ min: 18, max: 70 }),
    gender: fc.constantFrom('М' as const, 'Ж' as const),
    grade: fc.constantFrom(...GRADES),
    traits: fc.record(
      { managerialExperience: unit, workExperience: unit, entrepreneurship: unit, relocation: unit, familyStability: unit },
      { requiredKeys: [] },
    ),
    scoreError: fc.double({ min: 0, max: 15, noNaN: true }),
    workStyle: fc.record(
      { cooperation: unit, reliability: unit, planning: unit, steadiness: unit, openness: unit, directness: unit, autonomy: unit },
      { requiredKeys: [] },
    ),
  });
