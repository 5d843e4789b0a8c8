import type { FastifyPluginAsync } from 'fastify';
import {
  adminEstimatorCreateEndpoint,
  adminEstimatorDeleteEndpoint,
  adminEstimatorEndpoint,
  adminEstimatorsEndpoint,
  adminEstimatorUpdateEndpoint,
  adminOwnerDeleteEndpoint,
  adminOwnerEndpoint,
  adminOwnersBulkDeleteEndpoint,
  adminOwnersEndpoint,
  adminOwnerUpdateEndpoint,
  adminProfileCancelConfirmationEndpoint,
  adminProfileDeleteEndpoint,
  adminProfileEndpoint,
  adminProfileFilterOwnersEndpoint,
  adminProfilesBulkDeleteEndpoint,
  adminProfilesEndpoint,
  adminProfileUpdateEndpoint,
  adminSendLoginLinkEndpoint,
} from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { brandForHost } from '../mail/mail.brand.ts';
import { requestLink } from '../passport/passport.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ownersWithProfiles } from './admin.repository.ts';
import * as service from './admin.service.ts';

const admin = ['administrator'] as const;

/** The administrator console's API: owners (companies), estimators, profiles (spec sections 6 and 7). */
export const adminModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  route(app, adminOwnersEndpoint, { access: admin, handler: async ({ query }) => service.listOwners(db, query) });
  route(app, adminOwnerEndpoint, { access: admin, handler: async ({ params }) => service.getOwner(db, params.id) });
  route(app, adminOwnerUpdateEndpoint, { access: admin, handler: async ({ params, body, auth }) => service.updateOwner(db, auth.subjectId, params.id, body) });
  route(app, adminOwnerDeleteEndpoint, {
    access: admin,
    handler: async ({ params, auth }) => {
      await service.getOwner(db, params.id);
      return service.deleteOwners(db, auth.subjectId, [params.id]);
    },
  });
  route(app, adminOwnersBulkDeleteEndpoint, { access: admin, handler: async ({ body, auth }) => service.deleteOwners(db, auth.subjectId, body.ids) });

  route(app, adminEstimatorsEndpoint, { access: admin, handler: async ({ query }) => service.listEstimators(db, query) });
  route(app, adminEstimatorEndpoint, { access: admin, handler: async ({ params }) => service.getEstimator(db, params.id) });
  route(app, adminEstimatorCreateEndpoint, {
    access: admin,
    status: 201,
    handler: async ({ body, auth }) => service.createEstimator(db, auth.subjectId, body),
  });
  route(app, adminEstimatorUpdateEndpoint, {
    access: admin,
    handler: async ({ params, body, auth }) => service.updateEstimator(db, auth.subjectId, params.id, body),
  });
  route(app, adminEstimatorDeleteEndpoint, { access: admin, handler: async ({ params, auth }) => service.deleteEstimator(db, auth.subjectId, params.id) });

  route(app, adminSendLoginLinkEndpoint, {
    access: admin,
    handler: async ({ params, auth, request }) => {
      const email = await service.loginLinkAddress(db, params.role, params.id);
      const brand = brandForHost(app.config, request.host);
      const deps = { db, config: app.config, mailer: app.mailer, authenticator: app.authenticator, sealer: app.secondFactorSealer };
      // The recipient's language is unknown here; Russian is the product's default (spec section 1).
      await requestLink(deps, params.role, email, 'magic', { locale: 'ru', brand, surface: 'desktop' });
      await recordAudit(db, auth.subjectId, [
        { action: `${params.role}.login-link`, entity: params.role, entityId: params.id, before: null, after: { sentTo: email } },
      ]);
      return { sent: true as const };
    },
  });

  route(app, adminProfilesEndpoint, { access: admin, handler: async ({ query }) => service.listProfiles(db, query) });
  route(app, adminProfileEndpoint, { access: admin, handler: async ({ params }) => service.getProfile(db, params.id) });
  route(app, adminProfileUpdateEndpoint, {
    access: admin,
    handler: async ({ params, body, auth }) => service.updateProfile(db, auth.subjectId, params.id, body),
  });
  route(app, adminProfileDeleteEndpoint, {
    access: admin,
    handler: async ({ params, auth }) => {
      await service.getProfile(db, params.id);
      return service.deleteProfiles(db, auth.subjectId, [params.id]);
    },
  });
  route(app, adminProfilesBulkDeleteEndpoint, { access: admin, handler: async ({ body, auth }) => service.deleteProfiles(db, auth.subjectId, body.ids) });
  route(app, adminProfileCancelConfirmationEndpoint, {
    access: admin,
    handler: async ({ params, auth }) => service.cancelConfirmation(db, auth.subjectId, params.id),
  });
  route(app, adminProfileFilterOwnersEndpoint, { access: admin, handler: async ({ query }) => ownersWithProfiles(db, query.search) });
};
