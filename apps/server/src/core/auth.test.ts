import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { ACCESS_TOKEN_REFRESH_AFTER_SECONDS, ACCESS_TOKEN_TTL_SECONDS, SESSION_TTL_SECONDS, createAuthenticator } from './auth.ts';
import type { Database } from './db.ts';
import { revokeSubjectSessions } from './session.repository.ts';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/index.ts';

let database: Database;
const secret = crypto.randomBytes(32);
const clock = new Date('2026-11-22T10:00:00Z');
const later = (seconds: number) => new Date(clock.getTime() + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('access tokens and sessions', () => {
  it('accepts a fresh token, re-issues it past half its life and refuses it once expired', async () => {
    const auth = createAuthenticator(database.db, secret, () => clock);
    const { token } = await auth.signIn('owner', 'o-1');
    const fresh = await auth.verify(token);
    expect(fresh.auth).toMatchObject({ role: 'owner', subjectId: 'o-1' });
    expect(fresh.refreshed).toBeUndefined();

    const atHalf = createAuthenticator(database.db, secret, () => later(ACCESS_TOKEN_REFRESH_AFTER_SECONDS + 1));
    const { refreshed } = await atHalf.verify(token);
    expect(refreshed).toBeTruthy();

    const expired = createAuthenticator(database.db, secret, () => later(ACCESS_TOKEN_TTL_SECONDS + 1));
    await expect(expired.verify(token)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a token signed with another secret', async () => {
    const ours = createAuthenticator(database.db, secret, () => clock);
    const theirs = createAuthenticator(database.db, crypto.randomBytes(32), () => clock);
    const { token } = await theirs.signIn('owner', 'o-2');
    await expect(ours.verify(token)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses every token of a user whose sessions were ended, and any token past the session lifetime', async () => {
    const auth = createAuthenticator(database.db, secret, () => clock);
    const first = await auth.signIn('estimator', 'e-1');
    const second = await auth.signIn('estimator', 'e-1');
    expect(await revokeSubjectSessions(database.db, 'estimator', 'e-1', second.sessionId)).toBe(1);
    await expect(auth.verify(first.token)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(auth.verify(second.token)).resolves.toBeTruthy();
  });

  it('refuses a token whose session has reached its end, however fresh the token', async () => {
    const auth = createAuthenticator(database.db, secret, () => clock);
    const { token, sessionId } = await auth.signIn('administrator', 'a-1');
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.getTime() - 1000) })
      .where(eq(sessions.id, sessionId));
    await expect(auth.verify(token)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(SESSION_TTL_SECONDS).toBe(30 * 24 * 60 * 60);
  });
});
