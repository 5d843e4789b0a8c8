import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileExplanations } from '../../db/schema/index.ts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { generatePeople } from '../demo/demo-data.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { NO_ANSWER, ProfileSchema, type Answer } from '@teamcast/contracts';
import { TYPICAL_ANSWERS } from './imputation.ts';
import { PROTECTED_NEURONS } from './protected-inputs.ts';
import { profileRow } from './scoring.test-support.ts';
import { subscribe } from '../scenes/scenes.test-support.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  other = await createOwner(t);
  // The explanation is expertise: Basic shows it (plans.matrix.test.ts covers the plans that hide it).
  await subscribe(t.database.db, owner.id, 'LITE_1M');
});
afterAll(async () => t.close());

describe('scoring a completed profile', () => {
  it('scores a profile when its questionnaire is sent, and explains the scores to its owner only', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/owner/profiles',
      headers: owner.headers,
      payload: { kind: 'standard', firstName: 'Ирина', lastName: 'Лебедева' },
    });
    expect(created.statusCode).toBeLessThan(300);
    const profile = created.json().result;
    expect(profile.scores.grade).toBeNull();
    const [person] = generatePeople(shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps, 1, 99);
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/profile/${profile.permalink}`,
      payload: { answers: person!.answers, complete: true, consent: true },
    });
    expect(sent.statusCode).toBe(200);

    const row = await profileRow(t, profile._id);
    expect(row.state).toBe('ack_a');
    expect(row.grade).not.toBeNull();
    expect(row.modelId).toBeNull();
    expect(row.scoredAt).not.toBeNull();

    const explanation = await t.app.inject({ method: 'GET', url: `/api/owner/profiles/${profile._id}/explanation`, headers: owner.headers });
    expect(explanation.statusCode).toBe(200);
    const result = explanation.json().result;
    expect(result.source).toBe('prior');
    expect(result.competencies.length).toBeGreaterThan(0);
    expect(result.competencies[0]).toMatchObject({
      neuron: expect.any(String),
      question: { ru: expect.any(String), en: expect.any(String) },
      points: expect.any(Number),
    });

    // Additive: baseline + the listed answers + the rest + the scale's limit = the score, for every output.
    for (const output of ['competencies', 'professionalism', 'maturity'] as const) {
      const sum = result.sums[output];
      const listed = result[output].reduce((total: number, item: { points: number }) => total + item.points, 0);
      expect(sum.baseline + listed + sum.others + sum.limit).toBeCloseTo(sum.score, 9);
      expect(sum.score).toBeCloseTo(row[output]!, 1);
    }

    // An explanation stored in the older form (no sums) is brought up to date when read.
    await t.database.db
      .update(profileExplanations)
      .set({ explanation: { source: 'prior', modelId: null, competencies: [], professionalism: [], maturity: [] } })
      .where(eq(profileExplanations.profileId, profile._id));
    const upgraded = await t.app.inject({ method: 'GET', url: `/api/owner/profiles/${profile._id}/explanation`, headers: owner.headers });
    expect(upgraded.json().result).toEqual(result);

    const foreign = await t.app.inject({ method: 'GET', url: `/api/owner/profiles/${profile._id}/explanation`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('profile_not_found');
  });
});

/** Creates a standard profile of the owner, sends these answers as the visitor would, and reads it back. */
async function sendAnswers(answers: Answer[]) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/owner/profiles',
    headers: owner.headers,
    payload: { kind: 'standard', firstName: 'Олег', lastName: 'Смирнов' },
  });
  const profile = created.json().result;
  const sent = await t.app.inject({ method: 'PATCH', url: `/api/profile/${profile.permalink}`, payload: { answers, complete: true, consent: true } });
  expect(sent.statusCode).toBe(200);
  const read = await t.app.inject({ method: 'GET', url: `/api/owner/profiles/${profile._id}`, headers: owner.headers });
  return ProfileSchema.parse(read.json().result);
}

describe('age, sex and family answers', () => {
  it('leave the scores, grade and a work pair forecast unchanged when only they differ', async () => {
    const steps = shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps;
    const [first, second] = generatePeople(steps, 2, 41);
    // The same work answers, another person's sex, age and family: as young as the answers allow (23, or the youngest
    // age the plausibility rules accept for this work record), a woman, living with a partner, three children.
    const years = (answers: Answer[], neuron: string) => Number(answers.find((answer) => answer.neuron === neuron)?.value) || 0;
    const youngest = (answers: Answer[]) => Math.max(23, 14 + years(answers, 'С_Стаж'), 14 + years(answers, 'С_Бизнес_Лет'));
    const other = (answers: Answer[]) => {
      const kept = answers.filter((answer) => !PROTECTED_NEURONS.has(answer.neuron));
      const replaced: Answer[] = [
        { neuron: 'С_Пол', value: 'Ж' },
        { neuron: 'С_Возр', value: youngest(answers) },
        { neuron: 'С_Учёба_Сейчас', value: 'Да' },
        { neuron: 'С_Служба', value: 'Нет' },
        { neuron: 'С_Проживание', value: 'Партнёр' },
        { neuron: 'С_Партнёр_Стаж', value: 4 },
        { neuron: 'С_Партнёр_Возр', value: 30 },
        { neuron: 'С_Дети', value: 3 },
        { neuron: 'С_Дети_Возр', value: [1, 6] },
        { neuron: 'С_Мать', value: 'До_18' },
        { neuron: 'С_Отец', value: NO_ANSWER },
        { neuron: 'С_Сиблинги', value: 0 },
        { neuron: 'С_Утрата', value: 'Родственник' },
      ];
      return [...kept, ...replaced];
    };
    const people = [
      await sendAnswers(first!.answers),
      await sendAnswers(second!.answers),
      await sendAnswers(other(first!.answers)),
      await sendAnswers(other(second!.answers)),
    ];
    expect(people[2]!.age).toBe(youngest(first!.answers));
    expect(people[2]!.age).toBeLessThan(people[0]!.age!);
    const { modelId: _a, scoredAt: _b, ...scoresA } = people[0]!.scores;
    const { modelId: _c, scoredAt: _d, ...scoresC } = people[2]!.scores;
    expect(scoresC).toEqual(scoresA);

    const forecast = async (a: string, b: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/scene/p2p',
        headers: owner.headers,
        payload: { actors: [a, b], startDay: '2026-11-01', mode: 0, intensity: 5 },
      });
      const run = await t.app.inject({ method: 'PUT', url: `/api/scene/p2p/${created.json().result._id}/run`, headers: owner.headers, payload: {} });
      expect(run.statusCode).toBe(200);
      // The people's ids differ, so they are named by their slot.
      const { runAt: _runAt, ...result } = run.json().result.result;
      return JSON.parse(JSON.stringify(result).replaceAll(a, 'first').replaceAll(b, 'second'));
    };
    expect(await forecast(people[2]!._id, people[3]!._id)).toEqual(await forecast(people[0]!._id, people[1]!._id));
  });
});

describe('missing answers', () => {
  const sendProfile = async (answers: Answer[]) => (await sendAnswers(answers)).scores;

  it("scores 'no answer' as the population's typical answer and returns a lower completeness with the scores", async () => {
    const steps = shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps;
    // Someone whose university answer hides no other question, and who answered everything else.
    const person = generatePeople(steps, 80, 5).find(
      (p) =>
        ['Нет', 'Неоконченное', 'Бакалавр'].includes(String(p.answers.find((a) => a.neuron === 'С_ВУЗ')?.value)) &&
        !JSON.stringify(p.answers).includes(NO_ANSWER),
    )!;
    const withUniversity = (value: Answer['value']) => person.answers.map((answer) => (answer.neuron === 'С_ВУЗ' ? { ...answer, value } : answer));

    const typical = await sendProfile(withUniversity(TYPICAL_ANSWERS['С_ВУЗ']!));
    const withheld = await sendProfile(withUniversity(NO_ANSWER));
    const none = await sendProfile(withUniversity('Нет'));

    expect(typical.completeness).toBe(1);
    expect(withheld.completeness).toBeGreaterThan(0.9);
    expect(withheld.completeness).toBeLessThan(1);
    expect(withheld.competencies).toBe(typical.competencies);
    expect(withheld.competencies!).toBeGreaterThan(none.competencies!);
  });
});
