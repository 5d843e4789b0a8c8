import crypto from 'node:crypto';
import { PARTNER_SUFFIX, type AnswerValue } from '@teamcast/contracts';
import { profiles } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { fillAnswers } from '../profiles/answers.fixture.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { scoreLoveProfile } from '../scoring/love-scoring.ts';

type ProfileValues = Partial<typeof profiles.$inferInsert>;

/** Inserts a profile row for tests; by default completed (ack_a) and scored, as the scoring module leaves it. */
export async function insertProfile(t: TestApp, ownerId: string, values: ProfileValues = {}): Promise<string> {
  const id = values.id ?? crypto.randomUUID();
  await t.database.db.insert(profiles).values({
    id,
    ownerId,
    kind: 'standard',
    state: 'ack_a',
    firstName: 'Anna',
    lastName: 'Test',
    age: 30,
    gender: 'Ж',
    competencies: 60,
    professionalism: 55,
    maturity: 65,
    grade: 'MIDDLE',
    answers: [
      { neuron: 'С_Стаж', value: 8 },
      { neuron: 'С_Руков_Стаж', value: 2 },
      { neuron: 'С_Бизнес', value: 'Нет' },
    ],
    permalink: crypto.randomBytes(12).toString('base64url'),
    linkExpiresAt: new Date(Date.now() + 86_400_000),
    completedAt: new Date(),
    ...values,
  });
  return id;
}

/** Two filled profiles with different scores, ready for a pair. */
export async function filledPair(t: TestApp, ownerId: string): Promise<[string, string]> {
  const a = await insertProfile(t, ownerId, { firstName: 'Anna', lastName: 'Ivanova', gender: 'Ж', age: 29 });
  const b = await insertProfile(t, ownerId, {
    firstName: 'Boris',
    lastName: 'Petrov',
    gender: 'М',
    age: 41,
    competencies: 80,
    professionalism: 70,
    maturity: 50,
    grade: 'SENIOR',
  });
  return [a, b];
}

const loveSteps = shippedQuestionnaires.find((q) => q.kind === 'love')!.steps;
const coupleSteps = shippedQuestionnaires.find((q) => q.kind === 'couple')!.steps;

/** Love answers of a warm, committed person and of a cooler, hesitant one (for love profiles in tests). */
export const WARM_LOVE: Record<string, AnswerValue> = {
  С_Пол: 'Ж',
  Л_Притяжение: 9,
  Л_Баланс: 6,
  Л_Время_Вместе: 30,
  Л_Второй_Шанс: 'Да',
  Л_Расстояние: 'Вместе',
  Л_Язык_Любви: 'Время',
};
export const COOL_LOVE: Record<string, AnswerValue> = {
  С_Пол: 'М',
  Л_Притяжение: 4,
  Л_Баланс: 2,
  Л_Время_Вместе: 5,
  Л_Второй_Шанс: 'Нет',
  Л_Расстояние: 'Далеко',
  Л_Язык_Любви: 'Подарки',
};

/**
 * A completed love profile as the scoring module leaves it: answers of the shipped love questionnaire and the love
 * scores the love model's rules give them (no K, P, L, no grade).
 */
export async function insertLoveProfile(
  t: TestApp,
  ownerId: string,
  overrides: Record<string, AnswerValue> = WARM_LOVE,
  values: ProfileValues = {},
): Promise<string> {
  const answers = fillAnswers(loveSteps, overrides);
  return insertProfile(t, ownerId, {
    kind: 'love',
    firstName: 'Maria',
    lastName: null,
    birthDate: new Date('1996-05-01T00:00:00Z'),
    age: 30,
    competencies: null,
    professionalism: null,
    maturity: null,
    grade: null,
    answers,
    loveScores: scoreLoveProfile('love', answers, new Map()).scores,
    scoredAt: new Date(),
    ...values,
  });
}

/** A completed couple profile (Yan and his partner Ira), with both people's love scores. */
export async function insertCoupleProfile(t: TestApp, ownerId: string, values: ProfileValues = {}): Promise<string> {
  const answers = fillAnswers(coupleSteps, {
    С_Пол: 'М',
    [`С_Пол${PARTNER_SUFFIX}`]: 'Ж',
    С_Возр: 33,
    [`С_Возр${PARTNER_SUFFIX}`]: 31,
    Л_Притяжение: 8,
    [`Л_Притяжение${PARTNER_SUFFIX}`]: 6,
    П_Стаж: 4,
  });
  return insertProfile(t, ownerId, {
    kind: 'couple',
    firstName: 'Yan',
    lastName: null,
    partnerFirstName: 'Ira',
    age: 33,
    gender: 'М',
    competencies: null,
    professionalism: null,
    maturity: null,
    grade: null,
    answers,
    loveScores: scoreLoveProfile('couple', answers, new Map()).scores,
    scoredAt: new Date(),
    ...values,
  });
}

/** Two filled love profiles (Maria, warm; Pavel, cool), ready for LOVE and FRIEND. */
export async function filledLovePair(t: TestApp, ownerId: string): Promise<[string, string]> {
  const a = await insertLoveProfile(t, ownerId, WARM_LOVE, { firstName: 'Maria' });
  const b = await insertLoveProfile(t, ownerId, COOL_LOVE, { firstName: 'Pavel', gender: 'М', age: 34, birthDate: new Date('1992-02-01T00:00:00Z') });
  return [a, b];
}
