import { z } from 'zod';
import { defineEndpoint } from './api.ts';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    /** Round trip of `select 1`, in milliseconds. */
    latencyMs: z.number().nullable(),
  }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;

export const healthEndpoint = defineEndpoint({
  group: 'system',
  method: 'GET',
  path: '/health',
  summary: 'Service status, version and database reachability',
  result: HealthSchema,
});
