import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { assertAcceptablePassword, hashCheaplyForTests, hashPassword, isCommonPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  // The test setup hashes cheaply for speed; this block checks what the server really stores.
  beforeAll(() => hashCheaplyForTests(false));
  afterAll(() => hashCheaplyForTests(true));

  it('stores a salted scrypt hash at N=2^17, r=8, p=1 and verifies only the right password', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct');
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
  });

  it('never matches a missing or malformed hash', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-real-hash')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$40$8$1$abc$def')).toBe(false);
  });
});

describe('common passwords', () => {
  it('ships a few thousand and refuses them whatever the case and surrounding spaces', () => {
    for (const password of ['123456', 'password', ' Qwerty123 ', 'йцукен', 'iloveyou']) expect(isCommonPassword(password), password).toBe(true);
    expect(isCommonPassword('quiet-harbour-42')).toBe(false);
    expect(() => assertAcceptablePassword('password1')).toThrowError(AppError);
  });
});
