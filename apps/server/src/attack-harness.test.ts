import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, headline, linkToken, startSmtpSink, type SmtpSink } from '../../../scripts/attack/harness.ts';
import { totpCode } from '../../../scripts/attack/totp.ts';

/** The pieces `npm run attack` reads its evidence with: if they misread, its PASS and FAIL lines mean nothing. */
describe('npm run attack: its harness', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink.close());

  it('reads the exact link token of a mail as nodemailer encodes it (quoted-printable, long lines folded)', async () => {
    const token = crypto.randomBytes(32).toString('base64url');
    const link = `http://localhost:3000/owner/registration?token=${token}`;
    const transport = nodemailer.createTransport(sink.url);
    // A long line and non-ASCII text make nodemailer fold the body with soft line breaks and escape `=`.
    const text = `Здравствуйте! ${'Подтвердите адрес, пройдя по ссылке. '.repeat(4)}\n${link}\n`;
    await transport.sendMail({ from: 'a@example.com', to: 'Victim@Example.com', subject: 'Link', text, html: `<p>${text}</p><a href="${link}">open</a>` });
    transport.close();
    const mail = await sink.waitFor('victim@example.com');
    expect(linkToken(mail)).toEqual({ link, token });
  });

  it('computes the current TOTP code of a secret as RFC 6238 does (its SHA-1 test vector)', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s gives 94287082 in 8 digits, so 287082 in 6.
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });

  it('sends from the loopback address it is given, and refuses any target off loopback', async () => {
    const server = http.createServer((request, response) => response.end(JSON.stringify({ result: { from: request.socket.remoteAddress } })));
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = await call(base, 'GET', '/', { from: '127.0.0.7' });
      expect(answer.json?.result?.from).toMatch(/127\.0\.0\.7$/);
      expect(() => call('http://192.0.2.1:80', 'GET', '/')).toThrow(/non-loopback/);
    } finally {
      server.close();
    }
  });

  it('picks the telling line of a command output, not the Node.js version under a stack trace', () => {
    const crash =
      'file:///x.ts:12\n  throw error;\n\nTypeError [ERR_PARSE_ARGS_UNKNOWN_OPTION]: Unknown option\n    at parseArgs (node:internal)\n\nNode.js v20.20.2';
    expect(headline(crash)).toBe('TypeError [ERR_PARSE_ARGS_UNKNOWN_OPTION]: Unknown option');
    expect(headline('> teamcast@0.1.0 db:restore\nbackup.jsonl is incomplete: its closing line is missing')).toBe(
      'backup.jsonl is incomplete: its closing line is missing',
    );
  });
});
