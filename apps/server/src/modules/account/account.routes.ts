import type { FastifyPluginAsync } from 'fastify';
import {
  estimatorSelfEndpoint,
  estimatorSelfPatchEndpoint,
  ownerSecondFactorDisableEndpoint,
  ownerSecondFactorEnableEndpoint,
  ownerSecondFactorEndpoint,
  ownerSecondFactorEnrolmentEndpoint,
  ownerSelfDeleteEndpoint,
  ownerSelfEndpoint,
  ownerSelfPatchEndpoint,
} from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { changePassword } from '../passport/passport.service.ts';
import { disableSecondFactor, secondFactorStatus } from '../passport/second-factor.service.ts';
import { setEstimatorLocale } from './account.repository.ts';
import {
  deleteOwnerAccount,
  enableOwnerSecondFactor,
  estimatorSelf,
  ownerSelf,
  presentEstimatorSelf,
  presentOwnerSelf,
  startOwnerEnrolment,
} from './account.service.ts';

/** Wrong codes when turning the second factor on or off: 10 per client in 15 minutes (5 per challenge at sign-in). */
const CODE_TRIES = { max: 10, timeWindow: '15 minutes' };

/** The `self` calls of owners and estimators (spec section 7). */
export const accountModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  route(app, ownerSelfEndpoint, { access: ['owner'], handler: async ({ auth }) => presentOwnerSelf(await ownerSelf(db, auth.subjectId)) });
  route(app, ownerSelfPatchEndpoint, {
    access: ['owner'],
    handler: async ({ auth, body }) => {
      await ownerSelf(db, auth.subjectId);
      return { endedSessions: await changePassword(db, auth, body) };
    },
  });
  route(app, ownerSelfDeleteEndpoint, {
    access: ['owner'],
    handler: async ({ auth }) => {
      await deleteOwnerAccount(db, auth.subjectId);
      return { deleted: true as const };
    },
  });

  // The owner's optional second factor
  const factorDeps = { db, sealer: app.secondFactorSealer };
  route(app, ownerSecondFactorEndpoint, { access: ['owner'], handler: async ({ auth }) => secondFactorStatus(db, 'owner', auth.subjectId) });
  route(app, ownerSecondFactorEnrolmentEndpoint, { access: ['owner'], handler: async ({ auth }) => startOwnerEnrolment(factorDeps, auth.subjectId) });
  route(app, ownerSecondFactorEnableEndpoint, {
    access: ['owner'],
    rateLimit: CODE_TRIES,
    handler: async ({ auth, body }) => ({ recoveryCodes: await enableOwnerSecondFactor(factorDeps, auth.subjectId, body.password, body.code) }),
  });
  route(app, ownerSecondFactorDisableEndpoint, {
    access: ['owner'],
    rateLimit: CODE_TRIES,
    handler: async ({ auth, body }) => {
      await disableSecondFactor(factorDeps, 'owner', auth.subjectId, body.code);
      return secondFactorStatus(db, 'owner', auth.subjectId);
    },
  });

  route(app, estimatorSelfEndpoint, { access: ['estimator'], handler: async ({ auth }) => presentEstimatorSelf(await estimatorSelf(db, auth.subjectId)) });
  route(app, estimatorSelfPatchEndpoint, {
    access: ['estimator'],
    handler: async ({ auth, body }) => {
      await estimatorSelf(db, auth.subjectId);
      const { password } = body;
      const endedSessions = password === undefined ? 0 : await changePassword(db, auth, { ...body, password });
      if (body.locale) await setEstimatorLocale(db, auth.subjectId, body.locale);
      return { endedSessions, self: presentEstimatorSelf(await estimatorSelf(db, auth.subjectId)) };
    },
  });
};
