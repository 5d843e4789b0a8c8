import { useRef } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { randomId } from '../../../shared/ids/random-id.ts';

/**
 * One idempotency key per payment attempt: a call lost on the network is retried with the same key (so it can never
 * charge twice); once the server has answered, success or refusal, the next attempt gets a new key.
 */
export function useIdempotencyKey() {
  const stored = useRef<string | null>(null);
  return {
    current: () => (stored.current ??= randomId()),
    settle: (error: unknown) => {
      const unanswered = error instanceof ApiError && error.status === 0;
      if (!unanswered) stored.current = null;
    },
  };
}
