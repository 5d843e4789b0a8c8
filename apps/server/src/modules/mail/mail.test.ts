import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { captureLog, createOwner, linkToken, mailTo } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { brandForHost } from './mail.brand.ts';
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
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'http://teamcast.test', MAIL_FROM: 'Teamcast <robot@teamcast.test>', SUPPORT_EMAIL: 'help@teamcast.test' });
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
    t = await createTestApp({ LOG_LEVEL: 'info', PUBLIC_URL: 'http://localhost:3999' }, (app) => {
      lines = captureLog(app);
    });
  });
  afterAll(() => t.close());

  it('logs one line with the outbox page, shows the message at /dev/mail, and no token or hash reaches a log line or response', async () => {
    const owner = await createOwner(t, { password: PASSWORD });
    await t.app.inject({ method: 'POST', url: '/api/passport/owner/mail/login-link', payload: { username: owner.email } });
    await t.app.inject({ method: 'POST', url: '/api/passport/owner/login', payload: { email: owner.email, password: PASSWORD } });
    const [row] = await mailTo(t, owner.email);
    const token = linkToken(new URL(/http\S+/.exec(row!.textBody)![0]));
    const magic = await t.app.inject({ method: 'POST', url: `/api/passport/owner/login/magic/${token}` });
    expect(magic.statusCode).toBe(200);

    const mailLines = lines.filter((line) => line.includes('mail kept in the outbox'));
    expect(mailLines).toHaveLength(1);
    expect(mailLines[0]).toContain(`http://localhost:3999/dev/mail/${row!.id}`);
    const log = lines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain('scrypt$');
    expect(log).not.toContain(PASSWORD);
    expect(magic.body).not.toContain(token);

    const list = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain(row!.subject);
    const page = await t.app.inject({ method: 'GET', url: `/dev/mail/${row!.id}` });
    expect(page.body).toContain(`token=${token}`);
    expect(page.headers['content-security-policy']).toBeDefined();
    const json = await t.app.inject({ method: 'GET', url: `/dev/mail.json?to=${encodeURIComponent(owner.email)}` });
    expect(json.json().result[0]).toMatchObject({ id: row!.id, kind: 'magic' });
  });

  it('has no developer outbox pages in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
      expect((await production.app.inject({ method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('templates', () => {
  const config = { LOVE_HOSTS: ['love.example.com'], PUBLIC_URL: 'https://teamcast.example.com', SUPPORT_EMAIL: 'help@example.com' };

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

  it('gives a love host the love title', () => {
    const love = brandForHost(config, 'love.example.com:443');
    expect(love).toMatchObject({ title: 'Flame by Teamcast', love: true });
    expect(renderMail('verify', 'en', love, 'https://love.example.com/v').subject).toBe('Confirm your e-mail address for Flame by Teamcast');
  });
});
