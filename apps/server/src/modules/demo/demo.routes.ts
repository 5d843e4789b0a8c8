import type { FastifyPluginAsync } from 'fastify';
import { seedDemoData } from './demo.service.ts';

/**
 * Demo data at first start, when DEMO_DATA is on (default with the embedded database). 'First start' is when the
 * server starts listening; test apps (NODE_ENV=test) never get it from here, even when a test listens: the demo
 * test calls the generator itself. Credentials are printed once.
 */
export const demoModule: FastifyPluginAsync = async (app) => {
  if (!app.config.DEMO_DATA || app.config.NODE_ENV === 'test') return;
  app.addHook('onListen', async () => {
    try {
      const credentials = await seedDemoData(app.database.db);
      if (!credentials) return;
      const lines = credentials.map((entry) => `  ${entry.role} ${entry.email} / ${entry.password}`);
      app.log.warn(`demo data created (shown once; every demo profile is marked as demo):\n${lines.join('\n')}`);
    } catch (error) {
      app.log.error({ err: error }, 'demo data could not be created');
    }
  });
};
