import type { z } from 'zod';
import type { ErrorCode } from '@teamcast/contracts';

/** An expected failure, answered with its catalogue status and localised message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params?: Record<string, string | number>,
    readonly field?: string,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** Raised by the validator with the zod issues, so messages can be localised per request. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}
