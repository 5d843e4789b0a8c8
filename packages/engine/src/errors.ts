/** Internal error codes of spec section 8, plus invalid_input for malformed engine requests. */
export type EngineErrorCode = 'events_zero_length' | 'actor_not_found' | 'class_instance_forbidden' | 'invalid_input';

const MESSAGES: Record<EngineErrorCode, string> = {
  events_zero_length: 'events_zero_length',
  // The spec names this one by its message, not a code.
  actor_not_found: 'NOT FOUND ACTOR',
  class_instance_forbidden: 'class_instance_forbidden',
  invalid_input: 'invalid_input',
};

/** A typed engine failure; `code` is stable, `detail` says which input was at fault. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly detail: string;

  constructor(code: EngineErrorCode, detail = '') {
    super(MESSAGES[code]);
    this.name = 'EngineError';
    this.code = code;
    this.detail = detail;
  }
}

/** True for errors thrown by the engine. */
export function isEngineError(error: unknown): error is EngineError {
  return error instanceof EngineError;
}
