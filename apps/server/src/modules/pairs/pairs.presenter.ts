import { INTERACTION_WARNING_HOURS, type ForecastAccuracy, type PairActor, type PairDetails, type PairRequest, type PairResult } from '@teamcast/contracts';
import type { PairForecast } from '@teamcast/engine';
import { monthlyMeans, monthStarts } from './pair-months.ts';
import type { PairProfile, PairRow } from './pairs.repository.ts';

/** Completed (state ack_a) and scored, with an age: the engine can run with this person. */
export function isFilled(profile: PairProfile): boolean {
  return profile.state === 'ack_a' && profile.competencies !== null && profile.professionalism !== null && profile.maturity !== null && profile.age !== null;
}

export function presentActor(profile: PairProfile | undefined): PairActor | null {
  if (!profile) return null;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return {
    _id: profile.id,
    name,
    firstName: profile.firstName,
    lastName: profile.lastName,
    avatarName: profile.avatarName,
    gender: profile.gender,
    age: profile.age,
    isDemo: profile.isDemo,
    filled: isFilled(profile),
  };
}

/** Love and friendship reports are the paid ones: locked until the pair is unlocked. */
export const isLockable = (kind: PairForecast['kind']) => kind === 'LOVE' || kind === 'FRIEND';

export function presentDetails(forecast: PairForecast, startDay: string, expertiseHidden = false): PairDetails {
  return {
    expectations: forecast.expectations,
    outlook: forecast.outlook,
    monthly: forecast.monthly,
    monthlyBand: forecast.band ? { p10: monthlyMeans(forecast.band.daily.p10, startDay), p90: monthlyMeans(forecast.band.daily.p90, startDay) } : null,
    headlineBand: forecast.band
      ? { compatibility: forecast.band.compatibility, yearlySatisfaction: forecast.band.yearlySatisfaction, settled: forecast.band.settled }
      : null,
    months: monthStarts(startDay),
    bestMonth: forecast.bestMonth,
    worstMonth: forecast.worstMonth,
    persons: forecast.persons.map((person) => ({
      _id: person.id,
      satisfaction: person.satisfaction,
      firstImpression: person.firstImpression,
      settled: person.settled,
      monthly: person.monthly,
      competences: expertiseHidden ? null : person.competences,
    })),
    blocks: forecast.blocks,
    explanation: expertiseHidden ? [] : forecast.explanation,
  };
}

/**
 * The stored forecast as the owner may see it. A locked love report carries the summary only: the details never
 * leave the server until the pair is paid for. Accuracy is the scoring's forecast accuracy (a figure only when it is
 * validated on real labels, else the reason; docs/scoring-model.md, "Accuracy").
 */
export function presentResult(row: PairRow, unlocked: boolean, accuracy: ForecastAccuracy | null, expertiseHidden: boolean): PairResult | null {
  const forecast = row.result;
  // The caller reads the accuracy only for a pair with a result.
  if (!forecast || !row.runAt || !accuracy) return null;
  const locked = isLockable(forecast.kind) && !unlocked;
  return {
    kind: forecast.kind,
    runAt: row.runAt.toISOString(),
    summary: { compatibility: forecast.compatibility, yearlySatisfaction: forecast.yearlySatisfaction, recommendation: forecast.recommendation },
    locked,
    expertiseHidden,
    details: locked ? null : presentDetails(forecast, row.startDay, expertiseHidden),
    accuracy,
    paramsVersion: forecast.paramsVersion,
  };
}

export function presentPair(row: PairRow, people: Map<string, PairProfile>, unlocked: boolean, hours: Map<string, number>, accuracy: ForecastAccuracy | null, expertiseHidden: boolean): PairRequest {
  const slot = (id: string | null) => (id ? presentActor(people.get(id)) : null);
  const actors = [slot(row.actor1Id), slot(row.actor2Id)];
  return {
    _id: row.id,
    sceneId: row.sceneId,
    actors,
    manager: slot(row.managerId),
    startDay: row.startDay,
    mode: row.mode === 1 ? 1 : 0,
    intensity: row.intensity,
    ready: actors.every((actor) => actor?.filled === true),
    result: presentResult(row, unlocked, accuracy, expertiseHidden),
    warnings: [...hours]
      .filter(([, total]) => total > INTERACTION_WARNING_HOURS)
      .map(([personId, total]) => ({ personId, hours: total, limit: INTERACTION_WARNING_HOURS })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
