import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { generatePeople } from '../demo/demo-data.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { NO_ANSWER, ProfileSchema, type Answer } from '@teamcast/contracts';
import { TYPICAL_ANSWERS } from './imputation.ts';
import { profileRow } from './scoring.test-support.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  other = await createOwner(t);
});
afterAll(async () => t.close());

describe('scoring a completed profile', () => {
  it('scores a profile when its questionnaire is sent, and explains the scores to its owner only', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/owner/profiles', headers: owner.headers, payload: { kind: 'standard', firstName: 'Ирина', lastName: 'Лебедева' } });
    expect(created.statusCode).toBeLessThan(300);
    const profile = created.json().result;
    expect(profile.scores.grade).toBeNull();
    const [person] = generatePeople(shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps, 1, 99);
    const sent = await t.app.inject({ method: 'PATCH', url: `/api/profile/${profile.permalink}`, payload: { answers: person!.answers, complete: true, consent: true } });
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
    expect(result.competencies[0]).toMatchObject({ neuron: expect.any(String), question: { ru: expect.any(String), en: expect.any(String) }, points: expect.any(Number) });

    const foreign = await t.app.inject({ method: 'GET', url: `/api/owner/profiles/${profile._id}/explanation`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('profile_not_found');
  });
});

describe('missing answers', () => {
  async function sendProfile(answers: Answer[]) {
    const created = await t.app.inject({ method: 'POST', url: '/api/owner/profiles', headers: owner.headers, payload: { kind: 'standard', firstName: 'Олег', lastName: 'Смирнов' } });
    const profile = created.json().result;
    const sent = await t.app.inject({ method: 'PATCH', url: `/api/profile/${profile.permalink}`, payload: { answers, complete: true, consent: true } });
    expect(sent.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/owner/profiles/${profile._id}`, headers: owner.headers });
    return ProfileSchema.parse(read.json().result).scores;
  }

  it("scores 'no answer' as the population's typical answer and returns a lower completeness with the scores", async () => {
    const steps = shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps;
    // Someone whose university answer hides no other question, and who answered everything else.
    const person = generatePeople(steps, 80, 5).find(
      (p) => ['Нет', 'Неоконченное', 'Бакалавр'].includes(String(p.answers.find((a) => a.neuron === 'С_ВУЗ')?.value)) && !JSON.stringify(p.answers).includes(NO_ANSWER),
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

