import { GRADES } from '@teamcast/contracts';

export type Grade = (typeof GRADES)[number];

/** The three outputs, in the order of every vector and matrix in this module. */
export const OUTPUTS = ['competencies', 'professionalism', 'maturity'] as const;
export type Output = (typeof OUTPUTS)[number];
export type Scores = Record<Output, number>;

export const clampScore = (value: number) => Math.min(100, Math.max(0, value));

export const scoresToVector = (scores: Scores): number[] => OUTPUTS.map((output) => scores[output]);

/** Lower bounds of the overall score (mean of K, P, L, 0-100) for each grade above JUNIOR. */
export const GRADE_THRESHOLDS = [30, 42, 54, 66, 78] as const;

/** The grade of an overall score: JUNIOR below 30, then a grade per 12 points, SENIOR PLUS from 78. */
export function gradeOfOverall(overall: number): Grade {
  const index = GRADE_THRESHOLDS.filter((threshold) => overall >= threshold).length;
  return GRADES[index]!;
}

export const overallOf = (scores: Scores) => (scores.competencies + scores.professionalism + scores.maturity) / 3;

export const gradeOf = (scores: Scores): Grade => gradeOfOverall(overallOf(scores));

/** Whether a grade is MIDDLE or higher (the outcome the fairness report counts). */
export const reachesMiddle = (grade: Grade) => GRADES.indexOf(grade) >= GRADES.indexOf('MIDDLE');
