import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_ADMIN } from './mail.ts';

const totp = new TOTP({ secret: Secret.fromBase32(E2E_ADMIN.totpSecret), algorithm: 'SHA1', digits: 6, period: 30 });
/**
 * The last time step the run gave a code for, kept in a file so a retried journey's new worker process does not reuse
 * it: the server takes each step once, and none older than the last it took. Every journey that signs the administrator
 * in runs in the desktop project, one at a time, so the steps are used in the order they are handed out.
 */
const stepFile = path.join(os.tmpdir(), `teamcast-e2e-totp-${process.env.E2E_PORT ?? 3210}-step`);

function lastStep(): number {
  try {
    return Number(fs.readFileSync(stepFile, 'utf8')) || -1;
  } catch {
    return -1;
  }
}

/**
 * A code of the browser tests' administrator that the server has not seen: the current step's, else the next one
 * (the server accepts one step either side), else it waits for the clock to reach a fresh step.
 */
export async function adminCode(): Promise<string> {
  const step = Math.max(TOTP.counter(), lastStep() + 1);
  await expect.poll(() => TOTP.counter() >= step - 1, { timeout: 65_000 }).toBe(true);
  fs.writeFileSync(stepFile, String(step));
  return totp.generate({ timestamp: step * 30_000 });
}

/** Passes the administrator's second step on the sign-in page (Russian, the default language). */
export async function passAdminSecondStep(page: Page): Promise<void> {
  await expect(page.getByTestId('second-factor-page')).toBeVisible();
  await page.getByLabel('Код или резервный код').fill(await adminCode());
  await page.getByRole('button', { name: 'Продолжить', exact: true }).click();
}
