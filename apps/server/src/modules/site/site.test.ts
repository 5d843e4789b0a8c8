import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_STEPS } from '@teamcast/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOVE_HOSTS: 'love.example.com,flame.localhost', SUPPORT_EMAIL: 'help@teamcast.example', LOVE_SUPPORT_EMAIL: 'help@flame.example' });
});
afterAll(() => t.close());

const validRequest = {
  name: 'Анна Петрова',
  email: 'Anna@Example.com',
  phone: '+7 (900) 123-45-67',
  company: 'ООО Ромашка',
  teamSize: '40',
  message: 'Хотим оценить три отдела',
  privacyPolicy: true,
  personalData: true,
};

describe('host info', () => {
  it('gives the default title, the support contact and the language of a Russian host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/host', headers: { host: 'teamcast.ru' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ variant: 'default', title: 'Teamcast', supportEmail: 'help@teamcast.example', locale: 'ru' });
  });

  it('gives the love variant and its own support contact to hosts listed in LOVE_HOSTS, port or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/host', headers: { host: 'flame.localhost:3210' } });
    expect(res.json().result).toEqual({ variant: 'love', title: 'Flame by Teamcast', supportEmail: 'help@flame.example', locale: null });
    const english = await t.app.inject({ method: 'GET', url: '/api/site/host', headers: { host: 'LOVE.example.com' } });
    expect(english.json().result).toMatchObject({ variant: 'love', locale: 'en' });
  });

  it('ignores a forwarded host when no proxy is trusted (behind one: core/proxy-trust.test.ts)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/host', headers: { host: 'internal:3000', 'x-forwarded-host': 'love.example.com' } });
    expect(res.json().result.variant).toBe('default');
  });
});

describe('enterprise requests', () => {
  it('stores a request with both consents and queues a message to the support address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/site/enterprise-requests',
      headers: { host: 'teamcast.ru', 'accept-language': 'ru' },
      payload: validRequest,
    });
    expect(res.statusCode).toBe(201);
    const { id, mailQueued } = res.json().result;
    expect(mailQueued).toBe(true);
    const [row] = await t.database.query<Record<string, unknown>>('select * from enterprise_requests where id = $1', [id]);
    expect(row).toMatchObject({
      name: 'Анна Петрова',
      email: 'anna@example.com',
      company: 'ООО Ромашка',
      team_size: 40,
      locale: 'ru',
      host: 'teamcast.ru',
      mail_status: 'queued',
    });
    const mails = await t.database.query<Record<string, string>>("select * from mail_outbox where kind = 'enterprise' and text_body like $1", [`%${id}%`]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: 'help@teamcast.example' });
    expect(mails[0]!.subject).toContain('ООО Ромашка');
    expect(mails[0]!.text_body).toContain('anna@example.com');
    expect(mails[0]!.html_body).not.toContain('<script');
    expect(row!.privacy_consent_at).toBeTruthy();
    expect(row!.personal_data_consent_at).toBeTruthy();
  });

  it('refuses a request without the personal-data consent, naming the field in the visitor language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/site/enterprise-requests',
      headers: { 'accept-language': 'en' },
      payload: { ...validRequest, personalData: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'personalData', message: 'Consent is required' });
  });

  it('refuses a bad e-mail and a missing company with the section 5 messages', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/site/enterprise-requests',
      headers: { 'accept-language': 'ru' },
      payload: { ...validRequest, email: 'анна@почта.рф' },
    });
    expect(bad.json().error).toMatchObject({ field: 'email', message: 'Некорректный email' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/site/enterprise-requests',
      headers: { 'accept-language': 'en' },
      payload: { ...validRequest, company: '  ' },
    });
    expect(missing.json().error).toMatchObject({ field: 'company', message: 'Mandatory field' });
  });
});

describe('analytics events', () => {
  const count = async () => Number((await t.database.query<{ n: string }>('select count(*) as n from analytics_events'))[0]!.n);

  it('records a step only when the visitor consented', async () => {
    const before = await count();
    const refused = await t.app.inject({ method: 'POST', url: '/api/site/events', payload: { kind: 'registration', step: 'signup_opened', consent: false } });
    expect(refused.json().result).toEqual({ recorded: false });
    expect(await count()).toBe(before);

    const visitId = crypto.randomUUID();
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/site/events',
      headers: { host: 'flame.localhost' },
      payload: { kind: 'pair', step: 'result_shown', consent: true, visitId },
    });
    expect(accepted.json().result).toEqual({ recorded: true });
    const rows = await t.database.query<Record<string, unknown>>('select kind, step, visit_id, variant from analytics_events where visit_id = $1', [visitId]);
    expect(rows).toEqual([{ kind: 'pair', step: 'result_shown', visit_id: visitId, variant: 'love' }]);
  });

  it('accepts every listed step of every funnel', async () => {
    const visitId = crypto.randomUUID();
    const sent = Object.entries(ANALYTICS_STEPS).flatMap(([kind, steps]) => steps.map((step) => ({ kind, step })));
    for (const event of sent) {
      const res = await t.app.inject({ method: 'POST', url: '/api/site/events', payload: { ...event, consent: true, visitId } });
      expect(res.json(), `${event.kind}/${event.step}`).toEqual({ result: { recorded: true } });
    }
    const rows = await t.database.query<{ kind: string; step: string }>('select kind, step from analytics_events where visit_id = $1', [visitId]);
    expect(rows).toHaveLength(sent.length);
  });

  it('refuses unknown funnels, unknown steps and steps of another funnel with the error envelope, storing nothing', async () => {
    const before = await count();
    const refusals = [
      { payload: { kind: 'clicks', step: 'signup_opened', consent: true }, field: 'kind' },
      { payload: { kind: 'team', step: 'Anna Petrova <a@b.c>', consent: true }, field: 'step' },
      { payload: { kind: 'registration', step: 'started', consent: true }, field: 'step' },
      { payload: { kind: 'team', step: 'signup_opened', consent: true }, field: 'step' },
      { payload: { kind: 'pair', step: 'questionnaire_sent', consent: false }, field: 'step' },
    ];
    for (const { payload, field } of refusals) {
      const res = await t.app.inject({ method: 'POST', url: '/api/site/events', headers: { 'accept-language': 'en' }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'validation_failed', field, message: expect.any(String) } });
    }
    expect(await count()).toBe(before);
  });
});
