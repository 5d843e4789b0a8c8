import type { FastifyPluginAsync } from 'fastify';
import { estimatorSelfEndpoint, estimatorSelfPatchEndpoint, ownerSelfDeleteEndpoint, ownerSelfEndpoint, ownerSelfPatchEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { changePassword } from '../passport/passport.service.ts';
import { setEstimatorLocale } from './account.repository.ts';
import { deleteOwnerAccount, estimatorSelf, ownerSelf, presentEstimatorSelf, presentOwnerSelf } from './account.service.ts';

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
