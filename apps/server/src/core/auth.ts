import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { RoleSchema, type Role } from '@teamcast/contracts';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';
import { findSession, insertSession, touchSession } from './session.repository.ts';

/** Access tokens live 2 hours and are re-issued after 1 hour of use; a session lasts at most 30 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 2 * 60 * 60;
export const ACCESS_TOKEN_REFRESH_AFTER_SECONDS = 60 * 60;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Response header carrying a re-issued access token; the web client replaces its stored one. */
export const REFRESHED_TOKEN_HEADER = 'x-access-token';

const ALGORITHM = 'HS256';
const ISSUER = 'teamcast';

export type AuthContext = { role: Role; subjectId: string; sessionId: string };

export type Authenticator = {
  /** Starts a new session for a user and returns its first access token. */
  signIn(role: Role, subjectId: string): Promise<{ token: string; sessionId: string }>;
  /**
   * Checks a bearer token against its live session. Returns the caller and, when the token is past half its life,
   * a fresh one for the same session.
   */
  verify(token: string): Promise<{ auth: AuthContext; refreshed?: string }>;
};

export function createAuthenticator(db: Db, secret: Uint8Array, now: () => Date = () => new Date()): Authenticator {
  const sign = (role: Role, subjectId: string, sessionId: string) =>
    new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(role)
      .setSubject(subjectId)
      .setIssuedAt(Math.floor(now().getTime() / 1000))
      .setExpirationTime(Math.floor(now().getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS)
      .sign(secret);

  return {
    async signIn(role, subjectId) {
      const sessionId = crypto.randomBytes(18).toString('base64url');
      await insertSession(db, { id: sessionId, role, subjectId, expiresAt: new Date(now().getTime() + SESSION_TTL_SECONDS * 1000) });
      return { token: await sign(role, subjectId, sessionId), sessionId };
    },
    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER, currentDate: now() }));
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
      if (now().getTime() / 1000 - issuedAt < ACCESS_TOKEN_REFRESH_AFTER_SECONDS) return { auth };
      await touchSession(db, sessionId);
      return { auth, refreshed: await sign(auth.role, auth.subjectId, sessionId) };
    },
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}
