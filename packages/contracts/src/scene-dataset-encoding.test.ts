import { describe, expect, it } from 'vitest';
import { SCENE_DATASET_ENCODING, decodeSceneDataset, encodeSceneDataset } from './scene-dataset-encoding.ts';

/** A dataset of the engine's shape: smooth 2-decimal series per actor and pair, a few nulls (NaN in the engine). */
function dataset(actors: number, days: number) {
  const pairCount = (actors * (actors - 1)) / 2;
  const stored = [0, 30, 61, 92];
  const series = (seed: number, i: number) => Math.round((50 + 20 * Math.sin((seed + i) / 40) + seed / 7) * 100) / 100;
  const column = (seed: number) =>
    Array.from({ length: actors * days }, (_, i): number | null => (i % 97 === 5 ? null : series(seed + Math.floor(i / days), i % days)));
  return {
    startDay: '2026-11-01',
    days,
    actorIds: Array.from({ length: actors }, (_, i) => `p${i}`),
    summary: { cohesion: 51.5 },
    actorColumns: { power: column(1), mood: Array.from({ length: actors * days }, (_, i) => i % 5), expertise: column(3) },
    teamColumns: { cohesion: Array.from({ length: days }, (_, d) => series(7, d)), lead: Array.from({ length: days }, () => -1) },
    pairs: { pairCount, days: stored, ratings: Array.from({ length: stored.length * pairCount }, (_, i) => series(i % pairCount, Math.floor(i / pairCount))) },
  };
}

describe('the compact dataset encoding', () => {
  it('gives back exactly the numbers and nulls of the plain dataset', () => {
    const plain = dataset(12, 365);
    const encoded = encodeSceneDataset(plain);
    expect(encoded.encoding).toBe(SCENE_DATASET_ENCODING);
    expect(encoded.actorColumns.power).not.toEqual(plain.actorColumns.power);
    expect(decodeSceneDataset(JSON.parse(JSON.stringify(encoded)))).toEqual(plain);
  });

  it('answers a plain dataset (a run stored before the encoding) as it is, and encodes an encoded one no further', () => {
    const plain = dataset(3, 10);
    expect(decodeSceneDataset(plain)).toBe(plain);
    const encoded = encodeSceneDataset(plain);
    expect(encodeSceneDataset(encoded)).toBe(encoded);
  });

  it('writes smooth series in fewer characters and far fewer distinct numbers (the repetition gzip rewards)', () => {
    const plain = dataset(60, 365);
    const numbers = (value: { actorColumns: object; pairs: object }) => JSON.stringify([value.actorColumns, value.pairs]);
    const encoded = numbers(encodeSceneDataset(plain));
    expect(encoded.length).toBeLessThan(numbers(plain).length * 0.85);
    expect(new Set(encoded.split(',')).size).toBeLessThan(new Set(numbers(plain).split(',')).size / 4);
  });
});
