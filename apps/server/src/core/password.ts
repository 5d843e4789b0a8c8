import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppError } from './errors.ts';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt at OWASP ASVS 5 appendix C strength: N=2^17 (cost), r=8 (block size), p=1, so one hash takes 128 MiB.
 * Node refuses more than 32 MiB unless `maxmem` is raised.
 */
const PARAMS = { logN: 17, r: 8, p: 1 } as const;
/** The least cost verifyPassword accepts: N=2^14, 16 MiB. */
const LEAST_LOG_N = 14;
let hashLogN: number = PARAMS.logN;

/**
 * For the server test harness only (src/test/setup.ts): new hashes at the least accepted cost, so a test file that signs
 * in hundreds of times does not spend minutes hashing (issue 31). Nothing in the server calls it; no setting reaches
 * it. Stored hashes carry their own cost, so verification is the same code either way.
 */
export function hashCheaplyForTests(cheap: boolean): void {
  hashLogN = cheap ? LEAST_LOG_N : PARAMS.logN;
}
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const maxmem = (logN: number, r: number) => 2 * 128 * 2 ** logN * r;

/** Stored form: `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`, so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const { r, p } = PARAMS;
  const logN = hashLogN;
  const key = await scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N: 2 ** logN, r, p, maxmem: maxmem(logN, r) });
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compares a password with a stored hash in constant time; a malformed or missing hash never matches. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? dummyHash()).split('$');
  const [scheme, logNText, rText, pText, saltText, keyText] = parts;
  const logN = Number(logNText);
  const r = Number(rText);
  const p = Number(pText);
  if (
    parts.length !== 6 ||
    scheme !== 'scrypt' ||
    !saltText ||
    !keyText ||
    !(logN >= LEAST_LOG_N && logN <= 20) ||
    !(r >= 1 && r <= 32) ||
    !(p >= 1 && p <= 16)
  ) {
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
const DUMMY_SALT_AND_KEY = `${crypto.randomBytes(SALT_BYTES).toString('base64url')}$${crypto.randomBytes(KEY_BYTES).toString('base64url')}`;
const dummyHash = () => `scrypt$${hashLogN}$${PARAMS.r}$${PARAMS.p}$${DUMMY_SALT_AND_KEY}`;

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
