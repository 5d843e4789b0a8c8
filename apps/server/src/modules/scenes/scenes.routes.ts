import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  SCENE_DATASET_PATH,
  type Actor,
  UPSTREAM_ID_HEADER,
  sandboxCreateEndpoint,
  sandboxGetEndpoint,
  sandboxUpdateEndpoint,
  sceneCopyEndpoint,
  sceneCreateEndpoint,
  sceneFixEndpoint,
  sceneGetEndpoint,
  sceneProfilesEndpoint,
  sceneRunEndpoint,
  scenesBulkDeleteEndpoint,
  scenesCompareEndpoint,
  scenesCompareGetEndpoint,
  scenesDeleteAllEndpoint,
  sceneSnapshotEndpoint,
  scenesListEndpoint,
  sceneUpdateEndpoint,
} from '@teamcast/contracts';
import { endpointUrl, route } from '../../core/route.ts';
import { RequestValidationError } from '../../core/errors.ts';
import { markValidated } from '../../core/validated-bodies.ts';
import { forgetHistory, recordHistory } from '../history/history.service.ts';
import { registerProfileMood, registerProfileUsage } from '../profiles/profile-usage.ts';
import { registerProfileErasure } from '../profiles/profile-erasure.ts';
import { eraseSceneRuns, latestMoodSql, scenesUsingProfileSql } from './scenes.repository.ts';
import { watchSceneRuns } from './scenes.gate.ts';
import {
  copyScene,
  createComparison,
  createScene,
  datasetByToken,
  fixScene,
  getComparison,
  getSandbox,
  getScene,
  integralStats,
  listOwnScenes,
  pickableProfiles,
  removeScenes,
  runAnyScene,
  snapshotLink,
  sweepSceneRuns,
  updateOwnScene,
  updateSandbox,
  viewScene,
  type SceneDeps,
} from './scenes.service.ts';
import type { SceneBodyName } from './scene-work.ts';
import { createSceneWorker, type SceneWorker } from './scene-worker.ts';

const owner = ['owner'] as const;
/** Once an hour one process (the lock) deletes runs beyond the kept number and runs of deleted teams. */
const RUN_SWEEP_MS = 60 * 60 * 1000;
const RUN_SWEEP_LOCK_KEY = 7_240_311;
/**
 * Scene writes carry whole actor lists in the sparse form (the web never sends a full mesh): a 300-person team is
 * about 60 KB, and 2 MiB holds a team of the largest size (MAX_SCENE_ACTORS, 1,000) in which everyone has 28
 * interactions stated besides the default. A larger body is refused at once (413 payload_too_large) while it streams
 * in. The limit also bounds what a write costs the event loop: at 2 MiB the longest stall was 38 ms on the 2-core
 * machine, against 42-44 ms at 3 MiB, 54 ms at 4 MiB and 78-109 ms at the former 8 MiB (docs/PERFORMANCE.md, issue 30's
 * 50 ms goal). Known limit: a team where nearly every pair differs from the default states nearly every pair, so an
 * all-remote team of more than about 250 people (2.1 MiB at 250, 3.0 at 300) is refused; a team-level default mode
 * would carry it (not built).
 */
export const SCENE_BODY_LIMIT = 2 * 1024 * 1024;

/** The team writes whose large bodies are parsed and checked off the event loop, by method and route. */
const WRITE_BODIES: Record<string, SceneBodyName> = {
  [`POST ${endpointUrl(sceneCreateEndpoint)}`]: 'create',
  [`POST ${endpointUrl(sandboxCreateEndpoint)}`]: 'create',
  [`PATCH ${endpointUrl(sceneUpdateEndpoint)}`]: 'update',
  [`PATCH ${endpointUrl(sandboxUpdateEndpoint)}`]: 'update',
  [`PATCH ${endpointUrl(sceneFixEndpoint)}`]: 'fix',
};

/**
 * JSON bodies of this module's routes: a team write's body goes to the scene worker, which parses and checks it (a
 * large one off the event loop) and answers the value the route's validator then passes through; every other body,
 * and a small one, is parsed as Fastify parses JSON. Failures are the same envelopes either way.
 */
function registerBodyParser(app: Parameters<FastifyPluginAsync>[0], work: SceneWorker): void {
  const plain = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const schema = WRITE_BODIES[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!schema || text.length === 0) return plain(request, text, done);
    work.run({ kind: 'body', schema, text }).then(
      (result) => {
        if (result.kind === 'body' && result.ok) return done(null, markValidated(result.value as object));
        if (result.kind === 'body' && result.issues) return done(Object.assign(new RequestValidationError(result.issues), { validationContext: 'body' }));
        return done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }));
      },
      (error: unknown) => done(error as Error),
    );
  });
}

// Deleting a profile warns when teams use it; a profile is read with its latest team mood (registered once per
// process, whatever number of apps it builds).
registerProfileUsage('teams', scenesUsingProfileSql);
registerProfileMood(latestMoodSql);
// A withdrawn or expired profile's team runs are deleted; the teams stay and answer profile_withdrawn when run.
registerProfileErasure(async (tx, profileId, now) => ({ storageKeys: await eraseSceneRuns(tx, profileId, now) }));

export const scenesModule: FastifyPluginAsync = async (app) => {
  const work = createSceneWorker();
  app.addHook('onClose', async () => work.stop());
  registerBodyParser(app, work);
  const deps: SceneDeps = { database: app.database, storage: app.storage, compute: app.compute, work };
  const upstreamOf = (request: FastifyRequest) => {
    const value = request.headers[UPSTREAM_ID_HEADER];
    return typeof value === 'string' ? value : undefined;
  };
  /** After teams are deleted: the owner's other screens drop them and his counters change. */
  const afterDelete = async (ownerId: string, ids: string[], all: boolean, request: FastifyRequest) => {
    const target = { role: 'owner' as const, subjectId: ownerId };
    for (const id of ids) await forgetHistory(app.database.db, ownerId, 'team', id, app.gate);
    await app.gate.publish(
      target,
      { type: 'rejectScene', payload: { sceneIds: ids.slice(0, 100), ...(all || ids.length > 100 ? { all: true } : {}) } },
      upstreamOf(request),
    );
    await app.gate.publish(target, { type: 'integralStats', payload: await integralStats(deps, ownerId) });
  };

  route(app, sceneProfilesEndpoint, { access: owner, handler: async ({ auth, query }) => pickableProfiles(deps, auth.subjectId, query) });

  route(app, sceneCreateEndpoint, {
    access: owner,
    status: 201,
    bodyLimit: SCENE_BODY_LIMIT,
    handler: async ({ auth, body }) => {
      const { scene, diff } = await createScene(deps, auth.subjectId, body);
      await app.gate.publish({ role: 'owner', subjectId: auth.subjectId }, { type: 'integralStats', payload: await integralStats(deps, auth.subjectId) });
      return { scene: await viewScene(deps, auth.subjectId, scene), diff };
    },
  });
  route(app, sceneUpdateEndpoint, {
    access: owner,
    bodyLimit: SCENE_BODY_LIMIT,
    handler: async ({ auth, params, body }) => {
      const { scene, diff } = await updateOwnScene(deps, auth.subjectId, params.id, body);
      return { scene: await viewScene(deps, auth.subjectId, scene), diff };
    },
  });
  route(app, sceneFixEndpoint, {
    access: owner,
    bodyLimit: SCENE_BODY_LIMIT,
    handler: async ({ auth, params, body }) => {
      const { scene, diff } = await fixScene(deps, auth.subjectId, params.id, body);
      return { scene: await viewScene(deps, auth.subjectId, scene), diff };
    },
  });
  route(app, scenesListEndpoint, { access: owner, handler: async ({ auth, query }) => listOwnScenes(deps, auth.subjectId, query) });
  route(app, sceneGetEndpoint, { access: owner, handler: async ({ auth, params }) => getScene(deps, auth.subjectId, params.id) });
  route(app, scenesBulkDeleteEndpoint, {
    access: owner,
    handler: async ({ auth, body, request }) => {
      const deleted = await removeScenes(deps, auth.subjectId, body.sceneIds);
      if (deleted.length > 0) await afterDelete(auth.subjectId, deleted, false, request);
      return { deleted: deleted.length };
    },
  });
  route(app, scenesDeleteAllEndpoint, {
    access: owner,
    handler: async ({ auth, request }) => {
      const deleted = await removeScenes(deps, auth.subjectId, 'all');
      if (deleted.length > 0) await afterDelete(auth.subjectId, deleted, true, request);
      return { deleted: deleted.length };
    },
  });
  route(app, sceneCopyEndpoint, {
    access: owner,
    status: 201,
    handler: async ({ auth, params, body }) => {
      const { scene, diff } = await copyScene(deps, auth.subjectId, params.id, body);
      return { scene: await viewScene(deps, auth.subjectId, scene), diff };
    },
  });
  route(app, sceneRunEndpoint, {
    access: owner,
    handler: async ({ auth, params }) => {
      const { ruid, scene } = await runAnyScene(deps, auth.subjectId, params.id);
      // A team check goes into the dashboard history (the sandbox is the editor's scratch scene, not a team).
      if (scene.kind === 'team') {
        const actors = (scene.actors as Actor[]).map((a) => ({ id: a.id, name: [a.firstName, a.lastName].filter(Boolean).join(' ') }));
        await recordHistory(app.database.db, auth.subjectId, { type: 'team', id: scene.id, title: scene.title, actors, scenes: [scene.id] }, app.gate);
      }
      return { ruid };
    },
  });
  route(app, sceneSnapshotEndpoint, {
    access: owner,
    handler: async ({ auth, params, query }) => {
      const { token, expiresAt } = await snapshotLink(deps, auth.subjectId, params.sceneId, query.ruid);
      return { url: SCENE_DATASET_PATH.replace(':token', token), expiresAt: expiresAt.toISOString() };
    },
  });
  route(app, scenesCompareEndpoint, {
    access: owner,
    handler: async ({ auth, body }) => {
      const comparison = await createComparison(deps, auth.subjectId, body.sceneIds);
      const title = comparison.scenes.map((s) => s.title).join(' / ');
      await recordHistory(
        app.database.db,
        auth.subjectId,
        { type: 'compare-teams', id: comparison._id, title, actors: [], scenes: comparison.sceneIds },
        app.gate,
      );
      return comparison;
    },
  });
  route(app, scenesCompareGetEndpoint, { access: owner, handler: async ({ auth, params }) => getComparison(deps, auth.subjectId, params.id) });

  route(app, sandboxGetEndpoint, { access: owner, handler: async ({ auth }) => getSandbox(deps, auth.subjectId) });
  route(app, sandboxCreateEndpoint, {
    access: owner,
    status: 201,
    bodyLimit: SCENE_BODY_LIMIT,
    handler: async ({ auth, body }) => {
      const { scene, diff } = await createScene(deps, auth.subjectId, body, 'sandbox');
      return { scene: await viewScene(deps, auth.subjectId, scene), diff };
    },
  });
  route(app, sandboxUpdateEndpoint, {
    access: owner,
    bodyLimit: SCENE_BODY_LIMIT,
    handler: async ({ auth, body }) => {
      const { scene, diff } = await updateSandbox(deps, auth.subjectId, body);
      return { scene: await viewScene(deps, auth.subjectId, scene), diff };
    },
  });

  // The dataset itself: a plain GET whose random token is the credential; the stored gzip is sent as it is.
  app.accessCatalogue.push({ method: 'GET', url: SCENE_DATASET_PATH, access: 'anonymous' });
  app.get(SCENE_DATASET_PATH, { schema: { hide: true } }, async (request, reply) => {
    const data = await datasetByToken(deps, (request.params as { token: string }).token);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-encoding', 'gzip')
      .header('cache-control', 'private, no-store')
      .send(data);
  });

  watchSceneRuns(app, deps);

  const sweep = setInterval(() => {
    app.database
      .withLock(RUN_SWEEP_LOCK_KEY, async () => sweepSceneRuns(deps))
      .catch((error: unknown) => app.log.error({ err: error }, 'scene run sweep failed'));
  }, RUN_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
};
