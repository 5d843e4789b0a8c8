import { expect, type APIRequestContext } from '@playwright/test';
import { mailSinkPorts, type SinkMessage } from './mail-message.ts';

/**
 * The e-mail administrator the browser tests' server starts with (`admin:create` in playwright.config.ts), his second
 * factor set up with a known secret so the tests compute his codes (support/second-factor.ts).
 */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-calm-river', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' };

/** The test mailbox's HTTP endpoint (support/mail-sink.ts), beside the app's port. */
const sinkBase = `http://127.0.0.1:${mailSinkPorts(Number(process.env.E2E_PORT ?? 3210)).http}`;

/**
 * The link in the newest message of a kind mailed to an address, as a path with its query, ready for `page.goto`.
 * Read from the test mailbox, which receives what the app sends over SMTP like any mail server; waits for the
 * message to arrive (the app sends in the background after the call that mails answers).
 */
export async function mailedLink(request: APIRequestContext, address: string, kind: 'verify' | 'join' | 'magic' | 'reset'): Promise<string> {
  let found: SinkMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`${sinkBase}/messages?to=${encodeURIComponent(address)}`);
      found = ((await res.json()) as SinkMessage[]).find((message) => message.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  const link = /https?:\/\/\S+/.exec(found!.text)?.[0];
  expect(link, `a link in ${found!.subject}`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}
