import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { lastMailLink, mailTo } from '../test/factories.ts';

/** The server answers by the one language rule (decideLocale): the page's language, the host's, the browser's, Russian. */
describe('the language of an answer and of a mailed link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const missing = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/nothing-here', headers }).then((res) => res.json().error.message as string);

  it("answers in the page's language, else the host's, else the browser's, else Russian", async () => {
    const russian = await missing({ 'accept-language': 'ru-RU' });
    const english = await missing({ 'accept-language': 'en-US' });
    expect(russian).not.toBe(english);
    expect(await missing({})).toBe(russian);
    expect(await missing({ 'accept-language': 'de-DE, en;q=0.5' })).toBe(english);
    expect(await missing({ host: 'teamcast.com', 'accept-language': 'ru-RU' })).toBe(english);
    expect(await missing({ host: 'teamcast.ru', 'accept-language': 'en-US' })).toBe(russian);
    expect(await missing({ host: 'teamcast.com', 'accept-language': 'en-US', 'x-teamcast-locale': 'ru' })).toBe(russian);
  });

  it('writes the language of the mail into its link, so the link opens in it', async () => {
    for (const [ln, address] of [
      ['ru', 'lang-ru@example.com'],
      ['en', 'lang-en@example.com'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/passport/owner/signup',
        payload: { email: address, companyName: 'Acme', privacyPolicy: true, personalData: true, ln },
      });
      expect(res.statusCode).toBe(202);
      const [message] = await mailTo(t, address);
      expect(message?.locale).toBe(ln);
      expect((await lastMailLink(t, address)).searchParams.get('ln')).toBe(ln);
    }
  });
});
