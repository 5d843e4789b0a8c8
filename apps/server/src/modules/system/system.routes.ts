import type { FastifyPluginAsync } from 'fastify';
import { healthEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { version } from '../../core/version.ts';
import { checkDatabase } from './system.service.ts';

export const systemModule: FastifyPluginAsync = async (app) => {
  route(app, healthEndpoint, {
    access: 'anonymous',
    handler: async ({ reply }) => {
      const database = await checkDatabase(app.database);
      if (!database.reachable) reply.header('retry-after', '5');
      return {
        status: database.reachable ? ('ok' as const) : ('degraded' as const),
        version,
        database,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  });
};
