import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCodeSchema, IDEMPOTENCY_KEY_HEADER } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { claimIdempotencyKey, lockOwnerPayments, recordIdempotentOutcome } from './payments.repository.ts';

const KEY_PATTERN = /^[\w\-:.]{8,255}$/;

/** The Idempotency-Key header of a money-moving call; a call without one is refused before anything happens. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !KEY_PATTERN.test(key)) throw new AppError('validation_failed', undefined, 'Idempotency-Key');
  return key;
}

const fingerprintOf = (operation: string, input: unknown) =>
  crypto
    .createHash('sha256')
    .update(`${operation}\n${JSON.stringify(input ?? null)}`)
    .digest('hex');

type Outcome<T> = { ok: true; result: T } | { ok: false; error: AppError };

/**
 * Runs a money-moving operation once per (owner, key). The key is claimed, the work done and its outcome (result, or
 * the catalogue error such as card_declined) stored in one transaction; a retry with the same key and the same
 * request gets the stored outcome and charges nothing. The same key with another request is refused. An unexpected
 * failure rolls everything back, so the retry can run again.
 */
export async function idempotent<T>(
  db: Db,
  scope: { ownerId: string; key: string; operation: string; input: unknown },
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const fingerprint = fingerprintOf(scope.operation, scope.input);
  const outcome = await db.transaction(async (tx): Promise<Outcome<T>> => {
    await lockOwnerPayments(tx as unknown as Db, scope.ownerId);
    const claim = await claimIdempotencyKey(tx as unknown as Db, { ownerId: scope.ownerId, key: scope.key, operation: scope.operation, fingerprint });
    if (!claim.claimed) {
      const earlier = claim.earlier;
      if (earlier.fingerprint !== fingerprint) return { ok: false, error: new AppError('idempotency_conflict') };
      if (earlier.errorCode) return { ok: false, error: new AppError(ErrorCodeSchema.parse(earlier.errorCode)) };
      if (earlier.result === null) return { ok: false, error: new AppError('idempotency_conflict') };
      return { ok: true, result: earlier.result as T };
    }
    try {
      const result = await work(tx as unknown as Db);
      await recordIdempotentOutcome(tx as unknown as Db, scope.ownerId, scope.key, { result });
      return { ok: true, result };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // An expected failure (a declined card) is an outcome too: what it recorded stays, and a retry gets the same answer.
      await recordIdempotentOutcome(tx as unknown as Db, scope.ownerId, scope.key, { errorCode: error.code });
      return { ok: false, error };
    }
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}
