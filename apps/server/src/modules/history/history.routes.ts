import type { FastifyPluginAsync } from 'fastify';
import { historyCountersEndpoint, historyGetEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { registerProfileErasure } from '../profiles/profile-erasure.ts';
import { deleteEntriesWithActor } from './history.repository.ts';
import { readCounters, readHistory } from './history.service.ts';

// Once per process: the history entries naming a withdrawn or expired profile go with it.
registerProfileErasure(async (tx, profileId) => deleteEntriesWithActor(tx, profileId));

const owner = ['owner'] as const;

/** Read side of the dashboard history: the dashboard calls GET /api/owner/history, and again on each syncHistory. */
export const historyModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  route(app, historyGetEndpoint, { access: owner, handler: async ({ auth }) => readHistory(db, auth.subjectId) });
  route(app, historyCountersEndpoint, { access: owner, handler: async ({ auth }) => readCounters(db, auth.subjectId) });
};
