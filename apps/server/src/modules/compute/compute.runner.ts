import crypto from 'node:crypto';
import os from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import type { ErrorCode } from '@teamcast/contracts';
import type { Database, Db } from '../../core/db.ts';
import type { Storage } from '../../core/storage.ts';
import type { GateHub } from '../gate/gate.hub.ts';
import { claimJob, failJob, finishJob, insertJob, raisePhase, renewLock, type JobKind, type JobRow } from './compute.repository.ts';
import type { SceneDigest } from '../scenes/scene-digest.ts';
import type { TaskOutcome } from './compute.tasks.ts';

export type ComputeRunnerOptions = {
  database: Database;
  storage: Storage;
  gate: GateHub;
  log: FastifyBaseLogger;
  /** Worker threads; one less than the cores, at least one. */
  threads?: number;
  /** A running job whose lock is older than this is taken over (its process is presumed dead), in ms. */
  staleMs?: number;
  /** How often queued work is looked for without a wake-up notification, in ms. */
  pollMs?: number;
  /** Attempts before a job that keeps crashing is marked failed. */
  maxAttempts?: number;
  /** The worker-thread entry; tests give one whose reports are shaped to test the runner. */
  workerFile?: URL;
  /**
   * Threads kept started while idle (default 1): a team's first run then finds the engine loaded instead of starting a
   * thread and loading it first. Tests that build many apps keep none.
   */
  idleThreads?: number;
  /**
   * Called with a finished job and what its task made for the subject's cache, in the transaction that marks the job
   * done, so the first read after a run finds the cache and no cache names a job that did not finish (scenes: the scene
   * row's summary, band and moods). It runs in a savepoint: a failure is logged, the job stays done, and the reader
   * falls back to the stored dataset.
   */
  cacheDigest?: (tx: Db, job: JobRow, digest: SceneDigest) => Promise<void>;
};

const WAKE_CHANNEL = 'teamcast_jobs';
const ENGINE_ERRORS: Partial<Record<string, ErrorCode>> = {
  events_zero_length: 'events_zero_length',
  actor_not_found: 'actor_not_found',
  class_instance_forbidden: 'class_instance_forbidden',
  invalid_input: 'interaction_settings_failure',
};

/**
 * Runs background computations: jobs are stored first (so they survive a crash or restart), claimed one at a time per
 * free worker thread, computed off the event loop, and their phases pushed to the owner over the gate. Datasets go to
 * storage under a random key.
 */
export function createComputeRunner(options: ComputeRunnerOptions) {
  const { database, storage, gate, log } = options;
  const threads = options.threads ?? Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);
  const staleMs = options.staleMs ?? 30_000;
  const pollMs = options.pollMs ?? 1_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const workerFile = options.workerFile ?? new URL('./compute.worker.mjs', import.meta.url);
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const finishedListeners = new Set<(job: { id: string; status: 'done' | 'failed' }) => void>();

  let pool: Piscina | undefined;
  let running = 0;
  let stopped = true;
  let pollTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  const inFlight = new Set<Promise<void>>();

  const publishPhase = (job: JobRow, phase: number, error?: ErrorCode) =>
    gate
      .publish(
        { role: 'owner', subjectId: job.ownerId },
        { type: 'sceneComputePhase', payload: { sceneId: job.subjectId, ruid: job.id, phase, ...(error ? { error } : {}) } },
      )
      .catch((failure: unknown) => log.warn({ err: failure, ruid: job.id }, 'compute: phase not published'));

  async function execute(job: JobRow): Promise<void> {
    let phase = job.phase;
    const heartbeat = setInterval(() => void renewLock(database.db, job.id, workerId).catch(() => {}), Math.max(1_000, staleMs / 3));
    const channel = new MessageChannel();
    // Phases only move up: the engine's reports and the runner's own (transfer, done) pass through here.
    // Each phase is stored and published before the next one starts: with a pool of connections, concurrent NOTIFYs
    // could otherwise reach the owner out of order. A phase skipped over is still published: the worker's last report
    // on its port can arrive after the task's result (two channels, no order between them), and a finished run has
    // passed through every phase before it.
    let published = Promise.resolve();
    const advance = (next: number) => {
      if (next <= phase) return published;
      const from = phase + 1;
      phase = next;
      published = published.then(async () => {
        await raisePhase(database.db, job.id, workerId, next).catch(() => {});
        for (let step = from; step <= next; step++) await publishPhase(job, step);
      });
      return published;
    };
    channel.port1.on('message', (next: number) => void advance(Math.min(next, 3)));
    try {
      const outcome = (await pool!.run({ kind: job.kind, input: job.input, port: channel.port2 }, { transferList: [channel.port2] })) as TaskOutcome;
      if (!outcome.ok) {
        await failJob(database.db, job.id, workerId, outcome.code, true);
        await publishPhase(job, phase, ENGINE_ERRORS[outcome.code] ?? 'initialization_error');
        notifyFinished(job.id, 'failed');
        return;
      }
      await advance(4);
      const key = `ds_${crypto.randomBytes(16).toString('hex')}`;
      await storage.put(key, Buffer.from(outcome.data));
      const { cacheDigest } = options;
      const finished = await database.db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        if (!(await finishJob(tx, job.id, workerId, key))) return false;
        if (outcome.digest && cacheDigest) {
          await tx
            .transaction((inner) => cacheDigest(inner as unknown as Db, job, outcome.digest))
            .catch((error: unknown) => log.warn({ err: error, ruid: job.id }, 'compute: result not cached'));
        }
        return true;
      });
      if (finished) {
        phase = 5;
        await publishPhase(job, 5);
        notifyFinished(job.id, 'done');
      } else {
        await storage.delete([key]);
      }
    } catch (error) {
      const final = job.attempts >= maxAttempts;
      log.error({ err: error, ruid: job.id, attempt: job.attempts }, 'compute: job failed');
      await failJob(database.db, job.id, workerId, 'worker_error', final).catch(() => {});
      if (final) {
        await publishPhase(job, phase, 'unstable_connection');
        notifyFinished(job.id, 'failed');
      }
    } finally {
      clearInterval(heartbeat);
      channel.port1.close();
    }
  }

  function notifyFinished(id: string, status: 'done' | 'failed'): void {
    for (const listener of finishedListeners) listener({ id, status });
  }

  /** Claims and starts jobs while worker threads are free. */
  async function fill(): Promise<void> {
    while (!stopped && running < threads) {
      const job = await claimJob(database, workerId, staleMs);
      if (!job) return;
      running += 1;
      const work = execute(job).finally(() => {
        running -= 1;
        inFlight.delete(work);
        if (!stopped) void fill().catch((error: unknown) => log.error({ err: error }, 'compute: claim failed'));
      });
      inFlight.add(work);
    }
  }

  const wake = () => void fill().catch((error: unknown) => log.warn({ err: error }, 'compute: claim failed'));

  return {
    workerId,
    /** Stores a job and wakes the runners of every process; returns its ruid at once. */
    async enqueue(job: { ownerId: string; kind: JobKind; subjectId: string; input: unknown }): Promise<string> {
      const id = crypto.randomBytes(16).toString('base64url');
      await insertJob(database.db, { id, ...job });
      await database.notify(WAKE_CHANNEL, id).catch(() => wake());
      return id;
    },
    async start(): Promise<void> {
      stopped = false;
      pool = new Piscina({ filename: workerFile.href, minThreads: Math.min(threads, options.idleThreads ?? 1), maxThreads: threads, idleTimeout: 60_000 });
      unlisten = await database.listen(WAKE_CHANNEL, wake);
      pollTimer = setInterval(wake, pollMs);
      wake();
    },
    /** Stops claiming, lets the jobs in flight finish (or leaves them to be taken over), and ends the threads. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(pollTimer);
      await unlisten?.();
      await Promise.allSettled([...inFlight]);
      await pool?.destroy();
      pool = undefined;
    },
    onFinished(listener: (job: { id: string; status: 'done' | 'failed' }) => void): () => void {
      finishedListeners.add(listener);
      return () => finishedListeners.delete(listener);
    },
  };
}

export type ComputeRunner = ReturnType<typeof createComputeRunner>;
