import type { FastifyPluginAsync } from 'fastify';
import { systemModule } from './system/system.routes.ts';

/** Every service group's plugin, registered in this order. */
export const modules: FastifyPluginAsync[] = [systemModule];
