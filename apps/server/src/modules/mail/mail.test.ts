import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { captureLog, createAdministrator, createEstimator, createOwner, linkToken, mailTo } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../core/config.ts';
import { brandForHost } from './mail.brand.ts';
import { createMailer } from './mail.service.ts';
import { renderReceipt } from './mail.receipt.ts';
import { renderMail } from './mail.templates.ts';

type Received = { to: string[]; raw: string };

/** A real SMTP server on the loopback that keeps what it receives; `failing` makes it refuse every message. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { failing: false };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.failing) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 }));
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, state, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text of a MIME message with quoted-printable soft breaks and escapes undone. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const PASSWORD = 'quiet-harbour-42';

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PUBLIC_URL: 'http://teamcast.test',
      MAIL_FROM: 'Teamcast <robot@teamcast.test>',
      SUPPORT_EMAIL: 'help@teamcast.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the sign-up verification over real SMTP, and the received link verifies the owner', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/passport/owner/signup',
      headers: { 'accept-language': 'ru' },
      payload: { email: 'smtp-owner@example.com', companyName: 'Post', privacyPolicy: true, personalData: true },
    });
    expect(signup.statusCode).toBe(202);
    const message = await waitFor(() => smtp.received.find((mail) => mail.to.includes('smtp-owner@example.com')));
    const raw = decodeQuotedPrintable(message.raw);
    expect(raw).toContain('From: Teamcast <robot@teamcast.test>');
    expect(raw).toContain('Reply-To: help@teamcast.test');
    expect(raw).toContain('X-Teamcast-Mail-Kind: verify');
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    expect(raw).toContain('help@teamcast.test');
    const link = new URL(/http:\/\/teamcast\.test\/owner\/registration\?token=[\w-]+/.exec(raw)![0]);

    const verified = await t.app.inject({ method: 'POST', url: '/api/passport/owner/verification', payload: { token: linkToken(link) } });
    expect(verified.statusCode).toBe(200);
    const self = await t.app.inject({ method: 'GET', url: '/api/owner/self', headers: { authorization: `Bearer ${verified.json().result.token}` } });
    expect(self.json().result.verified).toBe(true);

    // Once sent, the outbox keeps the record but not the body with the link.
    const [row] = await mailTo(t, 'smtp-owner@example.com');
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.textBody).toBe('');
  });

  it('keeps a message whose delivery failed and sends it on retry; the request itself succeeds', async () => {
    const owner = await createOwner(t);
    smtp.state.failing = true;
    const res = await t.app.inject({ method: 'POST', url: '/api/passport/owner/mail/login-link', payload: { username: owner.email } });
    expect(res.json()).toEqual({ result: { sent: true } });
    const failed = await waitFor(async () => (await mailTo(t, owner.email)).find((row) => row.lastError));
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);

    smtp.state.failing = false;
    await t.database.query('update mail_outbox set next_attempt_at = now() where id = $1', [failed.id]);
    await t.app.mailer.retryDue();
    const delivered = smtp.received.find((mail) => mail.to.includes(owner.email));
    expect(delivered).toBeDefined();
    const link = new URL(/http:\/\/teamcast\.test\/owner\/magic-link\?token=[\w-]+/.exec(decodeQuotedPrintable(delivered!.raw))![0]);
    const login = await t.app.inject({ method: 'POST', url: `/api/passport/owner/login/magic/${linkToken(link)}` });
    expect(login.json().result.id).toBe(owner.id);
  });
});

describe('mail kept in the outbox', () => {
  let lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    // The default HOST (0.0.0.0): the server is reachable from other machines.
    t = await createTestApp({ LOG_LEVEL: 'info', PUBLIC_URL: 'http://localhost:3999' }, (app) => {
      lines = captureLog(app);
    });
  });
  afterAll(() => t.close());

  it('logs one line without the link when the server is reachable from other machines, and no token or hash reaches a log line or response', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    // Only the lines of this test: the other tests of this block mail too, before or after it.
    const from = lines.length;
    await t.app.inject({ method: 'POST', url: '/api/passport/owner/mail/login-link', payload: { username: owner.email } });
    await t.app.inject({ method: 'POST', url: '/api/passport/owner/login', payload: { email: owner.email, password: PASSWORD } });
    const [row] = await mailTo(t, owner.email);
    const token = linkToken(new URL(/http\S+/.exec(row!.textBody)![0]));
    const magic = await t.app.inject({ method: 'POST', url: `/api/passport/owner/login/magic/${token}` });
    expect(magic.statusCode).toBe(200);

    const mine = lines.slice(from);
    const mailLines = mine.filter((line) => line.includes('mail kept in the outbox'));
    expect(mailLines).toHaveLength(1);
    expect(mailLines[0]).toContain(row!.id);
    expect(mailLines[0]).not.toMatch(/https?:\/\//);
    const log = lines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain('scrypt$');
    expect(log).not.toContain(PASSWORD);
    expect(magic.body).not.toContain(token);
  });

  it('serves no anonymous outbox page in the default configuration', async () => {
    const owner = await createOwner(t);
    await t.app.inject({ method: 'POST', url: '/api/passport/owner/mail/login-link', payload: { username: owner.email } });
    const [row] = await mailTo(t, owner.email);
    for (const url of [
      '/dev/mail',
      '/dev/mail.json',
      `/dev/mail.json?to=${encodeURIComponent(owner.email)}`,
      `/dev/mail/${row!.id}`,
      `/dev/mail/${row!.id}/html`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(row!.subject);
    }
  });

  it('shows the outbox to administrators only: list filtered by recipient with paging, and one message with its link', async () => {
    const owner = await createOwner(t);
    const other = await createOwner(t);
    await t.app.inject({ method: 'POST', url: '/api/passport/owner/mail/login-link', payload: { username: owner.email } });
    await t.app.inject({ method: 'POST', url: '/api/passport/owner/mail/forgot-password', payload: { username: owner.email } });
    await t.app.inject({ method: 'POST', url: '/api/passport/owner/mail/login-link', payload: { username: other.email } });
    const administrator = await createAdministrator(t);
    const estimator = await createEstimator(t);
    const as = (token: string) => ({ authorization: `Bearer ${token}` });

    for (const url of ['/api/admin/mail', '/api/admin/mail/some-id']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: as(owner.token) })).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url, headers: as(estimator.token) })).statusCode, url).toBe(403);
    }

    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/admin/mail?to=${encodeURIComponent(owner.email.toUpperCase())}`,
      headers: as(administrator.token),
    });
    expect(filtered.statusCode).toBe(200);
    const { items, total } = filtered.json().result as { items: Array<Record<string, unknown>>; total: number };
    expect(total).toBe(2);
    expect(items.map((item) => item.kind).sort()).toEqual(['magic', 'reset']);
    expect(items.every((item) => item.to === owner.email && item.status === 'kept' && !('text' in item))).toBe(true);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/admin/mail?to=${encodeURIComponent(owner.email)}&limit=1&offset=1`,
      headers: as(administrator.token),
    });
    expect(page.json().result).toMatchObject({ total: 2, items: [{ _id: items[1]!._id }] });
    const everything = await t.app.inject({ method: 'GET', url: '/api/admin/mail?limit=1000', headers: as(administrator.token) });
    expect(everything.json().result.items.some((item: { to: string }) => item.to === other.email)).toBe(true);

    const magic = items.find((item) => item.kind === 'magic')!;
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/mail/${String(magic._id)}`, headers: as(administrator.token) });
    expect(one.statusCode).toBe(200);
    const detail = one.json().result as { link: string; text: string; html: string; to: string };
    expect(detail.to).toBe(owner.email);
    expect(detail.link).toMatch(/^http:\/\/localhost:3999\/owner\/magic-link\?token=[\w-]+&ln=(ru|en)$/);
    expect(detail.text).toContain(detail.link);
    expect(detail.html).toContain('<html');
    // The link works: the administrator can follow it.
    const login = await t.app.inject({ method: 'POST', url: `/api/passport/owner/login/magic/${linkToken(new URL(detail.link))}` });
    expect(login.json().result.id).toBe(owner.id);
    // Reading a message is on record.
    const [audit] = await t.database.query<{ action: string; administrator_id: string }>(
      'select action, administrator_id from admin_audit_log where entity_id = $1',
      [magic._id],
    );
    expect(audit).toEqual({ action: 'mail.read', administrator_id: administrator.id });

    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/mail/no-such-message', headers: as(administrator.token) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the log line of a kept message', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost:3999' });
  });
  afterAll(() => t.close());

  /** The lines a mailer without SMTP logs for one message, with the server listening on these settings. */
  const linesOf = async (env: Partial<Config>) => {
    const lines: string[] = [];
    const record = (_fields: unknown, message: string) => void lines.push(message);
    const log = { info: record, warn: record, error: record } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ db: t.database.db, config: { ...t.app.config, ...env }, log });
    const link = `http://localhost:3999/owner/magic-link?token=${crypto.randomUUID()}`;
    await mailer.send({ to: 'laptop@example.com', kind: 'magic', locale: 'en', brand: brandForHost(t.app.config, undefined), link });
    return { lines, link };
  };

  it('carries the link when the server listens on loopback only, so a developer can sign up on a laptop', async () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost', '[::1]']) {
      const { lines, link } = await linesOf({ HOST });
      expect(lines, HOST).toHaveLength(1);
      expect(lines[0], HOST).toContain(link);
    }
  });

  it('carries no link when the server listens beyond loopback, whatever NODE_ENV says', async () => {
    for (const env of [{ HOST: '0.0.0.0' }, { HOST: '::' }, { HOST: '192.0.2.10' }, { HOST: '0.0.0.0', NODE_ENV: 'development' as const }]) {
      const { lines } = await linesOf(env);
      expect(lines, JSON.stringify(env)).toHaveLength(1);
      expect(lines[0], JSON.stringify(env)).not.toMatch(/https?:\/\//);
    }
  });
});

describe('templates', () => {
  const config = {
    LOVE_HOSTS: ['love.example.com'],
    PUBLIC_URL: 'https://teamcast.example.com',
    SUPPORT_EMAIL: 'help@example.com',
    LOVE_SUPPORT_EMAIL: 'flame@example.com',
  };

  it('renders every kind in Russian and English, as text and HTML, with the link, title and support contact', () => {
    const brand = brandForHost(config, 'teamcast.example.com');
    for (const kind of ['verify', 'join', 'magic', 'reset'] as const) {
      for (const locale of ['ru', 'en'] as const) {
        const mail = renderMail(kind, locale, brand, 'https://teamcast.example.com/x?token=abc&y=1');
        expect(mail.subject).toContain('Teamcast');
        expect(mail.text).toContain('https://teamcast.example.com/x?token=abc&y=1');
        expect(mail.html).toContain('https://teamcast.example.com/x?token=abc&amp;y=1');
        expect(mail.text).toContain('help@example.com');
        expect(mail.html).toContain('mailto:help@example.com');
        expect(mail.html).toContain(`lang="${locale}"`);
      }
    }
    expect(renderMail('magic', 'ru', brand, 'https://x.test').subject).toBe('Ссылка для входа в Teamcast');
  });

  it('gives a love host the love title and its own support contact', () => {
    const love = brandForHost(config, 'love.example.com:443');
    expect(love).toMatchObject({ title: 'Flame by Teamcast', love: true, supportEmail: 'flame@example.com' });
    expect(brandForHost(config, 'teamcast.example.com').supportEmail).toBe('help@example.com');
    const mail = renderMail('verify', 'en', love, 'https://love.example.com/v');
    expect(mail.subject).toBe('Confirm your e-mail address for Flame by Teamcast');
    expect(mail.text).toContain('flame@example.com');
    expect(mail.text).not.toContain('help@example.com');
  });

  it("renders a receipt with the invoice: number, plan, period and amount in the reader's language", () => {
    const receipt = {
      number: 'TC-1A2B3C4D-0002',
      description: 'Команды · команд: 2 · месяц',
      amount: 449_000,
      currency: 'RUB' as const,
      paidAt: new Date('2026-11-25T10:00:00Z'),
      period: { start: new Date('2026-11-25T10:00:00Z'), end: new Date('2026-12-25T10:00:00Z') },
      card: { brand: 'visa', last4: '4242' },
    };
    const ru = renderReceipt(receipt, 'ru', brandForHost(config, 'teamcast.example.com'));
    expect(ru.subject).toBe('Чек Teamcast по счёту TC-1A2B3C4D-0002');
    const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');
    for (const body of [ru.text, ru.html]) {
      expect(plain(body)).toContain('4 490 ₽');
      expect(body).toContain('Команды · команд: 2 · месяц');
      expect(body).toContain('25 ноября 2026 г. – 25 декабря 2026 г.');
      expect(body).toContain('TC-1A2B3C4D-0002');
      expect(body).toContain('VISA •••• 4242');
    }
    const en = renderReceipt(
      { ...receipt, amount: 5_900, currency: 'USD', description: 'Teams · 2 teams · month', period: null, card: null },
      'en',
      brandForHost(config, 'love.example.com'),
    );
    expect(en.subject).toBe('Your Flame by Teamcast receipt TC-1A2B3C4D-0002');
    expect(en.text).toContain('Amount paid: $59');
    expect(en.text).toContain('Paid on: November 25, 2026');
    expect(en.text).not.toContain('Period');
    expect(en.text).toContain('flame@example.com');
  });
});
