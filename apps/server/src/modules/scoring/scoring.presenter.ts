import type { ProfileExplanation, ScoreExplanation, ScoringModel } from '@teamcast/contracts';
import { ProfileExplanationSchema, ScoreExplanationSchema } from '@teamcast/contracts';
import type { ModelRow } from './scoring.repository.ts';
import type { TrainingOptions } from './train.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentModel(row: ModelRow): ScoringModel {
  const options = row.options as TrainingOptions;
  return {
    _id: row.id,
    family: row.family,
    featureVersion: row.featureVersion,
    status: row.status,
    progress: row.progress,
    loss: row.loss,
    error: row.error,
    options: { seed: options.seed, epochs: options.epochs, hidden: options.hidden },
    profilesCount: row.profilesCount,
    estimatorsCount: row.estimatorsCount,
    trainCount: row.trainCount,
    testCount: row.testCount,
    metrics: (row.metrics as ScoringModel['metrics']) ?? null,
    evaluation: (row.evaluation as ScoringModel['evaluation']) ?? null,
    isDemo: row.isDemo,
    demoLabels: row.demoLabels,
    fairness: (row.fairness as ScoringModel['fairness']) ?? null,
    isCurrent: row.isCurrent,
    createdAt: row.createdAt.toISOString(),
    trainedAt: iso(row.trainedAt),
    uploadedAt: iso(row.uploadedAt),
    publishedAt: iso(row.publishedAt),
  };
}

/** A stored explanation, checked against the contract (an unreadable one is treated as absent). */
export function presentExplanation(stored: unknown): ScoreExplanation | null {
  const parsed = ScoreExplanationSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** A stored explanation of either kind (work or love scores), for the owner's profile screen. */
export function presentProfileExplanation(stored: unknown): ProfileExplanation | null {
  const parsed = ProfileExplanationSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
