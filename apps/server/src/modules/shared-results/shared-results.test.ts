import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedResultSchema } from '@teamcast/contracts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { filledLovePair } from '../pairs/pairs.fixtures.ts';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
});
afterAll(async () => t.close());

async function lovePair(paid: boolean) {
  const [a, b] = await filledLovePair(t, owner.id);
  const created = await t.app.inject({ method: 'POST', url: '/api/scene/p2p', headers: owner.headers, payload: { actors: [a, b], startDay: '2026-05-01' } });
  const id = created.json().result._id as string;
  await t.app.inject({ method: 'PUT', url: `/api/scene/p2p/${id}/run`, headers: owner.headers, payload: { type: 'LOVE' } });
  if (paid) {
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/attach-payment-method',
      headers: owner.headers,
      payload: { testCard: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '321' } },
    });
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { ...owner.headers, 'idempotency-key': `k-${id}` },
      payload: { id1: a, id2: b },
    });
    expect(pay.json().result.status).toBe('paid');
  }
  return id;
}

const share = (id: string, parts: string[]) =>
  t.app.inject({ method: 'POST', url: `/api/scene/p2p/${id}/share`, headers: { ...owner.headers, 'accept-language': 'en' }, payload: { parts } });
const open = (data: string) => t.app.inject({ method: 'GET', url: `/api/scene/result/${encodeURIComponent(data)}`, headers: { 'accept-language': 'en' } });

describe('shared love result', () => {
  it('opens signed out and shows only the parts the sharer chose', async () => {
    const id = await lovePair(true);
    const created = await share(id, ['chart', 'outlook']);
    expect(created.statusCode).toBe(201);
    const { data } = created.json().result as { data: string };
    expect(data).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const shown = SharedResultSchema.parse((await open(data)).json().result);
    expect(shown.kind).toBe('LOVE');
    expect(shown.summary.recommendation).toBeGreaterThanOrEqual(1);
    expect(shown.chart?.monthly).toHaveLength(12);
    expect(shown.chart?.months[0]).toBe('2026-05-01');
    expect(shown.outlook).not.toBeNull();
    expect(shown).toMatchObject({ names: null, expectations: null, blocks: null });

    const named = SharedResultSchema.parse((await open((await share(id, ['names'])).json().result.data)).json().result);
    expect(named.names).toEqual(['Maria', 'Pavel']);
    expect(named.chart).toBeNull();
  });

  it('cannot be guessed or altered to show another pair', async () => {
    const id = await lovePair(true);
    const { data } = (await share(id, [])).json().result as { data: string };
    const altered = data.slice(0, -1) + (data.endsWith('A') ? 'B' : 'A');
    for (const attempt of [altered, 'result-1', id]) {
      const answer = await open(attempt);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toEqual({ code: 'link_invalid', message: 'Check the link or contact its owner' });
    }
  });

  it('shares only the summary of a love report that is not paid for', async () => {
    const id = await lovePair(false);
    const refused = await share(id, ['chart']);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('pair_report_locked');
    const summaryOnly = await share(id, ['names']);
    expect(summaryOnly.statusCode).toBe(201);
    const shown = SharedResultSchema.parse((await open(summaryOnly.json().result.data)).json().result);
    expect(shown).toMatchObject({ chart: null, outlook: null, expectations: null, blocks: null, names: ['Maria', 'Pavel'] });
  });

  it('ends the link when the pair is deleted', async () => {
    const id = await lovePair(true);
    const { data } = (await share(id, ['blocks'])).json().result as { data: string };
    expect((await open(data)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/scene/p2p/${id}`, headers: owner.headers });
    expect((await open(data)).statusCode).toBe(404);
  });

  it('refuses parts it does not know', async () => {
    const id = await lovePair(true);
    const answer = await share(id, ['answers']);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.field).toBe('parts.0');
  });
});
