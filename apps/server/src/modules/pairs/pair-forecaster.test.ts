import { EngineError, type LoveRequest, type PairRequest } from '@teamcast/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { enginePersonOf } from '../scoring/engine-person.ts';
import { createPairForecaster, inlineForecaster } from './pair-forecaster.ts';

const person = (id: string, competencies: number, age: number, gender: 'М' | 'Ж') =>
  enginePersonOf({ id, competencies, professionalism: 55, maturity: 48, age, gender, grade: null, answers: [] }, 'work');
const work: PairRequest = {
  a: person('a', 62, 31, 'Ж'),
  b: person('b', 47, 44, 'М'),
  kind: 'work',
  mode: 0,
  intensity: 8,
  manager: null,
  startDay: '2026-11-01',
};
const love: LoveRequest = {
  a: { id: 'x', intimacy: 0.7, passion: 0.4, commitment: 0.8, completeness: 1, age: 29 },
  b: { id: 'y', intimacy: 0.5, passion: 0.6, commitment: 0.3, completeness: 1, age: 33 },
  kind: 'LOVE',
  mode: 0,
  intensity: 8,
  startDay: '2026-11-01',
};

describe('pair forecasts in worker threads', () => {
  const threaded = createPairForecaster({ threads: 'cores' });
  afterAll(() => threaded.stop());

  it('give the forecasts the request would compute inline, work and love, to the last bit', async () => {
    for (const task of [{ model: 'work', input: work } as const, { model: 'love', input: love } as const]) {
      const [inThread, inline] = await Promise.all([threaded.run(task), inlineForecaster.run(task)]);
      expect(inThread.band).toBeDefined();
      expect(inThread).toEqual(inline);
    }
  });

  it("hand back the engine's refusal as the engine's error, with its code", async () => {
    const refused = threaded.run({ model: 'work', input: { ...work, intensity: Number.NaN } });
    await expect(refused).rejects.toBeInstanceOf(EngineError);
    await expect(refused).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
