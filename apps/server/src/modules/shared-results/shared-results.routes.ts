import type { FastifyPluginAsync } from 'fastify';
import { pairShareEndpoint, sharedResultEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { openSharedResult, shareResult } from './shared-results.service.ts';

/** Shared love results: the owner creates a link to chosen parts; anyone with the link opens it. */
export const sharedResultsModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  route(app, pairShareEndpoint, {
    access: ['owner'],
    status: 201,
    handler: async ({ auth, params, body }) => shareResult(db, auth.subjectId, params.id, body.parts),
  });
  route(app, sharedResultEndpoint, {
    access: 'anonymous',
    // Links are unguessable; the limit keeps anyone from trying many of them.
    rateLimit: { max: 60, timeWindow: '1 minute' },
    handler: async ({ params }) => openSharedResult(db, params.data),
  });
};
