import { describe, expect, it } from 'vitest';
import { compareIndicators, finalMoods, simulateScene, type SceneInput } from '@teamcast/engine';
import { decodeSceneDataset, encodeSceneDataset, fullInteractions } from '@teamcast/contracts';
import { storedBandOf } from '../scenes/scene-digest.ts';
import { roundDeep, sceneDataset, sceneDigest, storedSceneDataset } from './compute.tasks.ts';

/** Twelve people: a manager, members joining in the past and the future, one dismissed (his pairs go NaN), a remote pair. */
function team(): SceneInput {
  const ids = Array.from({ length: 12 }, (_, i) => `p${i}`);
  return {
    startDay: '2026-11-01',
    lifespan: 1,
    actors: ids.map((id, i) => ({
      id,
      firstName: id,
      lastName: 'Test',
      events: [
        { type: i === 0 ? ('manager_join' as const) : ('join' as const), date: -200 + 37 * i, value: 0, timestamp: 1 },
        ...(i === 5 ? [{ type: 'dismiss' as const, date: 120, value: 0, timestamp: 2 }] : []),
      ],
      interactionIntensive: [{ actorId: ids[(i + 1) % ids.length]!, date: -200 + 37 * i, value: 3 + (i % 4) }],
      interactionType: i === 3 ? [{ actorId: 'p4', date: 10, value: 1 }] : [],
    })),
    specialists: ids.map((id, i) => ({ id, k: 40 + 5 * i, p: 70 - 3 * i, l: 50 + ((7 * i) % 30), age: 34, gender: 'Ж' as const, grade: 'MIDDLE' as const })),
  };
}

describe('the stored dataset', () => {
  const scene = team();
  const result = simulateScene({ ...scene, actors: fullInteractions(scene.actors) }, { band: true, pairDetail: 'daily' });

  it('encoded straight from the typed columns is, to the character, the encoding of the plain dataset', () => {
    // The team has inactive pairs (NaN ratings, null in the plain dataset) and negative values, which round differently.
    expect(Array.from(result.pairs.ratings).some(Number.isNaN)).toBe(true);
    expect(Array.from(result.pairs.ratings).some((v) => v < 0)).toBe(true);
    expect(JSON.stringify(storedSceneDataset(result))).toBe(JSON.stringify(encodeSceneDataset(sceneDataset(result))));
  });

  it('decodes to the plain dataset', () => {
    const decoded = decodeSceneDataset(JSON.parse(JSON.stringify(storedSceneDataset(result))) as ReturnType<typeof storedSceneDataset>);
    expect(decoded).toEqual(JSON.parse(JSON.stringify(sceneDataset(result))));
  });
});

describe("the run's digest", () => {
  it('is what a read of the stored dataset gives (the fallback for runs stored before it)', () => {
    const scene = team();
    const result = simulateScene({ ...scene, actors: fullInteractions(scene.actors) }, { band: true });
    const fields = JSON.parse(JSON.stringify(storedSceneDataset(result))) as Parameters<typeof decodeSceneDataset>[0];
    const dataset = decodeSceneDataset(fields) as unknown as ReturnType<typeof sceneDataset>;
    const fromDataset = { summary: dataset.summary, compareIndicators: dataset.compare, band: storedBandOf(dataset.band), actorMoods: finalMoods(dataset) };
    const digest = sceneDigest(result, { summary: roundDeep(result.summary), compare: roundDeep(compareIndicators(result)), band: roundDeep(result.band) });
    expect(JSON.parse(JSON.stringify(digest))).toEqual(fromDataset);
    expect(Object.keys(digest.actorMoods).length).toBeGreaterThan(0);
    expect(digest.band?.summaryBand.samples).toBeGreaterThan(1);
  });
});
