import type { FastifyPluginAsync } from 'fastify';
import { pairCreateEndpoint, pairCreateInSceneEndpoint, pairDeleteEndpoint, pairGetEndpoint, pairRunEndpoint, pairUpdateEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { registerProfileUsage } from '../profiles/profile-usage.ts';
import { registerProfileErasure } from '../profiles/profile-erasure.ts';
import { erasePairForecasts, pairUsesSql } from './pairs.repository.ts';
import { createPairForecaster } from './pair-forecaster.ts';
import { createPair, deletePair, getPair, runPair, updatePair } from './pairs.service.ts';

// Once per process: deleting a profile used by a pair warns and keeps it.
registerProfileUsage('evaluations', pairUsesSql);
// A withdrawn or expired profile's pair forecasts are deleted; the pairs stay and answer profile_withdrawn when run.
registerProfileErasure(async (tx, profileId) => void (await erasePairForecasts(tx, profileId)));

const owner = ['owner'] as const;

/** Pair compatibility under /api/scene: every call loads the pair through the owner's id (another owner's is a 404). */
export const pairsModule: FastifyPluginAsync = async (app) => {
  // The unit tests run forecasts inline; the app runs them in worker threads (pair-forecaster.ts).
  const forecasts = createPairForecaster({ threads: app.config.NODE_ENV === 'test' ? 0 : 'cores' });
  app.addHook('onClose', () => forecasts.stop());
  const deps = { db: app.database.db, gate: app.gate, forecasts };
  route(app, pairCreateEndpoint, {
    access: owner,
    status: 201,
    handler: async ({ auth, body }) => createPair(deps, auth.subjectId, { ...body, actors: [body.actors[0] ?? null, body.actors[1] ?? null] }),
  });
  route(app, pairCreateInSceneEndpoint, {
    access: owner,
    status: 201,
    handler: async ({ auth, params, body }) =>
      createPair(deps, auth.subjectId, { ...body, actors: [body.actors[0] ?? null, body.actors[1] ?? null] }, params.sceneId),
  });
  route(app, pairGetEndpoint, { access: owner, handler: async ({ auth, params }) => getPair(deps, auth.subjectId, params.id) });
  route(app, pairUpdateEndpoint, {
    access: owner,
    handler: async ({ auth, params, body }) =>
      updatePair(deps, auth.subjectId, params.id, { ...body, actors: body.actors ? [body.actors[0] ?? null, body.actors[1] ?? null] : undefined }),
  });
  route(app, pairDeleteEndpoint, { access: owner, handler: async ({ auth, params }) => deletePair(deps, auth.subjectId, params.id) });
  route(app, pairRunEndpoint, { access: owner, handler: async ({ auth, params, body }) => runPair(deps, auth.subjectId, params.id, body.type) });
};
