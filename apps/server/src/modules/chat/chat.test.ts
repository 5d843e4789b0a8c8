import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatNarrativeSchema, PairRequestSchema, type PairResult } from '@teamcast/contracts';
import { createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { filledLovePair, filledPair } from '../pairs/pairs.fixtures.ts';

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ru: ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'],
};
const BANDS = {
  en: { depressed: 'depressed', bad: 'bad', anxious: 'anxious', good: 'good', excellent: 'excellent' },
  ru: { depressed: 'подавленное', bad: 'плохое', anxious: 'тревожное', good: 'хорошее', excellent: 'отличное' },
};

/** A pair of the owner run in a kind; its start day is 1 January 2026, so month i is MONTHS[i] 2026. */
async function runPair(t: TestApp, owner: SignedIn, type?: 'LOVE' | 'FRIEND') {
  // Love and friendship run on love profiles, work on work profiles (docs/love-model.md).
  const [a, b] = type ? await filledLovePair(t, owner.id) : await filledPair(t, owner.id);
  const created = await t.app.inject({ method: 'POST', url: '/api/scene/p2p', headers: owner.headers, payload: { actors: [a, b], startDay: '2026-01-01' } });
  const id = created.json().result._id as string;
  const run = await t.app.inject({ method: 'PUT', url: `/api/scene/p2p/${id}/run`, headers: owner.headers, payload: type ? { type } : {} });
  return { id, a, b, result: PairRequestSchema.parse(run.json().result).result! };
}

async function narrate(t: TestApp, owner: SignedIn, body: Record<string, unknown>, locale: 'ru' | 'en') {
  const response = await t.app.inject({ method: 'POST', url: '/api/chat/result', headers: { ...owner.headers, 'accept-language': locale }, payload: body });
  return { status: response.statusCode, json: response.json() as { result?: unknown; error?: { code: string } } };
}

function expectAgreesWithFigures(text: string, result: PairResult, locale: 'ru' | 'en') {
  const details = result.details!;
  expect(text).toContain(`${MONTHS[locale][details.bestMonth.index]} 2026 (${Math.round(details.bestMonth.value)})`);
  expect(text).toContain(`${MONTHS[locale][details.worstMonth.index]} 2026 (${Math.round(details.worstMonth.value)})`);
  expect(text).toContain(BANDS[locale][result.summary.compatibility.band]);
  expect(text).toContain(String(Math.round(result.summary.compatibility.value)));
  expect(text).toContain(`${result.summary.recommendation}`);
}

describe('built-in narrative (no chat model configured)', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t);
  });
  afterAll(async () => t.close());

  it('writes the report in English and in Russian, naming the best and worst month and the band as the figures say', async () => {
    const { id, a, b, result } = await runPair(t, owner);
    for (const locale of ['en', 'ru'] as const) {
      const answer = await narrate(t, owner, { result: id, id1: b, id2: a, type: 'work' }, locale);
      expect(answer.status).toBe(200);
      const narrative = ChatNarrativeSchema.parse(answer.json.result);
      expect(narrative).toMatchObject({ locale, source: 'builtin', locked: false });
      const text = narrative.paragraphs.join('\n');
      expectAgreesWithFigures(text, result, locale);
      expect(text).toContain(locale === 'en' ? 'Anna and Boris' : 'Anna и Boris');
    }
  });

  it('describes a locked love report by its summary only', async () => {
    const { id, a, b, result } = await runPair(t, owner, 'LOVE');
    const answer = await narrate(t, owner, { result: id, id1: a, id2: b, type: 'LOVE' }, 'en');
    const narrative = ChatNarrativeSchema.parse(answer.json.result);
    expect(narrative.locked).toBe(true);
    const text = narrative.paragraphs.join('\n');
    expect(text).toContain(BANDS.en[result.summary.compatibility.band]);
    expect(text).toContain('opens after the one-off payment');
    for (const month of MONTHS.en) expect(text).not.toContain(month);
  });

  it('writes a paid love report in love words, ru and en: the love triangle, the wide band, no work scores', async () => {
    const { id, a, b } = await runPair(t, owner, 'LOVE');
    await t.app.inject({
      method: 'POST',
      url: '/api/payment/attach-payment-method',
      headers: owner.headers,
      payload: { testCard: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' } },
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { ...owner.headers, 'idempotency-key': `chat-${a}` },
      payload: { id1: a, id2: b },
    });
    expect(paid.json()).toMatchObject({ result: { status: 'paid' } });
    const en = ChatNarrativeSchema.parse((await narrate(t, owner, { result: id, id1: a, id2: b, type: 'LOVE' }, 'en')).json.result).paragraphs.join('\n');
    expect(en).toMatch(/The love triangle: passion \d\/5, intimacy \d\/5, commitment \d\/5/);
    expect(en).toContain('the band around the chart is wide');
    const ru = ChatNarrativeSchema.parse((await narrate(t, owner, { result: id, id1: a, id2: b, type: 'LOVE' }, 'ru')).json.result).paragraphs.join('\n');
    expect(ru).toMatch(/Треугольник любви: страсть \d\/5, близость \d\/5, обязательства \d\/5/);
    expect(ru).toMatch(/готовность к обязательствам|близость|влечение/);
    for (const text of [en, ru]) expect(text).not.toMatch(/\((K|P|L|К|П|Л)\)/);
  });

  it('refuses a result whose people or kind do not match the stored run', async () => {
    const { id, a } = await runPair(t, owner);
    expect((await narrate(t, owner, { result: id, id1: a, id2: 'someone-else', type: 'work' }, 'en')).json.error?.code).toBe('compatibility_not_found');
    const { b } = await runPair(t, owner);
    expect((await narrate(t, owner, { result: id, id1: a, id2: b, type: 'work' }, 'en')).json.error?.code).toBe('compatibility_not_found');
    const wrongKind = await runPair(t, owner);
    expect((await narrate(t, owner, { result: wrongKind.id, id1: wrongKind.a, id2: wrongKind.b, type: 'LOVE' }, 'en')).status).toBe(404);
    expect((await narrate(t, owner, { id1: a }, 'en')).json.error).toMatchObject({ code: 'validation_failed', field: 'result' });
  });
});

describe('chat model through an OpenAI-compatible endpoint', () => {
  let t: TestApp;
  let owner: SignedIn;
  let model: http.Server;
  /** What the fake endpoint does with the next requests. */
  let behaviour: 'echo' | 'contradict' | 'fail' = 'echo';
  const requests: Array<{ model: string; messages: Array<{ role: string; content: string }> }> = [];

  beforeAll(async () => {
    model = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => (raw += chunk));
      request.on('end', () => {
        const body = JSON.parse(raw) as (typeof requests)[number];
        requests.push(body);
        if (behaviour === 'fail') {
          response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'down' } }));
          return;
        }
        const figures = JSON.parse(body.messages[1]!.content) as { draft: string };
        const content = behaviour === 'echo' ? `Model says.\n\n${figures.draft}` : 'Everything will be wonderful in every month.';
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const port = (model.address() as AddressInfo).port;
    t = await createTestApp({ CHAT_MODEL_URL: `http://127.0.0.1:${port}/v1`, CHAT_MODEL_NAME: 'test-model', CHAT_MODEL_KEY: 'k' });
    owner = await createOwner(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => model.close(resolve));
  });

  it('uses the model once per result and language, then answers from the cache', async () => {
    behaviour = 'echo';
    const { id, a, b, result } = await runPair(t, owner);
    const before = requests.length;
    const first = ChatNarrativeSchema.parse((await narrate(t, owner, { result: id, id1: a, id2: b }, 'ru')).json.result);
    expect(first.source).toBe('model');
    expect(first.paragraphs[0]).toBe('Model says.');
    expectAgreesWithFigures(first.paragraphs.join('\n'), result, 'ru');
    expect(requests.length).toBe(before + 1);
    expect(requests.at(-1)).toMatchObject({ model: 'test-model' });
    expect(requests.at(-1)!.messages[0]!.content).toContain('Russian');

    const again = ChatNarrativeSchema.parse((await narrate(t, owner, { result: id, id1: a, id2: b }, 'ru')).json.result);
    expect(again).toEqual(first);
    expect(requests.length).toBe(before + 1);
    await narrate(t, owner, { result: id, id1: a, id2: b }, 'en');
    expect(requests.length).toBe(before + 2);
  });

  it('falls back to the built-in text when the model contradicts the figures', async () => {
    behaviour = 'contradict';
    const { id, a, b, result } = await runPair(t, owner);
    const narrative = ChatNarrativeSchema.parse((await narrate(t, owner, { result: id, id1: a, id2: b }, 'en')).json.result);
    expect(narrative.source).toBe('builtin');
    expectAgreesWithFigures(narrative.paragraphs.join('\n'), result, 'en');
  });

  it('retries a failing model and then falls back to the built-in text', async () => {
    behaviour = 'fail';
    const { id, a, b } = await runPair(t, owner);
    const before = requests.length;
    const narrative = ChatNarrativeSchema.parse((await narrate(t, owner, { result: id, id1: a, id2: b }, 'en')).json.result);
    expect(narrative.source).toBe('builtin');
    expect(requests.length - before).toBe(3);
  });
});
