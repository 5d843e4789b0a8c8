import type { FastifyPluginAsync } from 'fastify';
import { adminAuditLogEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { listAuditEntries } from './audit.repository.ts';
import { presentAuditEntry } from './audit.service.ts';

/** The audit log of administrators' changes, for the console. */
export const auditModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  route(app, adminAuditLogEndpoint, {
    access: ['administrator'],
    handler: async ({ query }) => {
      const { rows, total } = await listAuditEntries(db, query);
      return { items: rows.map(presentAuditEntry), total };
    },
  });
};
