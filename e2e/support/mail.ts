import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The e-mail administrator the browser tests' server starts with (`admin:create` in playwright.config.ts), his second
 * factor set up with a known secret so the tests compute his codes (support/second-factor.ts).
 */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-calm-river', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' };

type OutboxMessage = { id: string; to: string; subject: string; kind: string; text: string; createdAt: string };

/**
 * The link in the newest message of a kind mailed to an address, read from the developer outbox (`/dev/mail.json`),
 * as a path with its query, ready for `page.goto`. Waits for the message to arrive (the outbox is written before
 * the call that mails answers).
 */
export async function mailedLink(request: APIRequestContext, address: string, kind: 'verify' | 'join' | 'magic' | 'reset'): Promise<string> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/mail.json?to=${encodeURIComponent(address)}`);
      const messages = ((await res.json()) as { result: OutboxMessage[] }).result;
      found = messages.find((message) => message.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  const link = /https?:\/\/\S+/.exec(found!.text)?.[0];
  expect(link, `a link in ${found!.subject}`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}
