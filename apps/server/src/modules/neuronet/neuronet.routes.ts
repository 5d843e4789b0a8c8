import type { FastifyPluginAsync } from 'fastify';
import {
  adminFinalScoreEndpoint,
  adminFinalScorePreciseEndpoint,
  neuronetCreateModelEndpoint,
  neuronetAuditEndpoint,
  neuronetModelEndpoint,
  neuronetModelsEndpoint,
  neuronetPredictEndpoint,
  neuronetProfilesEndpoint,
  neuronetPublishEndpoint,
  neuronetTrainEndpoint,
  neuronetUploadEndpoint,
} from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import { route } from '../../core/route.ts';
import { presentModel } from '../scoring/scoring.presenter.ts';
import { createModel, findModel, failInterruptedTraining, predictProfile, retrainModel, uploadModel, type ScoringDeps } from '../scoring/scoring.service.ts';
import { createTrainer } from '../scoring/trainer.ts';
import { modelAudit, neuronetProfiles, overview, publishWithGate, setFinalScores } from './neuronet.service.ts';

const admin = ['administrator'] as const;

/** The administrator's neuronet page calls and the final-score calls. Training runs in a worker thread. */
export const neuronetModule: FastifyPluginAsync = async (app) => {
  const deps: ScoringDeps = { db: app.database.db, storage: app.storage, trainer: createTrainer(app.log), log: app.log };
  // Training records left 'training' by a process that stopped can never finish: mark them failed once listening.
  app.addHook('onListen', async () => failInterruptedTraining(deps.db));
  app.addHook('preClose', async () => deps.trainer.stop());

  route(app, neuronetModelsEndpoint, { access: admin, handler: async () => overview(deps.db) });

  route(app, neuronetModelEndpoint, {
    access: admin,
    handler: async ({ params }) => {
      const model = await findModel(deps.db, params.id);
      if (!model) throw new AppError('model_not_found');
      return presentModel(model);
    },
  });

  route(app, neuronetAuditEndpoint, { access: admin, handler: async ({ params }) => modelAudit(deps.db, params.id) });

  route(app, neuronetCreateModelEndpoint, {
    access: admin,
    status: 202,
    handler: async ({ body, auth }) => presentModel(await createModel(deps, auth.subjectId, body)),
  });
  route(app, neuronetTrainEndpoint, { access: admin, status: 202, handler: async ({ params }) => presentModel(await retrainModel(deps, params.id)) });
  route(app, neuronetUploadEndpoint, { access: admin, handler: async ({ params }) => presentModel(await uploadModel(deps, params.id)) });

  route(app, neuronetPublishEndpoint, {
    access: admin,
    handler: async ({ params, body, auth }) => {
      const { model, profilesRescored } = await publishWithGate(deps, auth.subjectId, params.id, body?.justification);
      return { model: presentModel(model), profilesRescored };
    },
  });

  route(app, neuronetPredictEndpoint, {
    access: admin,
    handler: async ({ params, body }) => ({ profileId: params.id, ...(await predictProfile(deps.db, params.id, body.modelId)) }),
  });

  route(app, neuronetProfilesEndpoint, { access: admin, handler: async ({ query }) => neuronetProfiles(deps.db, query) });

  route(app, adminFinalScoreEndpoint, {
    access: admin,
    handler: async ({ params, body, auth }) => setFinalScores(deps.db, auth.subjectId, params.id, { score: body.score }),
  });
  route(app, adminFinalScorePreciseEndpoint, {
    access: admin,
    handler: async ({ params, body, auth }) => setFinalScores(deps.db, auth.subjectId, params.id, { precise: body.scorePrecise }),
  });
};
