import { DEFAULT_INTENSITY, type Answer } from '@teamcast/contracts';
import { forecastPair, type Params, type Specialist } from '@teamcast/engine';
import { enginePersonOf } from '../scoring/engine-person.ts';
import { gradeOf } from '../scoring/outputs.ts';
import type { Scorer } from '../scoring/scorer.ts';

/** A version of what a forecast is made with: the scoring model (its scorer) and, optionally, engine parameters. */
export type ForecastVersion = { scorer: Scorer; params?: Params };

/** A monitored person's stored questionnaire as far as scoring reads it. */
export type ScoredPerson = { id: string; age: number | null; gender: 'М' | 'Ж' | null; answers: Answer[] };

const specialistOf = (person: ScoredPerson, scorer: Scorer): Specialist => {
  const { scores, completeness } = scorer.score(person.answers);
  return enginePersonOf({ ...person, ...scores, grade: gradeOf(scores), scoreCompleteness: completeness }, 'work');
};

/**
 * A monitored group's monthly forecast level under one version: the mean over every pair of its members of the work
 * pair forecast's monthly means (office, the default hours, no manager, from the forecast's first month). This is the
 * part of the forecast the scores move; the gate reads only its difference between two versions (outcomeMonths), so
 * the settings every version shares cancel out. Null with fewer than two scored people.
 */
export function groupLevel(people: readonly ScoredPerson[], version: ForecastVersion, firstMonth: string): number[] | null {
  if (people.length < 2) return null;
  const specialists = people.map((person) => specialistOf(person, version.scorer));
  const sums: number[] = [];
  let pairs = 0;
  for (let i = 0; i < specialists.length; i++) {
    for (let j = i + 1; j < specialists.length; j++) {
      const forecast = forecastPair(
        { kind: 'work', mode: 0, intensity: DEFAULT_INTENSITY, manager: null, startDay: `${firstMonth}-01`, a: specialists[i]!, b: specialists[j]! },
        version.params,
        { explainTop: 0 },
      );
      forecast.monthly.forEach((value, month) => (sums[month] = (sums[month] ?? 0) + value));
      pairs += 1;
    }
  }
  return sums.map((sum) => sum / pairs);
}
