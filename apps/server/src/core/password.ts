import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppError } from './errors.ts';

const scrypt = promisify(crypto.scrypt) as (password: crypto.BinaryLike, salt: crypto.BinaryLike, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

/**
 * scrypt at OWASP ASVS 5 appendix C strength: N=2^17 (cost), r=8 (block size), p=1, so one hash takes 128 MiB.
 * Node refuses more than 32 MiB unless `maxmem` is raised.
 */
const PARAMS = { logN: 17, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const maxmem = (logN: number, r: number) => 2 * 128 * 2 ** logN * r;

/** Stored form: `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`, so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const { logN, r, p } = PARAMS;
  const key = await scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N: 2 ** logN, r, p, maxmem: maxmem(logN, r) });
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compares a password with a stored hash in constant time; a malformed or missing hash never matches. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$');
  const [scheme, logNText, rText, pText, saltText, keyText] = parts;
  const logN = Number(logNText);
  const r = Number(rText);
  const p = Number(pText);
  if (parts.length !== 6 || scheme !== 'scrypt' || !saltText || !keyText || !(logN >= 14 && logN <= 20) || !(r >= 1 && r <= 32) || !(p >= 1 && p <= 16)) {
    return false;
  }
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(saltText, 'base64url'), expected.length, { N: 2 ** logN, r, p, maxmem: maxmem(logN, r) });
  return stored !== null && stored !== undefined && expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/**
 * Hash of a password nobody knows: checking against it when the user does not exist costs the same time as a real
 * check, so response times do not tell which addresses are registered.
 */
const DUMMY_HASH = `scrypt$${PARAMS.logN}$${PARAMS.r}$${PARAMS.p}$${crypto.randomBytes(SALT_BYTES).toString('base64url')}$${crypto.randomBytes(KEY_BYTES).toString('base64url')}`;

let commonPasswords: Set<string> | undefined;

/** The shipped list of the few thousand most common passwords (core/common-passwords.txt), read once. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}

/** Refuses a new password that is on the common list; the length rules are the contracts' `PasswordSchema`. */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw new AppError('password_too_common', undefined, field);
}
