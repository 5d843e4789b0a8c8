import type { FastifyPluginAsync } from 'fastify';
import {
  estimatorAssignmentEndpoint,
  estimatorNoteEndpoint,
  estimatorProfileEndpoint,
  estimatorProfilesEndpoint,
  estimatorRateEndpoint,
  estimatorRatePreciseEndpoint,
  estimatorSkipEndpoint,
} from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { assignNext, listProfiles, rate, ratePrecise, setNote, setSkipStatus, viewProfile } from './estimator.service.ts';

const estimator = ['estimator'] as const;

/** The estimator workspace: only profiles assigned to the signed-in estimator are visible (others answer 404). */
export const estimatorModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  route(app, estimatorProfilesEndpoint, { access: estimator, handler: async ({ query, auth }) => listProfiles(db, auth.subjectId, query) });
  route(app, estimatorAssignmentEndpoint, { access: estimator, handler: async ({ auth }) => assignNext(db, auth.subjectId) });
  route(app, estimatorProfileEndpoint, { access: estimator, handler: async ({ params, auth, locale }) => viewProfile(db, auth.subjectId, params.id, locale) });
  route(app, estimatorRateEndpoint, { access: estimator, handler: async ({ params, body, auth }) => rate(db, auth.subjectId, params.id, body.score) });
  route(app, estimatorRatePreciseEndpoint, {
    access: estimator,
    handler: async ({ params, body, auth }) => ratePrecise(db, auth.subjectId, params.id, body.scorePrecise),
  });
  route(app, estimatorNoteEndpoint, { access: estimator, handler: async ({ params, body, auth }) => setNote(db, auth.subjectId, params.id, body.content) });
  route(app, estimatorSkipEndpoint, {
    access: estimator,
    handler: async ({ params, body, auth }) => setSkipStatus(db, auth.subjectId, params.id, body.skipStatus),
  });
};
