import type { Rng } from './rng.ts';

/**
 * A small multi-output perceptron: inputs → tanh hidden layer → linear outputs. All parameters live in one
 * Float64Array laid out as W1 (hidden × inputs), b1 (hidden), W2 (outputs × hidden), b2 (outputs).
 */
export type Network = { inputs: number; hidden: number; outputs: number; params: Float64Array };

export function parameterCount(inputs: number, hidden: number, outputs: number): number {
  return hidden * inputs + hidden + outputs * hidden + outputs;
}

const offsets = (net: Network) => {
  const w1 = 0;
  const b1 = net.hidden * net.inputs;
  const w2 = b1 + net.hidden;
  const b2 = w2 + net.outputs * net.hidden;
  return { w1, b1, w2, b2 };
};

/** Xavier-uniform weights from the seeded source, zero biases. */
export function createNetwork(inputs: number, hidden: number, outputs: number, rng: Rng): Network {
  const net: Network = { inputs, hidden, outputs, params: new Float64Array(parameterCount(inputs, hidden, outputs)) };
  const { b1, w2, b2 } = offsets(net);
  const limit1 = Math.sqrt(6 / (inputs + hidden));
  for (let i = 0; i < b1; i++) net.params[i] = (rng.next() * 2 - 1) * limit1;
  const limit2 = Math.sqrt(6 / (hidden + outputs));
  for (let i = w2; i < b2; i++) net.params[i] = (rng.next() * 2 - 1) * limit2;
  return net;
}

/** Forward pass for one sample; fills `hiddenOut` (tanh activations) and `out`. */
export function forward(net: Network, x: ArrayLike<number>, xOffset: number, hiddenOut: Float64Array, out: Float64Array): void {
  const { inputs, hidden, outputs, params } = net;
  const { b1, w2, b2 } = offsets(net);
  for (let j = 0; j < hidden; j++) {
    let sum = params[b1 + j]!;
    const row = j * inputs;
    for (let i = 0; i < inputs; i++) sum += params[row + i]! * x[xOffset + i]!;
    hiddenOut[j] = Math.tanh(sum);
  }
  for (let k = 0; k < outputs; k++) {
    let sum = params[b2 + k]!;
    const row = w2 + k * hidden;
    for (let j = 0; j < hidden; j++) sum += params[row + j]! * hiddenOut[j]!;
    out[k] = sum;
  }
}

export function predict(net: Network, x: ArrayLike<number>): Float64Array {
  const out = new Float64Array(net.outputs);
  forward(net, x, 0, new Float64Array(net.hidden), out);
  return out;
}

/**
 * Loss of a batch and its gradient: mean over samples of the squared error summed over outputs, halved, plus
 * weightDecay/2 × the squared weights (biases are not decayed). `x` and `y` are row-major sample matrices.
 */
export function lossAndGradient(net: Network, x: Float64Array, y: Float64Array, batch: readonly number[], weightDecay: number, grad: Float64Array): number {
  const { inputs, hidden, outputs, params } = net;
  const { b1, w2, b2 } = offsets(net);
  grad.fill(0);
  const h = new Float64Array(hidden);
  const out = new Float64Array(outputs);
  const deltaOut = new Float64Array(outputs);
  const deltaHidden = new Float64Array(hidden);
  let loss = 0;
  const scale = 1 / batch.length;
  for (const sample of batch) {
    const xo = sample * inputs;
    forward(net, x, xo, h, out);
    for (let k = 0; k < outputs; k++) {
      const error = out[k]! - y[sample * outputs + k]!;
      loss += 0.5 * error * error * scale;
      deltaOut[k] = error * scale;
    }
    deltaHidden.fill(0);
    for (let k = 0; k < outputs; k++) {
      const d = deltaOut[k]!;
      grad[b2 + k]! += d;
      const row = w2 + k * hidden;
      for (let j = 0; j < hidden; j++) {
        grad[row + j]! += d * h[j]!;
        deltaHidden[j]! += d * params[row + j]!;
      }
    }
    for (let j = 0; j < hidden; j++) {
      const d = deltaHidden[j]! * (1 - h[j]! * h[j]!);
      if (d === 0) continue;
      grad[b1 + j]! += d;
      const row = j * inputs;
      for (let i = 0; i < inputs; i++) grad[row + i]! += d * x[xo + i]!;
    }
  }
  for (const [from, to] of [
    [0, b1],
    [w2, b2],
  ] as const) {
    for (let i = from; i < to; i++) {
      loss += 0.5 * weightDecay * params[i]! * params[i]!;
      grad[i]! += weightDecay * params[i]!;
    }
  }
  return loss;
}

/** d output_k / d input_i at x, as an outputs × inputs row-major matrix (checks integratedGradient in the tests). */
export function inputGradient(net: Network, x: ArrayLike<number>): Float64Array {
  const { inputs, hidden, outputs, params } = net;
  const { w2 } = offsets(net);
  const h = new Float64Array(hidden);
  forward(net, x, 0, h, new Float64Array(outputs));
  const result = new Float64Array(outputs * inputs);
  for (let k = 0; k < outputs; k++) {
    for (let j = 0; j < hidden; j++) {
      const factor = params[w2 + k * hidden + j]! * (1 - h[j]! * h[j]!);
      if (factor === 0) continue;
      const row = j * inputs;
      for (let i = 0; i < inputs; i++) result[k * inputs + i]! += factor * params[row + i]!;
    }
  }
  return result;
}

/**
 * Integrated gradients (Sundararajan et al. 2017) of every output with respect to every input along the straight path
 * from `reference` to `x`, by the midpoint rule with `steps` points: result[k·inputs + i] = (x_i − reference_i) ·
 * mean over the path of ∂out_k/∂in_i. For this network ∂out_k/∂in_i = Σ_j W2[k,j] (1 − h_j²) W1[j,i], so only the mean
 * of (1 − h_j²) along the path is needed: one hidden pass per step, one Jacobian pass in all.
 */
export function integratedGradient(net: Network, reference: ArrayLike<number>, x: ArrayLike<number>, steps: number): Float64Array {
  const { inputs, hidden, outputs, params } = net;
  const { b1, w2 } = offsets(net);
  const slope = new Float64Array(hidden);
  for (let step = 0; step < steps; step++) {
    const alpha = (step + 0.5) / steps;
    for (let j = 0; j < hidden; j++) {
      let sum = params[b1 + j]!;
      const row = j * inputs;
      for (let i = 0; i < inputs; i++) sum += params[row + i]! * (reference[i]! + alpha * (x[i]! - reference[i]!));
      const h = Math.tanh(sum);
      slope[j]! += (1 - h * h) / steps;
    }
  }
  const result = new Float64Array(outputs * inputs);
  for (let k = 0; k < outputs; k++) {
    for (let j = 0; j < hidden; j++) {
      const factor = params[w2 + k * hidden + j]! * slope[j]!;
      if (factor === 0) continue;
      const row = j * inputs;
      for (let i = 0; i < inputs; i++) result[k * inputs + i]! += factor * params[row + i]!;
    }
    for (let i = 0; i < inputs; i++) result[k * inputs + i]! *= x[i]! - reference[i]!;
  }
  return result;
}

/** Adam optimiser state over one parameter vector. */
export function createAdam(size: number, learningRate: number, beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8) {
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  let t = 0;
  return {
    step(params: Float64Array, grad: Float64Array): void {
      t += 1;
      const c1 = 1 - beta1 ** t;
      const c2 = 1 - beta2 ** t;
      for (let i = 0; i < size; i++) {
        const g = grad[i]!;
        m[i] = beta1 * m[i]! + (1 - beta1) * g;
        v[i] = beta2 * v[i]! + (1 - beta2) * g * g;
        params[i]! -= (learningRate * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + epsilon);
      }
    },
  };
}
