import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { isMainThread, type MessagePort } from 'node:worker_threads';
import { encodeSceneDataset, fullInteractions, sparseInteractions } from '@teamcast/contracts';
import { compareIndicators, finalMoods, isEngineError, simulateScene, type EngineErrorCode, type SceneInput, type SceneResult } from '@teamcast/engine';
import { storedBandOf, type SceneDigest } from '../scenes/scene-digest.ts';
import type { JobKind } from './compute.repository.ts';

// Computations give way to request handling: a worker thread lowers its own CPU priority (on Linux the nice value is
// per thread), so under load the server's event loop is scheduled first.
if (!isMainThread) {
  try {
    os.setPriority(19);
  } catch {
    // Not permitted on this system: the thread keeps the default priority.
  }
}

/** What a worker thread is given: the job kind, its input, and a port for phase reports. */
export type TaskRequest = { kind: JobKind; input: unknown; port: MessagePort };

const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) / 100 : null);

/** Typed-array columns become plain arrays (2 decimals, null for NaN) so the dataset is JSON. */
function plainColumns<T extends Record<string, unknown>>(columns: T): Record<keyof T, Array<number | null>> {
  return Object.fromEntries(
    Object.entries(columns).map(([name, value]) => [name, ArrayBuffer.isView(value) ? Array.from(value as Float32Array, round) : value]),
  ) as Record<keyof T, Array<number | null>>;
}

/** Every finite number of a plain value rounded as the columns are (2 decimals), so each screen reads the same figure. */
export function roundDeep<T>(value: T): T {
  if (typeof value === 'number') return (Number.isFinite(value) ? Math.round(value * 100) / 100 : value) as T;
  if (Array.isArray(value)) return value.map(roundDeep) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundDeep(v)])) as T;
  return value;
}

/** What a dataset holds besides the engine's columns: the team as the engine read it, rounded figures, indicators. */
function datasetFields(result: SceneResult) {
  return {
    ...result,
    // The team as the engine read it, in the sparse form the scene stores: the input is not kept a second time in full.
    actors: sparseInteractions(result.actors),
    summary: roundDeep(result.summary),
    finalStats: roundDeep(result.finalStats),
    ...(result.band ? { band: roundDeep(result.band) } : {}),
    compare: roundDeep(compareIndicators(result)),
  };
}

/**
 * The dataset a scene computation stores, plain: the engine's result with its columns made plain and its actors in the
 * sparse form, plus the compare-teams indicators, so a comparison reads them without recomputing. Summary, final stats,
 * compare indicators and band are rounded to 2 decimals like the columns: the team check (summary), the simulator
 * (columns), the comparison and the scene list all show the very same numbers for the same day.
 */
export function sceneDataset(result: SceneResult) {
  return {
    ...datasetFields(result),
    actorColumns: plainColumns(result.actorColumns),
    teamColumns: plainColumns(result.teamColumns),
    pairs: { pairCount: result.pairs.pairCount, days: Array.from(result.pairs.days), ratings: Array.from(result.pairs.ratings, round) },
  };
}

/**
 * The dataset as it is stored and sent: `encodeSceneDataset(sceneDataset(result))`, encoded straight from the engine's
 * typed columns (contracts scene-dataset-encoding.ts gives each typed value the whole hundredths of its plain value), so
 * a 1,000-person team's 6.5 million pair ratings are not first made into a plain array of rounded numbers.
 */
export function storedSceneDataset(result: SceneResult, fields = datasetFields(result)) {
  return encodeSceneDataset({
    ...fields,
    pairs: { pairCount: result.pairs.pairCount, days: Array.from(result.pairs.days), ratings: result.pairs.ratings },
  });
}

/**
 * What the scene row caches of the run (scene-digest.ts), made here from the dataset's own rounded figures: the same
 * values a read of the stored dataset would give, without the server's main thread opening a dataset of many megabytes.
 */
export function sceneDigest(result: SceneResult, fields: Pick<ReturnType<typeof datasetFields>, 'summary' | 'compare' | 'band'>): SceneDigest {
  return { summary: fields.summary, compareIndicators: fields.compare, band: storedBandOf(fields.band), actorMoods: finalMoods(result) };
}

export type TaskOutcome = { ok: true; data: Buffer; digest: SceneDigest } | { ok: false; code: EngineErrorCode; detail: string };

/**
 * Runs one job inside a worker thread: the engine computes, phases go out through the port, and the dataset comes
 * back gzip-compressed, so neither the computation nor the serialisation touches the server's event loop. An engine
 * error (bad input, which no retry would fix) comes back as an outcome; anything else is thrown.
 */
export function runTask({ kind, input, port }: TaskRequest): TaskOutcome {
  try {
    switch (kind) {
      case 'scene': {
        // Every run carries its band (issue 24: the API returns bands by default): the team check and the simulator draw it
        // and the comparison reads its draws.
        // The input's actors are in the sparse form a scene stores: the engine gets the full mesh.
        const scene = input as SceneInput;
        const result = simulateScene({ ...scene, actors: fullInteractions(scene.actors) }, { band: true, onPhase: (phase) => port.postMessage(phase) });
        // Stored as the browser receives it: compact numbers (contracts scene-dataset-encoding.ts), gzip at zlib's default
        // level. Level 9 made a 300-person dataset 13 % smaller (131 against 151 KB) for five times the CPU (375 against
        // 76 ms, docs/PERFORMANCE.md), paid on every run of a team.
        const fields = datasetFields(result);
        return { ok: true, data: gzipSync(JSON.stringify(storedSceneDataset(result, fields)), { level: 6 }), digest: sceneDigest(result, fields) };
      }
    }
  } catch (error) {
    if (isEngineError(error)) return { ok: false, code: error.code, detail: error.detail };
    throw error;
  } finally {
    port.close();
  }
}
