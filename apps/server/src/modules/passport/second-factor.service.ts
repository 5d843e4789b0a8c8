import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CHALLENGE_ATTEMPTS,
  SECOND_FACTOR_FAILURES_PER_ACCOUNT,
  SECOND_FACTOR_CHALLENGE_TTL_SECONDS,
  type Role,
  type SecondFactorChallenge,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import type { Sealer } from '../../core/sealer.ts';
import { findAccountById } from './passport.repository.ts';
import {
  claimStep,
  consumeChallenge,
  countFailedAttempt,
  countRecentFailures,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findLiveChallenge,
  findSecondFactor,
  insertChallenge,
  markSecondFactorEnabled,
  putEnabledSecondFactor,
  replaceRecoveryCodes,
  upsertPendingSecondFactor,
  useRecoveryCode,
  type ChallengeRow,
} from './second-factor.repository.ts';

export type SecondFactorDeps = { db: Db; sealer: Sealer; now?: () => Date };

/** RFC 6238 as every authenticator app does it by default: HMAC-SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const totpOf = (secret: Secret, label = '') => new TOTP({ issuer: 'Teamcast', label, secret, algorithm: 'SHA1', digits: 6, period: PERIOD });
const nowOf = (deps: SecondFactorDeps) => (deps.now ?? (() => new Date()))().getTime();

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
/** Recovery codes: 12 characters of Crockford's base32 (60 bits), shown as xxxx-xxxx-xxxx. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const newRecoveryCode = () => {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
};
const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashRecoveryCode = (role: Role, subjectId: string, code: string) =>
  crypto
    .createHash('sha256')
    .update(`${role}:${subjectId}:${normaliseCode(code)}`)
    .digest('hex');
const isTotpCode = (code: string) => /^\d{6}$/.test(normaliseCode(code));

/** The time step a code belongs to, within one step either side of now; null when it matches none. */
function matchingStep(deps: SecondFactorDeps, sealedSecret: string, code: string): number | null {
  const timestamp = nowOf(deps);
  const delta = totpOf(Secret.fromBase32(deps.sealer.open(sealedSecret))).validate({ token: normaliseCode(code), timestamp, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** True when the code is a fresh TOTP code of the factor (enabled or pending), taking its step so it works once. */
async function acceptTotp(deps: SecondFactorDeps, role: Role, subjectId: string, code: string, enabled: boolean): Promise<boolean> {
  const factor = await findSecondFactor(deps.db, role, subjectId);
  if (!factor || Boolean(factor.enabledAt) !== enabled || !isTotpCode(code)) return false;
  const step = matchingStep(deps, factor.sealedSecret, code);
  return step !== null && claimStep(deps.db, role, subjectId, step, enabled);
}

/** Checks a code of an enabled factor: a TOTP code (once) or an unused recovery code (used up). */
export async function acceptCode(deps: SecondFactorDeps, role: Role, subjectId: string, code: string): Promise<boolean> {
  if (isTotpCode(code)) return acceptTotp(deps, role, subjectId, code, true);
  const factor = await findSecondFactor(deps.db, role, subjectId);
  return Boolean(factor?.enabledAt) && useRecoveryCode(deps.db, role, subjectId, hashRecoveryCode(role, subjectId, code));
}

async function enrolmentOf(secret: string, label: string): Promise<SecondFactorEnrolment> {
  const otpauthUrl = totpOf(Secret.fromBase32(secret), label).toString();
  return { secret, otpauthUrl, qrSvg: await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
}

/**
 * Starts (or shows again) an enrolment: a new 160-bit secret kept sealed and pending until a code confirms it. The
 * same secret is answered until then, so a page shown twice shows one QR code.
 */
export async function startEnrolment(deps: SecondFactorDeps, role: Role, subjectId: string, label: string): Promise<SecondFactorEnrolment> {
  const existing = await findSecondFactor(deps.db, role, subjectId);
  if (existing?.enabledAt) throw new AppError('second_factor_enabled');
  if (existing) return enrolmentOf(deps.sealer.open(existing.sealedSecret), label);
  const secret = new Secret({ size: 20 }).base32;
  if (!(await upsertPendingSecondFactor(deps.db, role, subjectId, deps.sealer.seal(secret)))) throw new AppError('second_factor_enabled');
  return enrolmentOf(secret, label);
}

/** New recovery codes for an enabled factor, replacing the old ones; answered once, only hashes are kept. */
async function issueRecoveryCodes(db: Db, role: Role, subjectId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(
    db,
    role,
    subjectId,
    codes.map((code) => hashRecoveryCode(role, subjectId, code)),
  );
  return codes;
}

/** Confirms a pending enrolment with a code of the new authenticator; answers the recovery codes, or null for a wrong code. */
export async function confirmEnrolment(deps: SecondFactorDeps, role: Role, subjectId: string, code: string): Promise<string[] | null> {
  if (!(await acceptTotp(deps, role, subjectId, code, false))) return null;
  await markSecondFactorEnabled(deps.db, role, subjectId);
  return issueRecoveryCodes(deps.db, role, subjectId);
}

export async function secondFactorStatus(db: Db, role: Role, subjectId: string): Promise<SecondFactorStatus> {
  const factor = await findSecondFactor(db, role, subjectId);
  const enabled = Boolean(factor?.enabledAt);
  return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, role, subjectId) : 0 };
}

/** Turns the factor off after a code or a recovery code. */
export async function disableSecondFactor(deps: SecondFactorDeps, role: Role, subjectId: string, code: string): Promise<void> {
  if (!(await secondFactorStatus(deps.db, role, subjectId)).enabled) throw new AppError('second_factor_disabled');
  if (!(await acceptCode(deps, role, subjectId, code))) throw new AppError('second_factor_invalid', undefined, 'code');
  await deleteSecondFactor(deps.db, role, subjectId);
}

/** For operators (`npm run admin:create -- --totp-secret`): an enabled factor with a known secret, and fresh recovery codes. */
export async function enrolWithSecret(deps: SecondFactorDeps, role: Role, subjectId: string, base32: string): Promise<string[]> {
  const secret = Secret.fromBase32(base32.replace(/\s/g, '').toUpperCase()).base32;
  await putEnabledSecondFactor(deps.db, role, subjectId, deps.sealer.seal(secret));
  return issueRecoveryCodes(deps.db, role, subjectId);
}

/** For operators: removes a user's factor, so an administrator's next sign-in enrols anew. */
export const resetSecondFactor = (db: Db, role: Role, subjectId: string) => deleteSecondFactor(db, role, subjectId);

/**
 * The second step a user must pass after his password or link, or null for none: administrators always have one
 * (enrolment when they have no factor yet), owners when they turned it on, estimators never.
 */
export async function secondStepFor(deps: SecondFactorDeps, role: Role, subjectId: string): Promise<SecondFactorChallenge | null> {
  if (role === 'estimator') return null;
  const enabled = (await secondFactorStatus(deps.db, role, subjectId)).enabled;
  if (!enabled && role === 'owner') return null;
  const kind = enabled ? 'code' : 'enrol';
  const challenge = crypto.randomBytes(32).toString('base64url');
  await insertChallenge(deps.db, {
    tokenHash: hashToken(challenge),
    role,
    subjectId,
    kind,
    expiresAt: new Date(nowOf(deps) + SECOND_FACTOR_CHALLENGE_TTL_SECONDS * 1000),
  });
  return { challenge, secondFactor: kind };
}

/** The live challenge behind a token, or 'the sign-in has timed out'. */
export async function liveChallenge(db: Db, challenge: string): Promise<ChallengeRow> {
  const row = await findLiveChallenge(db, hashToken(challenge), SECOND_FACTOR_CHALLENGE_ATTEMPTS);
  if (!row) throw new AppError('second_factor_expired');
  return row;
}

/** The authenticator to set up for an 'enrol' challenge. */
export async function enrolmentForChallenge(deps: SecondFactorDeps, challenge: string): Promise<SecondFactorEnrolment> {
  const row = await liveChallenge(deps.db, challenge);
  if (row.kind !== 'enrol') throw new AppError('second_factor_enabled');
  const account = await findAccountById(deps.db, row.role, row.subjectId);
  if (!account) throw new AppError('second_factor_expired');
  return startEnrolment(deps, row.role, row.subjectId, account.email);
}

/**
 * Passes the second step: a right code uses the challenge up and names the user to start a session for (with the
 * recovery codes when the step was an enrolment); a wrong one counts against the challenge's tries and the user's.
 */
export async function passSecondStep(
  deps: SecondFactorDeps,
  challenge: string,
  code: string,
): Promise<{ role: Role; subjectId: string; recoveryCodes?: string[] }> {
  const row = await liveChallenge(deps.db, challenge);
  // Per account, whatever the address: new challenges (each behind a right password) do not buy more guesses.
  if ((await countRecentFailures(deps.db, row.role, row.subjectId)) >= SECOND_FACTOR_FAILURES_PER_ACCOUNT) throw new AppError('rate_limited');
  const recoveryCodes = row.kind === 'enrol' ? await confirmEnrolment(deps, row.role, row.subjectId, code) : undefined;
  const accepted = row.kind === 'enrol' ? recoveryCodes !== null : await acceptCode(deps, row.role, row.subjectId, code);
  if (!accepted) {
    await countFailedAttempt(deps.db, row.tokenHash);
    throw new AppError('second_factor_invalid', undefined, 'code');
  }
  if (!(await consumeChallenge(deps.db, row.tokenHash, SECOND_FACTOR_CHALLENGE_ATTEMPTS))) throw new AppError('second_factor_expired');
  return { role: row.role, subjectId: row.subjectId, ...(recoveryCodes ? { recoveryCodes } : {}) };
}
