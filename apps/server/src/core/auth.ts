import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { RoleSchema, type Role } from '@teamcast/contracts';
import type { Database, Db } from './db.ts';
import { AppError } from './errors.ts';
import { SESSIONS_ENDED_CHANNEL, findSession, insertSession, onSessionsEndedHere, touchSession } from './session.repository.ts';

/** Access tokens live 2 hours and are re-issued after 1 hour of use; a session lasts at most 30 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 2 * 60 * 60;
export const ACCESS_TOKEN_REFRESH_AFTER_SECONDS = 60 * 60;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Response header carrying a re-issued access token; the web client replaces its stored one. */
export const REFRESHED_TOKEN_HEADER = 'x-access-token';

const ALGORITHM = 'HS256';
const ISSUER = 'teamcast';

export type AuthContext = { role: Role; subjectId: string; sessionId: string };

/**
 * How long a checked session is trusted without reading its row again, in ms (SESSION_CACHE_MS). Ended sessions are
 * forgotten at once by every process (the sessions-ended notification, `forget`); the lifetime bounds a revocation
 * whose notification was lost (a listener reconnecting) to one second.
 */
const SESSION_CACHE_MS = 1_000;
/** Tokens remembered per process; the oldest goes first beyond this. */
const SESSION_CACHE_ENTRIES = 10_000;

type CachedToken = { auth: AuthContext; issuedAt: number; tokenExpiresAt: number; sessionExpiresAt: number; checkedAt: number };

export type Authenticator = {
  /** Starts a new session for a user and returns its first access token. */
  signIn(role: Role, subjectId: string): Promise<{ token: string; sessionId: string }>;
  /**
   * Checks a bearer token against its live session. Returns the caller and, when the token is past half its life,
   * a fresh one for the same session.
   */
  verify(token: string): Promise<{ auth: AuthContext; refreshed?: string }>;
  /** Drops these sessions from the cache of checked tokens: they were ended (in this process or another). */
  forget(sessionIds: readonly string[]): void;
};

export function createAuthenticator(db: Db, secret: Uint8Array, now: () => Date = () => new Date(), cacheMs = SESSION_CACHE_MS): Authenticator {
  // Imported once: jose would import a raw secret again on every verification.
  const key = crypto.createSecretKey(secret);
  const cache = new Map<string, CachedToken>();
  // Bumped by every `forget`: a session read before it may be one just ended, so its answer is not cached.
  let epoch = 0;

  const remember = (token: string, entry: CachedToken) => {
    if (cache.size >= SESSION_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(token, entry);
  };

  const sign = (role: Role, subjectId: string, sessionId: string) =>
    new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(role)
      .setSubject(subjectId)
      .setIssuedAt(Math.floor(now().getTime() / 1000))
      .setExpirationTime(Math.floor(now().getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS)
      .sign(key);

  return {
    async signIn(role, subjectId) {
      const sessionId = crypto.randomBytes(18).toString('base64url');
      await insertSession(db, { id: sessionId, role, subjectId, expiresAt: new Date(now().getTime() + SESSION_TTL_SECONDS * 1000) });
      return { token: await sign(role, subjectId, sessionId), sessionId };
    },
    async verify(token) {
      const at = now().getTime();
      const cached = cache.get(token);
      if (
        cached &&
        at - cached.checkedAt < cacheMs &&
        at < cached.tokenExpiresAt &&
        at < cached.sessionExpiresAt &&
        at / 1000 - cached.issuedAt < ACCESS_TOKEN_REFRESH_AFTER_SECONDS
      ) {
        return { auth: cached.auth };
      }
      cache.delete(token);
      const startEpoch = epoch;
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER, currentDate: now() }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw new AppError('unauthorized');
        throw error;
      }
      const role = RoleSchema.safeParse(Array.isArray(payload.aud) ? payload.aud[0] : payload.aud);
      const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
      if (!role.success || !payload.sub || !sessionId) throw new AppError('unauthorized');
      const session = await findSession(db, sessionId);
      if (!session || session.revokedAt || session.expiresAt <= now() || session.role !== role.data || session.subjectId !== payload.sub) {
        throw new AppError('unauthorized');
      }
      const auth: AuthContext = { role: role.data, subjectId: payload.sub, sessionId };
      const issuedAt = payload.iat ?? 0;
      if (now().getTime() / 1000 - issuedAt < ACCESS_TOKEN_REFRESH_AFTER_SECONDS) {
        if (epoch === startEpoch) {
          remember(token, { auth, issuedAt, tokenExpiresAt: (payload.exp ?? 0) * 1000, sessionExpiresAt: session.expiresAt.getTime(), checkedAt: at });
        }
        return { auth };
      }
      await touchSession(db, sessionId);
      return { auth, refreshed: await sign(auth.role, auth.subjectId, sessionId) };
    },
    forget(sessionIds) {
      epoch += 1;
      const ended = new Set(sessionIds);
      for (const [token, entry] of cache) if (ended.has(entry.auth.sessionId)) cache.delete(token);
    },
  };
}

/**
 * Keeps an authenticator's cache true: sessions ended in this process are forgotten at once, those ended by any
 * process (this one included) when the sessions-ended notification arrives. Returns the stop.
 */
export async function forgetEndedSessions(database: Database, authenticator: Authenticator): Promise<() => Promise<void>> {
  const stopHere = onSessionsEndedHere((ids) => authenticator.forget(ids));
  const unlisten = await database.listen(SESSIONS_ENDED_CHANNEL, (payload) => {
    try {
      authenticator.forget(JSON.parse(payload) as string[]);
    } catch {
      // An unreadable payload names no session we could forget; the cache lifetime still bounds it.
    }
  });
  return async () => {
    stopHere();
    await unlisten();
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}
