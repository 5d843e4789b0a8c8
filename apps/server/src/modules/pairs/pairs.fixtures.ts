import crypto from 'node:crypto';
import { profiles } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';

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
  const b = await insertProfile(t, ownerId, { firstName: 'Boris', lastName: 'Petrov', gender: 'М', age: 41, competencies: 80, professionalism: 70, maturity: 50, grade: 'SENIOR' });
  return [a, b];
}
