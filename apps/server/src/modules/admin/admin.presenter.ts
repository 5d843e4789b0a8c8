import type { AdminEstimator, AdminOwner, AdminProfile, AdminProfileDetail, AdminProfileStatus } from '@teamcast/contracts';
import type { EstimateRow, EstimatorRow, FinalScoreRow, OwnerRow, ProfileRow, SubscriptionRow } from './admin.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentOwner(row: OwnerRow, extra: { subscription?: SubscriptionRow; mainProfile?: ProfileRow; profilesCount: number }): AdminOwner {
  const sub = extra.subscription;
  const main = extra.mainProfile;
  return {
    _id: row.id,
    email: row.email,
    status: row.status,
    variant: row.variant,
    companyName: row.companyName,
    subscribe: sub
      ? {
          plan: sub.plan,
          status: sub.status,
          startedAt: sub.startedAt.toISOString(),
          currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        }
      : null,
    mainProfile: main ? { _id: main.id, firstName: main.firstName, lastName: main.lastName } : null,
    profilesCount: extra.profilesCount,
    verified: row.verifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastVisitAt: iso(row.lastVisitAt),
  };
}

export function presentEstimator(row: EstimatorRow, profilesCount: number): AdminEstimator {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    information: row.information,
    nextProfileBatch: row.nextProfileBatch,
    profilesCount,
    createdAt: row.createdAt.toISOString(),
    lastVisitAt: iso(row.lastVisitAt),
  };
}

const hasScore = (estimate: EstimateRow) => estimate.score !== null || estimate.competencies !== null;

/**
 * The administrator's status of a profile, first match wins: deleted; suspicious or skipped (an estimator's flag);
 * estimated (a score by an estimator or the administrator); approved (questionnaire submitted); completed (answers
 * started, not submitted); empty.
 */
export function adminProfileStatus(row: ProfileRow, estimates: EstimateRow[], final: FinalScoreRow | undefined): AdminProfileStatus {
  if (row.state === 'deleted' || row.state === 'delete_keep') return 'deleted';
  if (estimates.some((estimate) => estimate.skipStatus === 'suspicious')) return 'suspicious';
  if (estimates.some((estimate) => estimate.skipStatus === 'normal')) return 'skipped';
  if (estimates.some(hasScore) || (final && (final.score !== null || final.competencies !== null))) return 'estimated';
  if (row.state === 'ack_a') return 'approved';
  if (row.state === 'answered') return 'completed';
  return 'empty';
}

const kplOf = (row: { competencies: number | null; professionalism: number | null; maturity: number | null } | undefined) =>
  row && row.competencies !== null && row.professionalism !== null && row.maturity !== null
    ? { competencies: row.competencies, professionalism: row.professionalism, maturity: row.maturity }
    : null;

export function presentProfile(row: ProfileRow, extra: { owner?: OwnerRow; estimates: EstimateRow[]; final?: FinalScoreRow }): AdminProfile {
  return {
    _id: row.id,
    kind: row.kind,
    status: adminProfileStatus(row, extra.estimates, extra.final),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    position: row.position,
    isDemo: row.isDemo,
    owner: extra.owner ? { _id: extra.owner.id, email: extra.owner.email, companyName: extra.owner.companyName } : null,
    grade: row.grade,
    scores: kplOf(row),
    finalScore: extra.final?.score ?? null,
    finalScorePrecise: kplOf(extra.final),
    estimatesCount: extra.estimates.length,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentProfileDetail(row: ProfileRow, extra: { owner?: OwnerRow; estimates: EstimateRow[]; final?: FinalScoreRow }): AdminProfileDetail {
  return {
    ...presentProfile(row, extra),
    answersCount: row.answers.length,
    estimates: extra.estimates.map((estimate) => ({
      estimatorId: estimate.estimatorId,
      estimatorName: estimate.estimatorName,
      score: estimate.score,
      scorePrecise: kplOf(estimate),
      skipStatus: estimate.skipStatus,
      note: estimate.note,
    })),
  };
}
