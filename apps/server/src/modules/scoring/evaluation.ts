import type { Evaluation } from '@teamcast/contracts';
import { createRng, shuffledIndices } from './rng.ts';

/** Bootstrap resamples of the held-out people behind each interval. */
export const BOOTSTRAP_RESAMPLES = 1000;

/** What identifies a person among profiles: the fields the key reads. */
export type PersonFields = { id: string; ownerId: string | null; email: string | null; firstName: string | null; lastName: string | null; isDemo: boolean };

const norm = (text: string | null) => (text ?? '').trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/**
 * One key per person, so that two profiles of the same person never fall on both sides of a split: the address when
 * the profile has one; else, within one owner, the first and last name; else the profile itself. A demo profile is a
 * generated person of its own (demo names repeat by construction).
 */
export function personKeyOf(profile: PersonFields): string {
  if (profile.isDemo) return `profile:${profile.id}`;
  const email = norm(profile.email);
  if (email) return `email:${email}`;
  const first = norm(profile.firstName);
  const last = norm(profile.lastName);
  if (first && last) return `name:${profile.ownerId ?? ''}:${first}|${last}`;
  return `profile:${profile.id}`;
}

/** Group index (0..) of each sample from its person key. */
export function groupsOf(keys: readonly string[]): Int32Array {
  const index = new Map<string, number>();
  return Int32Array.from(keys, (key) => {
    let group = index.get(key);
    if (group === undefined) index.set(key, (group = index.size));
    return group;
  });
}

/**
 * The seeded split by person: people are shuffled and taken whole into the test set until it holds at least
 * `testShare` of the samples; every sample of a person lands on the same side. The same seed and groups give the same split.
 */
export function splitByPerson(groups: ArrayLike<number>, seed: number, testShare: number): { train: number[]; test: number[] } {
  const n = groups.length;
  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const list = members.get(groups[i]!) ?? [];
    list.push(i);
    members.set(groups[i]!, list);
  }
  const people = [...members.keys()].sort((a, b) => a - b);
  const order = shuffledIndices(people.length, createRng(seed ^ 0x5eed)).map((i) => people[i]!);
  const wanted = Math.max(1, Math.round(n * testShare));
  const test: number[] = [];
  const train: number[] = [];
  for (const person of order)
    (test.length < wanted && people.length > 1 && test.length + members.get(person)!.length < n ? test : train).push(...members.get(person)!);
  return { train: train.sort((a, b) => a - b), test: test.sort((a, b) => a - b) };
}

/** Mean over K, P, L of the MAE and of R² for the listed rows (row-major n × 3 predictions and labels). */
function meanErrors(predicted: ArrayLike<number>, labels: ArrayLike<number>, rows: readonly number[]): { mae: number; r2: number } {
  let mae = 0;
  let r2 = 0;
  for (let k = 0; k < 3; k++) {
    let mean = 0;
    for (const row of rows) mean += labels[row * 3 + k]! / rows.length;
    let absolute = 0;
    let residual = 0;
    let total = 0;
    for (const row of rows) {
      const label = labels[row * 3 + k]!;
      const error = predicted[row * 3 + k]! - label;
      absolute += Math.abs(error);
      residual += error * error;
      total += (label - mean) ** 2;
    }
    mae += absolute / rows.length / 3;
    r2 += (total > 0 ? 1 - residual / total : 0) / 3;
  }
  return { mae, r2 };
}

const quantile = (sorted: readonly number[], q: number) => {
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.min(sorted.length - 1, lower + 1);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
};

/**
 * A scorer's evaluation on held-out rows (docs/scoring-model.md, "Accuracy"): mean MAE and mean R² over K, P, L, each
 * with a percentile bootstrap 95 % interval that resamples people (all of a person's rows together), seeded.
 */
export function evaluate(
  predicted: ArrayLike<number>,
  labels: ArrayLike<number>,
  groups: ArrayLike<number>,
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): Evaluation {
  const rows = Array.from({ length: groups.length }, (_, i) => i);
  const byPerson = new Map<number, number[]>();
  for (const row of rows) byPerson.set(groups[row]!, [...(byPerson.get(groups[row]!) ?? []), row]);
  const people = [...byPerson.values()];
  const point = meanErrors(predicted, labels, rows);
  const rng = createRng(seed ^ 0xb007);
  const maes: number[] = [];
  const r2s: number[] = [];
  for (let b = 0; b < resamples && people.length > 0; b++) {
    const sample: number[] = [];
    for (let i = 0; i < people.length; i++) sample.push(...people[rng.int(people.length)]!);
    const { mae, r2 } = meanErrors(predicted, labels, sample);
    maes.push(mae);
    r2s.push(r2);
  }
  maes.sort((a, b) => a - b);
  r2s.sort((a, b) => a - b);
  const interval = (value: number, sorted: number[]) =>
    sorted.length ? { value, low: quantile(sorted, 0.025), high: quantile(sorted, 0.975) } : { value, low: value, high: value };
  return { profiles: rows.length, persons: people.length, mae: interval(point.mae, maes), r2: interval(point.r2, r2s) };
}
