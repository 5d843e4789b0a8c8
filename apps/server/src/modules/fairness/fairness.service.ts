import { AUDIT_OUTCOMES, toAnswerMap, type AuditDimension, type AuditOutcome, type BiasAudit, type EstimatorLabelBias, type Step } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { allRatings, completedProfiles } from '../scoring/scoring.service.ts';
import type { Scorer } from '../scoring/scorer.ts';
import { runBiasAudit, type AuditPerson } from './audit-run.ts';
import { FOUR_FIFTHS } from './bias-audit.ts';
import { estimatorLabelBias, type RatedPerson } from './estimator-bias.ts';
import { estimatorNames } from './fairness.repository.ts';
import { ageBandOf, familyStatusOf, referencePopulation, type ReferencePerson } from './reference-population.ts';

export type AuditSettings = { size: number; partnersPerPerson: number; bootstrap: number; seed: number; minGroupSize: number };

/**
 * The audit the server runs on the model page and at publish time: smaller than the documented one (docs/fairness.md
 * uses 2000 people) so a publish stays within a few seconds, with the same seed and distributions.
 */
export const SERVER_AUDIT: AuditSettings = { size: 600, partnersPerPerson: 8, bootstrap: 400, seed: 2026, minGroupSize: 30 };
/** A candidate whose lowest ratio of an outcome is more than this below the published model's is 'worse'. */
export const WORSE_TOLERANCE = 0.05;

/** The reference population is drawn against the shipped standard questionnaire, whose questions its distributions describe. */
export const referenceSteps = (): readonly Step[] => shippedQuestionnaires.find((questionnaire) => questionnaire.kind === 'standard')!.steps;

const populations = new Map<string, ReferencePerson[]>();
function population(steps: readonly Step[], size: number, seed: number): ReferencePerson[] {
  const key = `${size}:${seed}`;
  let people = populations.get(key);
  if (!people || steps !== referenceSteps()) {
    people = referencePopulation(steps, size, seed);
    if (steps === referenceSteps()) populations.set(key, people);
  }
  return people;
}

/** The bias audit of a scorer over the reference population. */
export function referenceAudit(steps: readonly Step[], scorer: Scorer, settings: AuditSettings): BiasAudit {
  return runBiasAudit(scorer, population(steps, settings.size, settings.seed), { population: 'reference', ...settings });
}

/** Fewest completed non-demo profiles before the installation's own people are audited (2 groups of minGroupSize). */
export const MIN_INSTALLATION_PROFILES = 2 * SERVER_AUDIT.minGroupSize;

/** The audit over this installation's completed non-demo profiles; null while there are too few of them. */
export async function installationAudit(db: Db, scorer: Scorer): Promise<{ profiles: number; audit: BiasAudit | null }> {
  const people: AuditPerson[] = (await completedProfiles(db))
    .filter((profile) => !profile.isDemo)
    .map((profile) => {
      const answers = toAnswerMap(profile.answers);
      const children = Number(answers.get('С_Дети'));
      const living = answers.get('С_Проживание');
      return {
        id: profile.id,
        answers: profile.answers,
        sex: profile.gender,
        age: profile.age,
        ageBand: profile.age === null ? null : ageBandOf(profile.age),
        family: living === undefined ? null : familyStatusOf(living === 'Партнёр', Number.isFinite(children) ? children : 0),
      };
    });
  if (people.length < MIN_INSTALLATION_PROFILES) return { profiles: people.length, audit: null };
  return { profiles: people.length, audit: runBiasAudit(scorer, people, { population: 'installation', ...SERVER_AUDIT }) };
}

/** Each estimator's labels against the rated people's age (docs/fairness.md, 'Estimators'). */
export async function labelBias(db: Db): Promise<EstimatorLabelBias[]> {
  const [ratings, profiles] = await Promise.all([allRatings(db), completedProfiles(db)]);
  const people = new Map<string, RatedPerson>();
  for (const profile of profiles) {
    const experience = Number(toAnswerMap(profile.answers).get('С_Стаж'));
    if (profile.age !== null && Number.isFinite(experience)) people.set(profile.id, { age: profile.age, experience });
  }
  const names = await estimatorNames(db, [...new Set(ratings.map((rating) => rating.estimatorId))]);
  return estimatorLabelBias(ratings, people, names);
}

const GROUP_NAMES: Record<string, { en: string; ru: string }> = {
  М: { en: 'men', ru: 'мужчины' },
  Ж: { en: 'women', ru: 'женщины' },
  single: { en: 'single, no children', ru: 'без партнёра и детей' },
  partner: { en: 'with a partner, no children', ru: 'с партнёром, без детей' },
  partner_children: { en: 'with a partner and children', ru: 'с партнёром и детьми' },
  single_parent: { en: 'single parents', ru: 'одинокие родители' },
};
const OUTCOME_NAMES: Record<AuditOutcome, { en: string; ru: string }> = {
  workGood: { en: 'work forecasts "good" or better', ru: 'рабочие прогнозы «хорошо» и лучше' },
  level2: { en: 'recommendation level 2 or higher', ru: 'рекомендация уровня 2 и выше' },
  level3: { en: 'recommendation level 3 or higher', ru: 'рекомендация уровня 3 и выше' },
  level4: { en: 'recommendation level 4 or higher', ru: 'рекомендация уровня 4 и выше' },
  level5: { en: 'recommendation level 5 or higher', ru: 'рекомендация уровня 5 и выше' },
  level6: { en: 'recommendation level 6', ru: 'рекомендация уровня 6' },
  gradeMiddle: { en: 'grade MIDDLE or higher', ru: 'грейд MIDDLE и выше' },
};

/** A group's name in both languages: 'age 26–35', 'women aged ≤25', 'single parents'. */
export function groupNames(dimension: AuditDimension, group: string): { en: string; ru: string } {
  if (dimension === 'age') return { en: `age ${group}`, ru: `возраст ${group}` };
  if (dimension === 'sexAge') {
    const [sex, band] = group.split(' ');
    return { en: `${GROUP_NAMES[sex!]!.en} aged ${band}`, ru: `${GROUP_NAMES[sex!]!.ru} ${band}` };
  }
  return GROUP_NAMES[group] ?? { en: group, ru: group };
}

const two = (value: number) => value.toFixed(2);

/** Lowest assessed ratio of an outcome and its group. */
function lowest(audit: BiasAudit, outcome: AuditOutcome) {
  let found: { dimension: AuditDimension; group: string; ratio: number } | null = null;
  for (const group of audit.groups) {
    const ratio = group.ratios[outcome].ratio;
    if (ratio !== null && (!found || ratio < found.ratio)) found = { dimension: group.dimension, group: group.group, ratio };
  }
  return found;
}

/**
 * The publish gate: the candidate's audit (computed now) fails, or one of its outcomes' lowest ratio is worse than the
 * published model's (or the prior's) by more than WORSE_TOLERANCE. Answers the refusal, or null to let it through.
 */
export function gateRefusal(candidate: BiasAudit, published: BiasAudit): AppError | null {
  // The work forecast's own outcome names the refusal when it fails; otherwise the lowest ratio.
  const failure = [...candidate.failures].sort((a, b) => Number(a.outcome !== 'workGood') - Number(b.outcome !== 'workGood') || a.ratio - b.ratio)[0];
  if (failure) {
    const group = groupNames(failure.dimension, failure.group);
    const outcome = OUTCOME_NAMES[failure.outcome];
    return new AppError('fairness_below_bar', {
      groupEn: group.en,
      groupRu: group.ru,
      outcomeEn: outcome.en,
      outcomeRu: outcome.ru,
      ratio: two(failure.ratio),
      low: two(failure.low),
      high: two(failure.high),
      bar: FOUR_FIFTHS,
    });
  }
  for (const outcome of AUDIT_OUTCOMES) {
    const ours = lowest(candidate, outcome);
    const theirs = lowest(published, outcome);
    if (ours && theirs && ours.ratio < theirs.ratio - WORSE_TOLERANCE) {
      const group = groupNames(ours.dimension, ours.group);
      const name = OUTCOME_NAMES[outcome];
      return new AppError('fairness_worse_than_published', {
        groupEn: group.en,
        groupRu: group.ru,
        outcomeEn: name.en,
        outcomeRu: name.ru,
        ratio: two(ours.ratio),
        published: two(theirs.ratio),
      });
    }
  }
  return null;
}
