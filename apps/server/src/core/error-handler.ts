import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeIssue, errorMessage, errorStatus, type ErrorCode, type ErrorEnvelope } from '@teamcast/contracts';
import { AppError, RequestValidationError } from './errors.ts';
import { isStorageFailure } from './storage-failure.ts';

// Connection failures, plus the time limits of core/db.ts: 57014 statement_timeout, 25P03 idle_in_transaction_session_timeout.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '25P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  // node-postgres' own messages: a lost or refused connection, no free connection in time, no answer within query_timeout.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout/.test(
    message,
  );
}

/** The error and what it wraps (Drizzle wraps the driver's error in `cause`), a few levels deep. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 5; current = (current as { cause?: unknown }).cause)
    chain.push(current);
  return chain;
}

/** Maps a thrown error to a catalogue code; anything unrecognised is an unexpected error. */
function classify(error: FastifyError): { code: ErrorCode; field?: string; params?: Record<string, string | number>; storage?: boolean } {
  if (error instanceof AppError) return { code: error.code, field: error.field, params: error.params };
  if (causeChain(error).some(isDatabaseUnavailable)) return { code: 'service_unavailable' };
  if (isStorageFailure(error)) return { code: 'service_unavailable', storage: true };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'payload_too_large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'bad_request' };
  }
  if (error.statusCode === 429) return { code: 'rate_limited' };
  if (error.statusCode === 404) return { code: 'not_found' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return { code: 'bad_request' };
  return { code: 'unexpected_error' };
}

export function sendError(reply: FastifyReply, request: FastifyRequest, code: ErrorCode, field?: string, message?: string): FastifyReply {
  const body: ErrorEnvelope = { error: { code, message: message ?? errorMessage(code, request.locale), ...(field ? { field } : {}) } };
  return reply.status(errorStatus(code) || 500).send(body);
}

/** Every failure leaves as the `{ error: { code, message } }` envelope in the caller's language, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const first = error.issues[0];
      const described = first ? describeIssue(first, request.locale) : undefined;
      const prefix = (error as unknown as { validationContext?: string }).validationContext;
      const field = described?.field ? described.field : prefix === 'body' ? undefined : prefix;
      return sendError(reply, request, 'validation_failed', field, described?.message);
    }
    const { code, field, params, storage } = classify(error);
    if (code === 'unexpected_error') {
      request.log.error({ err: error }, 'unexpected error');
    } else if (storage) {
      // A full or read-only disk: the write is refused as a temporary failure and health turns degraded.
      request.server.storageFailures.record();
      request.log.error({ err: error }, 'storage full or read-only: write refused');
    } else if (code === 'service_unavailable') {
      // The driver's own error, not Drizzle's wrapper, whose message carries the statement and its parameters.
      const cause = (causeChain(error).find(isDatabaseUnavailable) ?? error) as { message?: unknown; code?: unknown };
      request.log.warn({ err: { message: cause.message, code: cause.code } }, 'database unavailable');
    }
    return sendError(reply, request, code, field, params ? errorMessage(code, request.locale, params) : undefined);
  });
}
