import type { Locale } from '@teamcast/contracts';
import type { AuthContext, Authenticator } from './auth.ts';
import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type { Sealer } from './sealer.ts';
import type { RouteAccess } from './route.ts';
import type { GateHub } from '../modules/gate/gate.hub.ts';
import type { ComputeRunner } from '../modules/compute/compute.runner.ts';
import type { Storage } from './storage.ts';
import type { AfterAnswer } from './after-answer.ts';
import type { StorageFailures } from './storage-failure.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    authenticator: Authenticator;
    /** Seals second-factor secrets at rest. */
    secondFactorSealer: Sealer;
    accessCatalogue: RouteAccess[];
    gate: GateHub;
    storage: Storage;
    compute: ComputeRunner;
    /** Work sent on after the answer, so its timing tells nothing (mail of anonymous passport calls). */
    afterAnswer: AfterAnswer;
    storageFailures: StorageFailures;
  }
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
  }
}
