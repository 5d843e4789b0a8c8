import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionnaireDefinition } from '@teamcast/contracts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDriver } from '../../test/test-database.ts';
import { fillAnswers } from './answers.fixture.ts';
import { WRITES_PER_LINK } from './link-limits.ts';

let t: TestApp;
let owner: SignedIn;
let standard: QuestionnaireDefinition;
/** One office: every request comes from this address. */
const OFFICE = '203.0.113.7';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  standard = (await t.app.inject({ method: 'GET', url: '/api/owner/questionnaire', headers: owner.headers })).json().result;
});
afterAll(() => t.close());

async function newLink(firstName: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/owner/profiles', headers: owner.headers, payload: { firstName, lastName: 'Офисный' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result.permalink;
}

const send = (permalink: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/profile/${permalink}`,
    remoteAddress: OFFICE,
    payload: { answers: fillAnswers(standard.steps, { С_Пол: 'Ж', С_Возр: 30 }), complete: true, consent: true },
  });

describe(`questionnaire links are limited per link, not per address, on ${testDriver}`, () => {
  it('lets a rollout of many people behind one address send, well past the old 30 a minute', async () => {
    const links: string[] = [];
    for (let i = 0; i < 45; i += 1) links.push(await newLink(`Сотрудник${'а'.repeat(i + 1)}`));
    const statuses: number[] = [];
    for (const link of links) statuses.push((await send(link)).statusCode);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('stops a flood on one link from that address, while other links still send', async () => {
    const flooded = await newLink('Заливаемый');
    const statuses: number[] = [];
    for (let i = 0; i < WRITES_PER_LINK + 5; i += 1) statuses.push((await send(flooded)).statusCode);
    // The first send locks the questionnaire and later ones are refused by it; past the limit the link answers 429 instead.
    expect(statuses.slice(0, WRITES_PER_LINK).includes(429)).toBe(false);
    const refused = await send(flooded);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(await newLink('Соседний'))).statusCode).toBe(200);
  });
});
