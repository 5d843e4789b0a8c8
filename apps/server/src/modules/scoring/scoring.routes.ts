import type { FastifyPluginAsync } from 'fastify';
import { forecastAccuracyEndpoint, ownerProfileExplanationEndpoint } from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import { route } from '../../core/route.ts';
import { accessRulesFor } from '../payments/access-rules.ts';
import { registerProfileErasure } from '../profiles/profile-erasure.ts';
import { deleteProfileScoring, ownerHasProfile } from './scoring.repository.ts';
import { forecastAccuracy, profileExplanationOf } from './scoring.service.ts';

// Once per process: a withdrawn or expired profile loses its ratings, final scores and explanation.
registerProfileErasure(async (tx, profileId) => deleteProfileScoring(tx, profileId));

/** What other screens read of scoring: the forecast accuracy and a profile's explanation for its owner. */
export const scoringModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  route(app, forecastAccuracyEndpoint, { access: 'anonymous', handler: async () => forecastAccuracy(db) });

  route(app, ownerProfileExplanationEndpoint, {
    access: ['owner'],
    handler: async ({ params, auth }) => {
      if (!(await ownerHasProfile(db, auth.subjectId, params.id))) throw new AppError('profile_not_found');
      const explanation = await profileExplanationOf(db, params.id);
      // A work explanation is expertise: a plan without seeExpertise does not get it (love scores are no work expertise).
      if (explanation?.source !== 'love-rules' && (await accessRulesFor(db, auth.subjectId)).hideExpertise) throw new AppError('subscription_required');
      return explanation;
    },
  });
};
