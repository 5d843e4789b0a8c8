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
  /** False when the disk refuses writes (full or read-only): seen by a probe write, or by a write that failed in the last minute. */
  storage: z.object({ writable: z.boolean() }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;

export const healthEndpoint = defineEndpoint({
  group: 'system',
  method: 'GET',
  path: '/health',
  summary: 'Service status, version, database reachability and whether the disk takes writes',
  result: HealthSchema,
});
