import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a handler starts and does not wait for, so the answer leaves after the same work whichever way the request
 * goes (a mail to a registered address, or none): its timing tells nothing. Failures are logged. Tests and shut-down
 * wait for `settled`.
 */
export type AfterAnswer = {
  run(work: () => Promise<void>): void;
  /** Resolves once every started piece of work (and any it started) has finished. */
  settled(): Promise<void>;
};

export function createAfterAnswer(log: FastifyBaseLogger): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(work) {
      const running: Promise<void> = Promise.resolve()
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, 'work after the answer failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
