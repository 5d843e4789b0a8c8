import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  bestOf as engineBestOf,
  finalMoods,
  probabilitiesBest,
  type Actor as EngineActor,
  type CompareIndicators as EngineCompareIndicators,
  type MoodColumns,
  type SceneInput,
  type Specialist,
} from '@teamcast/engine';
import {
  MIN_SPECIALISTS,
  SceneSettingsSchema,
  applyActorChanges,
  decodeSceneDataset,
  usesSimulator,
  type Actor,
  type CompareIndicators,
  type Comparison,
  type DiffEntry,
  type IntegralStats,
  type P2pRequestSchema,
  type Scene,
  type SceneDatasetBand,
  type SceneSummaryBand,
  type RenderCheckTeam,
  type SceneCopySchema,
  type SceneCreateSchema,
  type SceneUpdateSchema,
  type TeamIndicators,
} from '@teamcast/contracts';
import type { z } from 'zod';
import type { Database, Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import type { Storage } from '../../core/storage.ts';
import type { ComputeRunner } from '../compute/compute.runner.ts';
import { enginePersonOf } from '../scoring/engine-person.ts';
import { accessRulesFor, assertAccess, assertTeamCap, notifyAccessRulesChanged } from '../payments/access-rules.ts';
import {
  cacheResult,
  countEligibleProfiles,
  countTeams,
  deleteScenes,
  findActorProfiles,
  deleteCompare,
  findCompare,
  findJobById,
  findSandbox,
  findScene,
  findSceneJob,
  findScenes,
  findSnapshot,
  insertCompare,
  insertScene,
  lockOwnerScenes,
  insertSnapshot,
  isEligible,
  isGone,
  latestFreshDoneJob,
  latestJobs,
  listPickableProfiles,
  listScenes,
  deleteOrphanRuns,
  pruneSceneRuns,
  scenesOverRunLimit,
  updateScene,
  type ActorProfile,
  type JobRow,
  type SceneKind,
  type SceneRow,
} from './scenes.repository.ts';
import { presentProfile, presentScene } from './scenes.presenter.ts';
import { storedBandOf, type StoredBand } from './scene-digest.ts';
import { ENGINE_ERRORS, sceneWork, type MemberFacts, type SceneWork } from './scene-work.ts';
import type { SceneWorker } from './scene-worker.ts';

/**
 * Runs kept per scene: the newest ones, so the latest run, the one before it and a few more stay readable while older
 * runs (their inputs and datasets) are deleted as new runs start and by the hourly sweep (docs/ARCHITECTURE.md).
 */
export const KEPT_RUNS_PER_SCENE = 5;

/** How long a dataset link stays valid. */
export const SNAPSHOT_TTL_MS = 15 * 60 * 1000;
const gunzipAsync = promisify(gunzip);

/** `work` runs the heavy part of team writes off the event loop (scene-worker.ts); without it, that work runs inline. */
export type SceneDeps = { database: Database; storage: Storage; compute: ComputeRunner; work?: SceneWorker };

/** First day of the current month (UTC), the default start day (spec section 9). */
function firstOfMonth(now = new Date()): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * Checks and normalises an actor list against the owner's profiles (scene-work.ts prepareTeam), off the event loop for
 * a large team.
 */
async function prepareActors(deps: SceneDeps, ownerId: string, actors: Actor[], options: { dropGone?: boolean } = {}) {
  const found = await findActorProfiles(
    deps.database.db,
    ownerId,
    actors.map((a) => a.id),
  );
  const members: Record<string, MemberFacts> = {};
  for (const p of found) {
    members[p.id] = {
      gone: isGone(p),
      eligible: isEligible(p),
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
      ...(p.gender ? { gender: p.gender } : {}),
      ...(p.position ? { position: p.position } : {}),
      isShort: p.isShort,
    };
  }
  const task: SceneWork = { kind: 'prepare', actors, members, dropGone: options.dropGone ?? false };
  const result = deps.work ? await deps.work.run(task) : sceneWork(task);
  if (result.kind !== 'prepare') throw new Error('scene work answered another task');
  if (!result.ok) throw new AppError(result.error);
  return { actors: result.actors, diff: result.diff };
}

const settingsOf = (stored: unknown, patch: Partial<z.infer<typeof SceneSettingsSchema>> | undefined) =>
  SceneSettingsSchema.parse({ ...((stored as object | null) ?? {}), ...(patch ?? {}) });

async function loadScene(deps: SceneDeps, ownerId: string, id: string, kind: SceneKind = 'team'): Promise<SceneRow> {
  const scene = await findScene(deps.database.db, ownerId, id, kind);
  if (!scene) throw new AppError('team_not_found');
  return scene;
}

// ---------------------------------------------------------------------------------------------- writes

export async function createScene(deps: SceneDeps, ownerId: string, body: z.infer<typeof SceneCreateSchema>, kind: SceneKind = 'team') {
  const db = deps.database.db;
  if (kind === 'team') await assertTeamCap(db, ownerId, await countTeams(db, ownerId));
  if (kind === 'sandbox' || usesSimulator(body.actors)) await assertAccess(db, ownerId, 'allowScene');
  if (body.actors.length < MIN_SPECIALISTS) throw new AppError('team_too_small');
  await assertTeamSize(db, ownerId, body.actors.length);
  const { actors, diff } = await prepareActors(deps, ownerId, body.actors);
  const values = {
    ownerId,
    kind,
    title: body.title,
    startDay: body.startDay ?? firstOfMonth(),
    summonDay: body.summonDay,
    lifespan: body.lifespan,
    actors,
    settings: settingsOf({}, body.settings),
    p2pRequests: body.p2pRequests,
  };
  // Checked again under the owner's lock: concurrent creations would otherwise all see the same count.
  const scene = await db.transaction(async (txn): Promise<SceneRow> => {
    const tx = txn as unknown as Db;
    await lockOwnerScenes(tx, ownerId);
    if (kind === 'team') {
      await assertTeamCap(tx, ownerId, await countTeams(tx, ownerId));
      return insertScene(tx, { id: crypto.randomUUID(), ...values });
    }
    const existing = await findSandbox(tx, ownerId);
    return existing ? updateScene(tx, existing.id, { ...values, status: 'ok' }, true) : insertScene(tx, { id: crypto.randomUUID(), ...values });
  });
  if (kind === 'team') notifyAccessRulesChanged(ownerId);
  return { scene, diff };
}

type UpdateBody = z.infer<typeof SceneUpdateSchema>;

/**
 * The capability table on a team: any change or run of a team is the team check (allowTeams); a team whose actors use
 * the simulator's events (see usesSimulator) needs the simulator (allowScene), as the sandbox always does.
 */
async function assertSceneAccess(db: Db, ownerId: string, kind: SceneKind, actors: readonly Actor[]): Promise<void> {
  if (kind === 'team') await assertAccess(db, ownerId, 'allowTeams');
  if (kind === 'sandbox' || usesSimulator(actors)) await assertAccess(db, ownerId, 'allowScene');
}

/** The plan's most people in one team (the capability table's teamSize): 300, or 1,000 on the department-size plans. */
async function assertTeamSize(db: Db, ownerId: string, people: number): Promise<void> {
  if (people > (await accessRulesFor(db, ownerId)).teamSize) throw new AppError('team_too_large');
}

async function applyUpdate(
  deps: SceneDeps,
  scene: SceneRow,
  body: UpdateBody,
  extra: { status?: 'ok' | 'broken'; p2pRequests?: unknown[]; dropGone?: boolean } = {},
) {
  if (body.actors && body.actorChanges) throw new AppError('validation_failed', undefined, 'actorChanges');
  // An edit sent as what changed becomes the whole team it describes, then goes the same way as a whole team.
  const edited = body.actorChanges ? applyActorChanges(scene.actors as Actor[], body.actorChanges) : body.actors;
  await assertSceneAccess(deps.database.db, scene.ownerId, scene.kind, edited ?? (scene.actors as Actor[]));
  if (edited) await assertTeamSize(deps.database.db, scene.ownerId, edited.length);
  let diff: DiffEntry[] = [];
  let actors: Actor[] | undefined;
  const sourceActors = edited ?? (extra.dropGone ? (scene.actors as Actor[]) : undefined);
  if (sourceActors) ({ actors, diff } = await prepareActors(deps, scene.ownerId, sourceActors, { dropGone: extra.dropGone ?? false }));
  const inputChanged = actors !== undefined || body.startDay !== undefined || body.lifespan !== undefined;
  const updated = await updateScene(
    deps.database.db,
    scene.id,
    {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.startDay !== undefined ? { startDay: body.startDay } : {}),
      ...(body.lifespan !== undefined ? { lifespan: body.lifespan } : {}),
      ...(actors !== undefined ? { actors } : {}),
      // Emptying the actors resets the day to 0 (spec section 4).
      ...(actors?.length === 0 ? { summonDay: 0 } : body.summonDay !== undefined ? { summonDay: body.summonDay } : {}),
      ...(body.settings ? { settings: settingsOf(scene.settings, body.settings) } : {}),
      ...((extra.p2pRequests ?? body.p2pRequests) ? { p2pRequests: extra.p2pRequests ?? body.p2pRequests } : {}),
      ...(extra.status ? { status: extra.status } : {}),
    },
    inputChanged,
  );
  return { scene: updated, diff };
}

export async function updateOwnScene(deps: SceneDeps, ownerId: string, id: string, body: UpdateBody) {
  return applyUpdate(deps, await loadScene(deps, ownerId, id), body);
}

export async function fixScene(
  deps: SceneDeps,
  ownerId: string,
  id: string,
  body: { scene?: UpdateBody | undefined; p2pRequests?: unknown[] | undefined; status?: 'ok' | 'broken' | undefined },
) {
  const scene = await loadScene(deps, ownerId, id);
  return applyUpdate(deps, scene, body.scene ?? {}, {
    dropGone: true,
    ...(body.status ? { status: body.status } : {}),
    ...(body.p2pRequests ? { p2pRequests: body.p2pRequests } : {}),
  });
}

export async function copyScene(deps: SceneDeps, ownerId: string, id: string, body: z.infer<typeof SceneCopySchema>) {
  const source = await loadScene(deps, ownerId, id);
  return createScene(deps, ownerId, {
    title: body.title,
    startDay: body.startDay ?? source.startDay,
    summonDay: body.summonDay ?? source.summonDay,
    lifespan: source.lifespan as 1 | 2,
    actors: source.actors as Actor[],
    settings: source.settings as z.infer<typeof SceneSettingsSchema>,
    p2pRequests: source.p2pRequests as z.infer<typeof P2pRequestSchema>[],
  });
}

export async function updateSandbox(deps: SceneDeps, ownerId: string, body: UpdateBody) {
  await assertAccess(deps.database.db, ownerId, 'allowScene');
  const sandbox = await findSandbox(deps.database.db, ownerId);
  if (!sandbox) throw new AppError('team_not_found');
  return applyUpdate(deps, sandbox, body);
}

/** Deletes teams with their runs and the runs' datasets (docs/ARCHITECTURE.md, "Data that ends"). */
export async function removeScenes(deps: SceneDeps, ownerId: string, ids: string[] | 'all'): Promise<string[]> {
  const deleted = await deleteScenes(deps.database.db, ownerId, ids);
  await deps.storage.delete(deleted.datasetKeys);
  if (deleted.ids.length > 0) notifyAccessRulesChanged(ownerId);
  return deleted.ids;
}

// ---------------------------------------------------------------------------------------------- runs

/**
 * The engine input of a scene: its actors with the scores of their profiles. The actors stay in the sparse form the
 * scene stores (the compute task derives the full mesh), so a run's input is not a second copy of the whole team.
 */
async function sceneInput(deps: SceneDeps, scene: SceneRow): Promise<SceneInput> {
  const actors = scene.actors as Actor[];
  const profiles = new Map(
    (
      await findActorProfiles(
        deps.database.db,
        scene.ownerId,
        actors.map((a) => a.id),
      )
    ).map((p) => [p.id, p]),
  );
  if (actors.some((a) => profiles.get(a.id)?.state === 'withdrawn')) throw new AppError('profile_withdrawn');
  if (actors.some((a) => isGone(profiles.get(a.id)))) throw new AppError('team_changed');
  if (actors.some((a) => !isEligible(profiles.get(a.id)))) throw new AppError('actors_ineligible');
  if (actors.length < MIN_SPECIALISTS) throw new AppError('team_too_small');
  return {
    startDay: scene.startDay,
    lifespan: scene.lifespan as 1 | 2,
    actors: actors as EngineActor[],
    specialists: actors.map((a) => specialistOf(profiles.get(a.id)!)),
  };
}

/** Team checks, the simulator and the comparison are work forecasts: the person carries no age, sex or family. */
function specialistOf(p: ActorProfile): Specialist {
  if (!isEligible(p)) throw new AppError('actors_ineligible');
  return enginePersonOf(p, 'work');
}

export async function runScene(deps: SceneDeps, ownerId: string, id: string, kind: SceneKind = 'team'): Promise<{ ruid: string; scene: SceneRow }> {
  const scene = kind === 'sandbox' ? await findSandbox(deps.database.db, ownerId) : await loadScene(deps, ownerId, id);
  if (!scene || scene.id !== id) throw new AppError('team_not_found');
  await assertSceneAccess(deps.database.db, ownerId, scene.kind, scene.actors as Actor[]);
  const input = await sceneInput(deps, scene);
  const ruid = await deps.compute.enqueue({ ownerId, kind: 'scene', subjectId: scene.id, input });
  await deps.storage.delete(await pruneSceneRuns(deps.database.db, ownerId, scene.id, KEPT_RUNS_PER_SCENE));
  return { ruid, scene };
}

/** Most scenes (and orphan runs) one sweep handles; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * The scheduled half of run retention: runs beyond KEPT_RUNS_PER_SCENE of any scene, and runs whose scene is gone,
 * are deleted with their datasets. Answers how many runs' datasets were dropped.
 */
export async function sweepSceneRuns(deps: SceneDeps): Promise<number> {
  const db = deps.database.db;
  const keys = await deleteOrphanRuns(db, SWEEP_BATCH);
  for (const { ownerId, sceneId } of await scenesOverRunLimit(db, KEPT_RUNS_PER_SCENE, SWEEP_BATCH))
    keys.push(...(await pruneSceneRuns(db, ownerId, sceneId, KEPT_RUNS_PER_SCENE)));
  await deps.storage.delete(keys);
  return keys.length;
}

/** Finds the scene of either kind (the run and snapshot calls serve the sandbox too). */
async function loadAnyScene(deps: SceneDeps, ownerId: string, id: string): Promise<SceneRow> {
  const scene = (await findScene(deps.database.db, ownerId, id, 'team')) ?? (await findScene(deps.database.db, ownerId, id, 'sandbox'));
  if (!scene) throw new AppError('team_not_found');
  return scene;
}

export async function runAnyScene(deps: SceneDeps, ownerId: string, id: string) {
  const scene = await loadAnyScene(deps, ownerId, id);
  return runScene(deps, ownerId, id, scene.kind);
}

/** A fresh, unguessable link to the dataset of a finished run; only its hash is stored. */
export async function snapshotLink(deps: SceneDeps, ownerId: string, sceneId: string, ruid: string) {
  const scene = await loadAnyScene(deps, ownerId, sceneId);
  await assertSceneAccess(deps.database.db, ownerId, scene.kind, scene.actors as Actor[]);
  const job = await findSceneJob(deps.database.db, ownerId, sceneId, ruid);
  if (!job) throw new AppError('team_not_found');
  if (job.status !== 'done' || !job.resultKey) throw new AppError('unstable_connection');
  const token = crypto.randomBytes(16).toString('base64url');
  const expiresAt = new Date(Date.now() + SNAPSHOT_TTL_MS);
  await insertSnapshot(deps.database.db, { tokenHash: sha256(token), ownerId, jobId: job.id, expiresAt });
  return { token, expiresAt };
}

/** The stored gzip'ed dataset behind a link. */
export async function datasetByToken(deps: SceneDeps, token: string): Promise<Buffer> {
  const snapshot = await findSnapshot(deps.database.db, sha256(token));
  if (!snapshot || snapshot.expired) throw new AppError('link_expired');
  const data = snapshot.resultKey ? await deps.storage.get(snapshot.resultKey) : undefined;
  if (!data || data.length === 0) throw new AppError('unstable_connection');
  return data;
}

type StoredDataset = MoodColumns & { summary: TeamIndicators; compare: CompareIndicators; band?: SceneDatasetBand };
type CachedResult = { summary: TeamIndicators; compare: CompareIndicators; band: StoredBand | null };

/** Summary, compare indicators and band of a finished run, from the scene's cache or else its dataset (then cached). */
async function resultOf(deps: SceneDeps, scene: SceneRow, job: JobRow): Promise<CachedResult | undefined> {
  // A run cached before members' moods were kept (actor_moods null) is read once more to keep them.
  if (scene.resultJobId === job.id && scene.summary && scene.compareIndicators && scene.actorMoods) {
    return { summary: scene.summary as TeamIndicators, compare: scene.compareIndicators as CompareIndicators, band: (scene.band as StoredBand | null) ?? null };
  }
  const data = job.resultKey ? await deps.storage.get(job.resultKey) : undefined;
  if (!data || data.length === 0) return undefined;
  const dataset = decodeSceneDataset(JSON.parse((await gunzipAsync(data)).toString('utf8')) as StoredDataset);
  const band = storedBandOf(dataset.band);
  await cacheResult(deps.database.db, scene.id, job, { summary: dataset.summary, compareIndicators: dataset.compare, band, actorMoods: finalMoods(dataset) });
  return { summary: dataset.summary, compare: dataset.compare, band };
}

/** Latest run of each scene, and whether it started after the scene's input last changed. */
export async function runsOf(deps: SceneDeps, ownerId: string, scenes: SceneRow[]) {
  const jobs = await latestJobs(
    deps.database.db,
    ownerId,
    scenes.map((s) => s.id),
  );
  return new Map(
    scenes.map((scene) => {
      const job = jobs.get(scene.id);
      return [scene.id, job ? { job, fresh: job.createdAt.getTime() >= scene.inputChangedAt.getTime() } : undefined] as const;
    }),
  );
}

export type SummaryOf = { summary: TeamIndicators | null; summaryBand: SceneSummaryBand | null };

/** The cached summary and its band of each scene whose latest fresh run is done (read from the dataset when not cached yet). */
export async function summariesOf(deps: SceneDeps, scenes: SceneRow[]): Promise<Map<string, SummaryOf>> {
  const out = new Map<string, SummaryOf>();
  for (const scene of scenes) {
    const job = scene.summary && scene.resultJobId ? undefined : await latestFreshDoneJob(deps.database.db, scene);
    if (!job) {
      const summary = (scene.summary as TeamIndicators | null) ?? null;
      out.set(scene.id, { summary, summaryBand: summary ? ((scene.band as StoredBand | null)?.summaryBand ?? null) : null });
      continue;
    }
    const result = await resultOf(deps, scene, job);
    out.set(scene.id, { summary: result?.summary ?? null, summaryBand: result?.band?.summaryBand ?? null });
  }
  return out;
}

/** The state of one run as the gate reports it. */
/** The owner and team of a team run that finished well; null for another kind of job, a failed run or none. */
export async function finishedSceneRun(deps: SceneDeps, ruid: string): Promise<{ ownerId: string; sceneId: string } | null> {
  const job = await findJobById(deps.database.db, ruid);
  return job?.kind === 'scene' && job.status === 'done' ? { ownerId: job.ownerId, sceneId: job.subjectId } : null;
}

export function runState(job: JobRow): RenderCheckTeam {
  const error = job.status === 'failed' ? (ENGINE_ERRORS[job.error ?? ''] ?? 'unstable_connection') : undefined;
  return { sceneId: job.subjectId, ruid: job.id, status: job.status, phase: job.phase, ...(error ? { error } : {}) };
}

export async function checkState(deps: SceneDeps, ownerId: string, sceneId: string): Promise<RenderCheckTeam> {
  const scene = await loadAnyScene(deps, ownerId, sceneId);
  const job = (await latestJobs(deps.database.db, ownerId, [scene.id])).get(scene.id);
  return job ? runState(job) : { sceneId, ruid: null, status: 'none', phase: null };
}

// ---------------------------------------------------------------------------------------------- comparisons

export async function createComparison(deps: SceneDeps, ownerId: string, sceneIds: string[]): Promise<Comparison> {
  const db = deps.database.db;
  await assertAccess(db, ownerId, 'allowCompareTeams');
  const unique = [...new Set(sceneIds)];
  if (unique.length < 2) throw new AppError('validation_failed', undefined, 'sceneIds');
  const scenes = await findScenes(db, ownerId, unique);
  if (scenes.length !== unique.length) throw new AppError('team_not_found');
  const compare = await insertCompare(db, { id: crypto.randomUUID(), ownerId, sceneIds: unique });
  try {
    return await comparisonOf(deps, ownerId, compare.id, compare.sceneIds, compare.createdAt);
  } catch (error) {
    // A team that cannot be computed (changed, ineligible) leaves no comparison behind.
    await deleteCompare(db, compare.id);
    throw error;
  }
}

export async function getComparison(deps: SceneDeps, ownerId: string, id: string): Promise<Comparison> {
  const compare = await findCompare(deps.database.db, ownerId, id);
  if (!compare) throw new AppError('comparison_not_found');
  await assertAccess(deps.database.db, ownerId, 'allowCompareTeams');
  return comparisonOf(deps, ownerId, compare.id, compare.sceneIds, compare.createdAt);
}

/** Indicators of each compared scene; scenes without a fresh run are queued (or left running) and listed as pending. */
async function comparisonOf(deps: SceneDeps, ownerId: string, id: string, sceneIds: string[], createdAt: Date): Promise<Comparison> {
  const found = new Map((await findScenes(deps.database.db, ownerId, sceneIds)).map((s) => [s.id, s]));
  const scenes = sceneIds.map((sid) => found.get(sid)).filter((s): s is SceneRow => s !== undefined);
  if (scenes.length < 2) throw new AppError('comparison_not_found');
  const runs = await runsOf(deps, ownerId, scenes);
  const pending: Comparison['pending'] = [];
  const rows: Comparison['scenes'] = [];
  const draws: Array<{ id: string; draws: StoredBand['draws'] }> = [];
  for (const scene of scenes) {
    const run = runs.get(scene.id);
    let indicators: CompareIndicators | null = null;
    if (run?.fresh && run.job.status === 'done') {
      const result = await resultOf(deps, scene, run.job);
      indicators = result?.compare ?? null;
      if (result?.band) draws.push({ id: scene.id, draws: result.band.draws });
    }
    if (indicators === null) {
      if (run?.fresh && (run.job.status === 'queued' || run.job.status === 'running')) pending.push({ sceneId: scene.id, ruid: run.job.id });
      else pending.push({ sceneId: scene.id, ruid: (await runScene(deps, ownerId, scene.id)).ruid });
    }
    rows.push({ _id: scene.id, title: scene.title, indicators });
  }
  const done = pending.length === 0;
  return {
    _id: id,
    sceneIds: scenes.map((s) => s.id),
    scenes: rows,
    pending,
    // The engine's rule, the one the engine's own compareScenes applies: the highest value of a ranked indicator wins.
    best: done ? engineBestOf(rows.map((row) => ({ id: row._id, indicators: row.indicators as EngineCompareIndicators | null }))) : {},
    probabilityBest: done && draws.length === rows.length ? probabilitiesBest(draws) : {},
    createdAt: createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------- views

/** Scenes as the owner sees them: with deleted-profile actors flagged, the latest run and the cached summary. */
export async function viewScenes(deps: SceneDeps, ownerId: string, rows: SceneRow[]): Promise<Scene[]> {
  const actorIds = [...new Set(rows.flatMap((row) => (row.actors as Actor[]).map((a) => a.id)))];
  const profiles = new Map((await findActorProfiles(deps.database.db, ownerId, actorIds)).map((p) => [p.id, p]));
  const [runs, summaries, rules] = await Promise.all([runsOf(deps, ownerId, rows), summariesOf(deps, rows), accessRulesFor(deps.database.db, ownerId)]);
  return rows.map((row) =>
    presentScene(row, {
      missingActorIds: (row.actors as Actor[]).filter((a) => isGone(profiles.get(a.id))).map((a) => a.id),
      // The indicators carry the team's K/P/L: withheld while the plan hides expertise (a lapsed plan's old teams).
      summary: rules.hideExpertise ? null : (summaries.get(row.id)?.summary ?? null),
      summaryBand: rules.hideExpertise ? null : (summaries.get(row.id)?.summaryBand ?? null),
      run: runs.get(row.id),
    }),
  );
}

export async function viewScene(deps: SceneDeps, ownerId: string, row: SceneRow): Promise<Scene> {
  return (await viewScenes(deps, ownerId, [row]))[0]!;
}

export async function getScene(deps: SceneDeps, ownerId: string, id: string): Promise<Scene> {
  return viewScene(deps, ownerId, await loadScene(deps, ownerId, id));
}

export async function listOwnScenes(deps: SceneDeps, ownerId: string, query: { search?: string | undefined; limit: number; offset: number }) {
  const { rows, total } = await listScenes(deps.database.db, ownerId, query);
  return { items: await viewScenes(deps, ownerId, rows), total };
}

export async function getSandbox(deps: SceneDeps, ownerId: string): Promise<Scene | null> {
  const sandbox = await findSandbox(deps.database.db, ownerId);
  return sandbox ? viewScene(deps, ownerId, sandbox) : null;
}

export async function pickableProfiles(
  deps: SceneDeps,
  ownerId: string,
  query: { search?: string | undefined; eligible: boolean; limit: number; offset: number },
) {
  const [{ rows, total }, rules] = await Promise.all([listPickableProfiles(deps.database.db, ownerId, query), accessRulesFor(deps.database.db, ownerId)]);
  return { items: rows.map((row) => ({ ...presentProfile(row), grade: rules.hideExpertise ? null : row.grade })), total };
}

export async function integralStats(deps: SceneDeps, ownerId: string): Promise<IntegralStats> {
  const db = deps.database.db;
  const [teams, rules, eligibleProfiles] = await Promise.all([countTeams(db, ownerId), accessRulesFor(db, ownerId), countEligibleProfiles(db, ownerId)]);
  return { teams, teamCap: rules.teamCap, eligibleProfiles };
}
