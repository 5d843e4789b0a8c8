import {
  INTERACTION_WARNING_HOURS,
  PARTNER_SUFFIX,
  toAnswerMap,
  type ForecastAccuracy,
  type Gender,
  type PairActor,
  type PairDetails,
  type PairRequest,
  type PairResult,
  type SlotSide,
} from '@teamcast/contracts';
import type { PairForecast } from '@teamcast/engine';
import { monthlyMeans, monthStarts } from './pair-months.ts';
import type { PairProfile, PairRow } from './pairs.repository.ts';

/** Love and couple profiles describe people for the love model (LOVE, FRIEND); the others for the work model. */
export const isLoveProfile = (profile: Pick<PairProfile, 'kind'>) => profile.kind === 'love' || profile.kind === 'couple';

/** The index of a slot's person among a profile's love scores: a couple's partner is the second. */
export const sideIndex = (side: SlotSide) => (side === 'partner' ? 1 : 0);

/**
 * Completed (state ack_a) and scored for its model: a work profile has K, P, L and an age; a love or couple profile
 * has love scores for the person in the slot (docs/love-model.md).
 */
export function isFilled(profile: PairProfile, side: SlotSide = 'self'): boolean {
  if (profile.state !== 'ack_a') return false;
  if (isLoveProfile(profile)) return Boolean(profile.loveScores?.people[sideIndex(side)]);
  return profile.competencies !== null && profile.professionalism !== null && profile.maturity !== null && profile.age !== null;
}

/** Name, age and gender of the person in a slot: a couple's partner has his own names and 'both' answers. */
export function slotPerson(
  profile: PairProfile,
  side: SlotSide,
): { firstName: string | null; lastName: string | null; age: number | null; gender: Gender | null } {
  if (side === 'self' || profile.kind !== 'couple')
    return { firstName: profile.firstName, lastName: profile.lastName, age: profile.age, gender: profile.gender };
  const answers = toAnswerMap(profile.answers);
  const age = answers.get(`С_Возр${PARTNER_SUFFIX}`);
  const gender = answers.get(`С_Пол${PARTNER_SUFFIX}`);
  return {
    firstName: profile.partnerFirstName,
    lastName: profile.partnerLastName,
    age: typeof age === 'number' ? age : null,
    gender: gender === 'М' || gender === 'Ж' ? gender : null,
  };
}

export function presentActor(profile: PairProfile | undefined, side: SlotSide = 'self'): PairActor | null {
  if (!profile) return null;
  const person = slotPerson(profile, side);
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return {
    _id: profile.id,
    name,
    firstName: person.firstName,
    lastName: person.lastName,
    avatarName: side === 'self' ? profile.avatarName : null,
    gender: person.gender,
    age: person.age,
    isDemo: profile.isDemo,
    filled: isFilled(profile, side),
    kind: profile.kind,
    side,
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

export function presentPair(
  row: PairRow,
  people: Map<string, PairProfile>,
  unlocked: boolean,
  hours: Map<string, number>,
  accuracy: ForecastAccuracy | null,
  expertiseHidden: boolean,
): PairRequest {
  const slot = (id: string | null, side: SlotSide = 'self') => (id ? presentActor(people.get(id), side) : null);
  const actors = [slot(row.actor1Id, row.actor1Side), slot(row.actor2Id, row.actor2Side)];
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
