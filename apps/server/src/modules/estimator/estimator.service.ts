import type { z } from 'zod';
import type { EstimatorProfilesQuerySchema, EstimatorProfileView, KplScores, Locale, SkipStatus } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { explanationOf, stepsOfProfile } from '../scoring/scoring.service.ts';
import { hasRated, presentAnswers, presentAssigned, presentEstimate } from './estimator.presenter.ts';
import { assignBatch, batchSizeOf, findAssigned, listAssigned, updateEstimate } from './estimator.repository.ts';

export async function listProfiles(db: Db, estimatorId: string, query: z.output<typeof EstimatorProfilesQuerySchema>) {
  const { rows, total, nextCursor } = await listAssigned(db, estimatorId, query);
  return { items: rows.map(presentAssigned), total, nextCursor };
}

async function assigned(db: Db, estimatorId: string, profileId: string) {
  const row = await findAssigned(db, estimatorId, profileId);
  if (!row) throw new AppError('profile_not_found');
  return row;
}

/** One assigned profile with its answers, and the model's explanation once he has rated it; the first opening marks it viewed. */
export async function viewProfile(db: Db, estimatorId: string, profileId: string, locale: Locale): Promise<EstimatorProfileView> {
  const row = await assigned(db, estimatorId, profileId);
  if (!row.estimate.viewedAt) row.estimate = await updateEstimate(db, estimatorId, profileId, { viewedAt: new Date() });
  const steps = await stepsOfProfile(db, row.profile);
  return {
    ...presentAssigned(row),
    answers: presentAnswers(steps, row.profile.answers, locale),
    explanation: hasRated(row.estimate) ? await explanationOf(db, profileId) : null,
  };
}

export async function rate(db: Db, estimatorId: string, profileId: string, score: number) {
  await assigned(db, estimatorId, profileId);
  return presentEstimate(await updateEstimate(db, estimatorId, profileId, { score, ratedAt: new Date() }));
}

export async function ratePrecise(db: Db, estimatorId: string, profileId: string, scores: KplScores) {
  await assigned(db, estimatorId, profileId);
  return presentEstimate(await updateEstimate(db, estimatorId, profileId, { ...scores, preciseRatedAt: new Date() }));
}

export async function setNote(db: Db, estimatorId: string, profileId: string, content: string) {
  await assigned(db, estimatorId, profileId);
  return presentEstimate(await updateEstimate(db, estimatorId, profileId, { note: content, noteUpdatedAt: new Date() }));
}

export async function setSkipStatus(db: Db, estimatorId: string, profileId: string, skipStatus: SkipStatus | null) {
  await assigned(db, estimatorId, profileId);
  return presentEstimate(await updateEstimate(db, estimatorId, profileId, { skipStatus }));
}

/** Hands the estimator his next batch (his nextProfileBatch size); answers how many profiles were assigned. */
export async function assignNext(db: Db, estimatorId: string): Promise<{ batchSize: number }> {
  const size = await batchSizeOf(db, estimatorId);
  if (size === undefined) throw new AppError('user_not_found');
  return { batchSize: await assignBatch(db, estimatorId, size) };
}
