import type { FastifyPluginAsync } from 'fastify';
import { forecastAccuracyEndpoint, ownerProfileExplanationEndpoint } from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import { route } from '../../core/route.ts';
import { presentProfileExplanation } from './scoring.presenter.ts';
import { findExplanation, ownerHasProfile } from './scoring.repository.ts';
import { forecastAccuracy } from './scoring.service.ts';

/** What other screens read of scoring: the forecast accuracy and a profile's explanation for its owner. */
export const scoringModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  route(app, forecastAccuracyEndpoint, { access: 'anonymous', handler: async () => forecastAccuracy(db) });

  route(app, ownerProfileExplanationEndpoint, {
    access: ['owner'],
    handler: async ({ params, auth }) => {
      if (!(await ownerHasProfile(db, auth.subjectId, params.id))) throw new AppError('profile_not_found');
      return presentProfileExplanation(await findExplanation(db, params.id));
    },
  });
};
