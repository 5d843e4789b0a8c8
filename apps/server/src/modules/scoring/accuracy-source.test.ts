import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { statementsOf } from '../../test/statements.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import { featureSpecFromSteps } from './features.ts';
import { accuracySource, insertModel, makeCurrent, updateModel } from './scoring.repository.ts';

// Every pair answer reads the published accuracy: it is kept a second per process, and forgotten at once when this
// process writes a model. Times are given to the function, so nothing here depends on how fast the machine is.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reads = async (work: () => Promise<unknown>) => (await statementsOf(t, work)).statements.filter((sql) => /from "scoring_models"/.test(sql)).length;

async function trainedModel(): Promise<string> {
  const spec = featureSpecFromSteps(shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps);
  const id = crypto.randomUUID();
  await insertModel(t.database.db, {
    id,
    family: 'test',
    featureVersion: spec.version,
    featureSpec: spec,
    options: { seed: 1, epochs: 1, hidden: 1 },
    status: 'trained',
    progress: 1,
    metrics: { note: 'test' },
    trainedAt: new Date(),
  });
  return id;
}

describe('the accuracy source', () => {
  it('is read once for every caller within a second, and again after it', async () => {
    const { db } = t.database;
    expect(await reads(() => Promise.all([accuracySource(db, 10_000), accuracySource(db, 10_000), accuracySource(db, 10_999)]))).toBe(1);
    expect(await reads(() => accuracySource(db, 11_000))).toBe(1);
  });

  it('shows a model written in this process at once: inserted, published, changed', async () => {
    const { db } = t.database;
    expect(await accuracySource(db, 20_000)).toBeUndefined();
    const id = await trainedModel();
    expect(await accuracySource(db, 20_001)).toMatchObject({ id, isCurrent: false });
    await makeCurrent(db, id, new Date());
    expect(await accuracySource(db, 20_002)).toMatchObject({ id, isCurrent: true, isDemo: false });
    await updateModel(db, id, { isDemo: true });
    expect(await accuracySource(db, 20_003)).toMatchObject({ id, isDemo: true });
  });
});
