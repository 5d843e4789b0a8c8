import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
 * Links already handed to a journey, kept in a file so every worker process and a retried journey see them. Mail leaves
 * the app in the background after the call that mails has answered, so when a journey asks for the link, an older
 * message of the same kind to the same address (a shared estimator's or administrator's, already used) may be the only
 * one in the mailbox yet: a link is handed out once, and the newest message with a link not handed out before is awaited.
 */
const handedFile = path.join(os.tmpdir(), `teamcast-e2e-mail-${process.env.E2E_PORT ?? 3210}-handed`);
const handedOut = (): Set<string> => new Set(fs.existsSync(handedFile) ? fs.readFileSync(handedFile, 'utf8').split('\n') : []);
const linkIn = (message: SinkMessage): string | undefined => /https?:\/\/\S+/.exec(message.text)?.[0];

/**
 * The link in the newest message of a kind mailed to an address that no journey has been given yet, as a path with its
 * query, ready for `page.goto`. Waits for the message to arrive (up to 30 s: the mail goes out after the answer, over
 * SMTP, and a cold server on a busy machine takes more than the 10 s expect default).
 */
export async function mailedLink(request: APIRequestContext, address: string, kind: 'verify' | 'join' | 'magic' | 'reset'): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${sinkBase}/messages?to=${encodeURIComponent(address)}`);
        const handed = handedOut();
        link = ((await res.json()) as SinkMessage[])
          .filter((message) => message.kind === kind)
          .map(linkIn)
          .find((found) => found !== undefined && !handed.has(found));
        return Boolean(link);
      },
      { message: `a new ${kind} message to ${address}` },
    )
    .toBe(true);
  fs.appendFileSync(handedFile, `${link!}\n`);
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** Every message of a kind the test mailbox received for an address, once at least `count` have arrived. */
export async function mailedMessages(request: APIRequestContext, address: string, kind: string, count = 1): Promise<SinkMessage[]> {
  let found: SinkMessage[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get(`${sinkBase}/messages?to=${encodeURIComponent(address)}`);
        found = ((await res.json()) as SinkMessage[]).filter((message) => message.kind === kind);
        return found.length;
      },
      { message: `${count} ${kind} message(s) to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}
