import type { MessagePort } from 'node:worker_threads';
import { trainModel, type TrainedModel, type TrainingData, type TrainingOptions } from './train.ts';

export type TrainingTask = { data: TrainingData; options: TrainingOptions; port: MessagePort };
export type TrainingProgress = { fraction: number; loss: number };

/** Runs in a worker thread: trains and posts progress to the port. */
export function runTraining({ data, options, port }: TrainingTask): TrainedModel {
  try {
    return trainModel(data, options, (fraction, loss) => port.postMessage({ fraction, loss } satisfies TrainingProgress));
  } finally {
    port.close();
  }
}
