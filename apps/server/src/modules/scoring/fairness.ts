import type { Fairness } from '@teamcast/contracts';
import { reachesMiddle, type Grade } from './outputs.ts';

/** Groups smaller than this are shown but left out of the ratio: a rate of 2 people says little. */
export const MIN_GROUP_SIZE = 5;
/** The four-fifths rule: a ratio below this is a warning. */
export const FOUR_FIFTHS = 0.8;

export const AGE_BANDS = [
  { group: '≤25', max: 25 },
  { group: '26–35', max: 35 },
  { group: '36–50', max: 50 },
  { group: '51+', max: Infinity },
] as const;

export type Outcome = { gender: 'М' | 'Ж' | null; age: number | null; grade: Grade };

function ratio(rates: number[]): number | null {
  if (rates.length < 2) return null;
  const highest = Math.max(...rates);
  return highest > 0 ? Math.min(...rates) / highest : 1;
}

/**
 * Grade outcomes by gender and by age band: the share of each group reaching MIDDLE or higher, and per dimension
 * the four-fifths ratio (lowest rate over highest among groups of at least MIN_GROUP_SIZE people).
 */
export function fairnessReport(outcomes: readonly Outcome[]): Fairness {
  const groups: Fairness['groups'] = [];
  const tally = (dimension: 'gender' | 'age', group: string, members: readonly Outcome[]) => {
    if (members.length === 0) return;
    groups.push({ dimension, group, count: members.length, middleOrHigher: members.filter((outcome) => reachesMiddle(outcome.grade)).length / members.length });
  };
  for (const gender of ['М', 'Ж'] as const)
    tally(
      'gender',
      gender,
      outcomes.filter((outcome) => outcome.gender === gender),
    );
  let lower = -Infinity;
  for (const band of AGE_BANDS) {
    tally(
      'age',
      band.group,
      outcomes.filter((outcome) => outcome.age !== null && outcome.age > lower && outcome.age <= band.max),
    );
    lower = band.max;
  }
  const ratioOf = (dimension: 'gender' | 'age') =>
    ratio(groups.filter((group) => group.dimension === dimension && group.count >= MIN_GROUP_SIZE).map((group) => group.middleOrHigher));
  const genderRatio = ratioOf('gender');
  const ageRatio = ratioOf('age');
  return { groups, genderRatio, ageRatio, warning: [genderRatio, ageRatio].some((value) => value !== null && value < FOUR_FIFTHS) };
}
