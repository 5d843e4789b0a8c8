import { MessageChannel } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import type { TrainedModel, TrainingData, TrainingOptions } from './train.ts';
import type { TrainingProgress } from './training.task.ts';

export type Trainer = {
  /** Trains off the event loop; progress arrives through `onProgress`. */
  train(data: TrainingData, options: TrainingOptions, onProgress: (progress: TrainingProgress) => void): Promise<TrainedModel>;
  /** Resolves when every started run has settled (and the finishing work its caller chained with `track`). */
  idle(): Promise<void>;
  track(work: Promise<unknown>): void;
  stop(): Promise<void>;
};

/** One worker thread for training, started on first use, so requests never wait on a training run. */
export function createTrainer(log: FastifyBaseLogger): Trainer {
  let pool: Piscina | undefined;
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch(() => {}).finally(() => running.delete(settled));
    running.add(settled);
  };
  return {
    async train(data, options, onProgress) {
      pool ??= new Piscina({ filename: new URL('./scoring.worker.mjs', import.meta.url).href, minThreads: 0, maxThreads: 1, idleTimeout: 30_000 });
      const channel = new MessageChannel();
      channel.port1.on('message', (progress: TrainingProgress) => onProgress(progress));
      try {
        return (await pool.run({ data, options, port: channel.port2 }, { transferList: [channel.port2] })) as TrainedModel;
      } finally {
        channel.port1.close();
      }
    },
    track,
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async stop() {
      await Promise.all([...running]);
      await pool?.destroy().catch((error: unknown) => log.warn({ err: error }, 'scoring: training pool did not stop cleanly'));
      pool = undefined;
    },
  };
}
