import type { FastifyPluginAsync } from 'fastify';
import { adminAuditLogEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { listAuditEntries } from './audit.repository.ts';
import { registerAuditTrail } from './audit.hook.ts';
import { presentAuditEntry } from './audit.service.ts';

/** The audit log of administrators' changes, for the console; also records the other modules' admin changes. */
export const auditModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  registerAuditTrail(app);
  route(app, adminAuditLogEndpoint, {
    access: ['administrator'],
    handler: async ({ query }) => {
      const { rows, total, nextCursor } = await listAuditEntries(db, query);
      return { items: rows.map(presentAuditEntry), total, nextCursor };
    },
  });
};

// Like fastify-plugin: the audit trail hook reaches the admin routes of every module, not only this plugin's.
Object.assign(auditModule, { [Symbol.for('skip-override')]: true });
