import type { FastifyPluginAsync } from 'fastify';
import {
  adminQuestionnaireCreateEndpoint,
  adminQuestionnaireDeleteEndpoint,
  adminQuestionnaireGetEndpoint,
  adminQuestionnaireListEndpoint,
  adminQuestionnaireRecalculateEndpoint,
  adminQuestionnaireUpdateEndpoint,
  ownerQuestionnaireEndpoint,
  unsecureQuestionnaireEndpoint,
} from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import {
  createByAdmin,
  currentDefinition,
  deleteByAdmin,
  getForAdmin,
  listForAdmin,
  recalculate,
  seedShippedQuestionnaires,
  updateByAdmin,
} from './questionnaires.service.ts';

const administrator = ['administrator'] as const;

export const questionnairesModule: FastifyPluginAsync = async (app) => {
  await seedShippedQuestionnaires(app.database);
  const db = app.database.db;

  route(app, ownerQuestionnaireEndpoint, { access: ['owner'], handler: async ({ query }) => currentDefinition(db, query.kind, query.short) });
  route(app, unsecureQuestionnaireEndpoint, { access: 'anonymous', handler: async ({ query }) => currentDefinition(db, query.kind, query.short) });

  route(app, adminQuestionnaireListEndpoint, { access: administrator, handler: async ({ query }) => listForAdmin(db, query) });
  route(app, adminQuestionnaireCreateEndpoint, { access: administrator, status: 201, handler: async ({ body }) => createByAdmin(db, body) });
  route(app, adminQuestionnaireGetEndpoint, { access: administrator, handler: async ({ params }) => getForAdmin(db, params.id) });
  route(app, adminQuestionnaireUpdateEndpoint, { access: administrator, handler: async ({ params, body }) => updateByAdmin(db, params.id, body) });
  route(app, adminQuestionnaireDeleteEndpoint, {
    access: administrator,
    handler: async ({ params }) => {
      await deleteByAdmin(db, params.id);
      return { deleted: true as const };
    },
  });
  route(app, adminQuestionnaireRecalculateEndpoint, { access: administrator, handler: async ({ params }) => recalculate(db, params.id) });
};
