import { formatAnswer, stepSlots, type Answer, type Estimate, type EstimatorProfileItem, type Locale, type Step } from '@teamcast/contracts';
import { profileCode } from '../scoring/profile-code.ts';
import type { AssignedProfileRow, EstimateRow } from './estimator.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const latest = (...dates: (Date | null)[]) => dates.filter((date): date is Date => date !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;

export function presentEstimate(row: EstimateRow): Estimate {
  return {
    score: row.score,
    scorePrecise:
      row.competencies !== null && row.professionalism !== null && row.maturity !== null
        ? { competencies: row.competencies, professionalism: row.professionalism, maturity: row.maturity }
        : null,
    note: row.note,
    skipStatus: row.skipStatus,
    assignedAt: row.assignedAt.toISOString(),
    viewedAt: iso(row.viewedAt),
    ratedAt: iso(latest(row.ratedAt, row.preciseRatedAt)),
  };
}

/** Whether the estimator has saved a rating (main or precise) of the profile: until then the model's view is withheld. */
export const hasRated = (estimate: EstimateRow) => estimate.ratedAt !== null || estimate.preciseRatedAt !== null;

/** A profile for an estimator: a code instead of names, no contacts; the model's grade and scores only after his rating. */
export function presentAssigned({ profile, estimate }: AssignedProfileRow): EstimatorProfileItem {
  const withheld = !hasRated(estimate);
  const scored = !withheld && profile.competencies !== null && profile.professionalism !== null && profile.maturity !== null;
  return {
    _id: profile.id,
    code: profileCode(profile.id),
    kind: profile.kind,
    age: profile.age,
    gender: profile.gender,
    position: profile.position,
    isDemo: profile.isDemo,
    grade: withheld ? null : profile.grade,
    modelWithheld: withheld,
    scores: scored ? { competencies: profile.competencies!, professionalism: profile.professionalism!, maturity: profile.maturity! } : null,
    estimate: presentEstimate(estimate),
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

/** The answers in questionnaire order, as text in the language. */
export function presentAnswers(steps: readonly Step[], answers: readonly Answer[], locale: Locale) {
  const byNeuron = new Map(answers.map((answer) => [answer.neuron, answer.value]));
  return steps.flatMap((step) =>
    stepSlots(step)
      .filter((slot) => byNeuron.has(slot.neuron))
      .map((slot) => ({
        step: step.title[locale],
        neuron: slot.neuron,
        question: slot.question.text[locale],
        answer: formatAnswer(slot.question, byNeuron.get(slot.neuron), locale),
      })),
  );
}
