import type { Evaluation } from '@teamcast/contracts';
import { evaluate, splitByPerson } from './evaluation.ts';
import { computeMetrics, type Metrics } from './metrics.ts';
import { createAdam, createNetwork, forward, lossAndGradient, type Network } from './mlp.ts';
import { clampScore } from './outputs.ts';
import { createRng, shuffledIndices } from './rng.ts';

/**
 * What training needs: n samples of d features (0..1), their labels and the prior's scores (n × 3, 0-100 scale), and
 * each sample's person (group index, evaluation.ts): the split never puts one person on both sides.
 */
export type TrainingData = { n: number; d: number; features: Float64Array; labels: Float64Array; prior: Float64Array; groups: Int32Array };

export type TrainingOptions = {
  seed: number;
  hidden: number;
  epochs: number;
  batchSize: number;
  learningRate: number;
  weightDecay: number;
  /** Share of the samples held out for testing, 0..1. */
  testShare: number;
};

export const DEFAULT_TRAINING: TrainingOptions = {
  seed: 20261122,
  hidden: 16,
  epochs: 600,
  batchSize: 32,
  learningRate: 0.005,
  weightDecay: 3e-3,
  testShare: 0.2,
};

export type TrainedModel = {
  hidden: number;
  params: number[];
  /** Mean training feature vector: the reference (baseline) of the integrated-gradients explanations (scorer.ts). */
  reference: number[];
  metrics: { model: Metrics; prior: Metrics };
  /** Model and prior on the held-out people, with bootstrap intervals (evaluation.ts). */
  evaluation: { model: Evaluation; prior: Evaluation };
  trainCount: number;
  testCount: number;
  finalLoss: number;
};

/** Fraction done (0..1) and the current training loss. */
export type Progress = (fraction: number, loss: number) => void;

/** Predictions on the 0-100 scale of a network trained on labels / 100, clamped to the scale. */
export function predictScaled(net: Network, x: ArrayLike<number>, offset = 0): number[] {
  const h = new Float64Array(net.hidden);
  const out = new Float64Array(net.outputs);
  forward(net, x, offset, h, out);
  return Array.from(out, (value) => clampScore(value * 100));
}

/**
 * Trains the network with Adam on mini-batches drawn in a seeded order, then measures the model and the prior on
 * the held-out test set. Same data, options and seed give the same parameters.
 */
export function trainModel(data: TrainingData, options: TrainingOptions, onProgress?: Progress): TrainedModel {
  const { n, d } = data;
  if (n < 10) throw new Error('Training needs at least 10 labelled profiles');
  const { train, test } = splitByPerson(data.groups, options.seed, options.testShare);
  if (test.length === 0) throw new Error('Training needs labelled profiles of at least two people');
  const rng = createRng(options.seed);
  const net = createNetwork(d, options.hidden, 3, rng);
  const targets = data.labels.map((value) => value / 100);
  const adam = createAdam(net.params.length, options.learningRate);
  const grad = new Float64Array(net.params.length);
  let loss = 0;
  const reportEvery = Math.max(1, Math.floor(options.epochs / 50));
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const order = shuffledIndices(train.length, rng).map((index) => train[index]!);
    loss = 0;
    for (let start = 0; start < order.length; start += options.batchSize) {
      const batch = order.slice(start, start + options.batchSize);
      loss += lossAndGradient(net, data.features, targets, batch, options.weightDecay, grad) * (batch.length / order.length);
      adam.step(net.params, grad);
    }
    if (onProgress && (epoch % reportEvery === 0 || epoch === options.epochs - 1)) onProgress((epoch + 1) / options.epochs, loss);
  }
  const predicted = new Float64Array(test.length * 3);
  const labels = new Float64Array(test.length * 3);
  const prior = new Float64Array(test.length * 3);
  test.forEach((sample, row) => {
    predictScaled(net, data.features, sample * d).forEach((value, k) => (predicted[row * 3 + k] = value));
    for (let k = 0; k < 3; k++) {
      labels[row * 3 + k] = data.labels[sample * 3 + k]!;
      prior[row * 3 + k] = data.prior[sample * 3 + k]!;
    }
  });
  const testGroups = Int32Array.from(test, (sample) => data.groups[sample]!);
  const reference = new Array<number>(d).fill(0);
  for (const sample of train) for (let i = 0; i < d; i++) reference[i]! += data.features[sample * d + i]! / train.length;
  return {
    hidden: options.hidden,
    params: Array.from(net.params),
    reference,
    metrics: { model: computeMetrics(predicted, labels, test.length), prior: computeMetrics(prior, labels, test.length) },
    evaluation: { model: evaluate(predicted, labels, testGroups, options.seed), prior: evaluate(prior, labels, testGroups, options.seed) },
    trainCount: train.length,
    testCount: test.length,
    finalLoss: loss,
  };
}
