import type { FastifyPluginAsync } from 'fastify';
import { healthEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { dataDirWritable } from '../../core/storage-failure.ts';
import { version } from '../../core/version.ts';
import { checkDatabase } from './system.service.ts';

export const systemModule: FastifyPluginAsync = async (app) => {
  route(app, healthEndpoint, {
    access: 'anonymous',
    // A load balancer reads the status, not the body: a server that cannot reach its database or write its disk answers 503.
    statusOf: { statuses: [503], of: (health) => (health.status === 'ok' ? 200 : 503) },
    handler: async ({ reply }) => {
      const database = await checkDatabase(app.database);
      // The embedded database writes into DATA_DIR, so a probe write there tells; PostgreSQL's disk is told by failed writes.
      const writable = !app.storageFailures.recent() && (app.database.driver !== 'pglite' || dataDirWritable(app.config.dataDir));
      const ok = database.reachable && writable;
      if (!ok) reply.header('retry-after', '5');
      return {
        status: ok ? ('ok' as const) : ('degraded' as const),
        version,
        database,
        storage: { writable },
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  });
};
