import type { FastifyPluginAsync } from 'fastify';
import {
  adminMonitorCalibrationEndpoint,
  checkInAnswerEndpoint,
  checkInFormEndpoint,
  monitorDeleteEndpoint,
  monitorExportEndpoint,
  monitorGetEndpoint,
  monitorLinksEndpoint,
  monitorListEndpoint,
  monitorOutcomeEndpoint,
  monitorStartEndpoint,
} from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { onPairRun } from '../pairs/pairs.service.ts';
import { registerProfileErasure } from '../profiles/profile-erasure.ts';
import { deleteMembersOfProfile } from './monitor.repository.ts';
import {
  addOutcome,
  answerCheckIn,
  checkInForm,
  exportCsv,
  getMonitorView,
  issueLinks,
  listMonitorViews,
  overallCalibration,
  pairRunFinished,
  startMonitor,
  stopMonitor,
  teamRunFinished,
  type MonitorDeps,
} from './monitor.service.ts';

// Once per process: a withdrawn or expired profile's check-ins are deleted with its membership.
registerProfileErasure(async (tx, profileId) => deleteMembersOfProfile(tx, profileId));

const owner = ['owner'] as const;
const admin = ['administrator'] as const;
/** A member's form is behind an unguessable link; these bound guessing and flooding from one client. */
const anonymousReads = { max: 60, timeWindow: '1 minute' };
const anonymousWrites = { max: 30, timeWindow: '1 minute' };

/** The director's monitor: the owner's monitored teams and pairs, and the members' check-in form. */
export const monitorModule: FastifyPluginAsync = async (app) => {
  const deps: MonitorDeps = {
    db: app.database.db,
    scenes: { database: app.database, storage: app.storage, compute: app.compute },
    config: app.config,
    gate: app.gate,
  };
  // A monitored team's or pair's recomputed forecast is held against the previous one (the forecast-drop alert), after
  // the run's own answer and events: a failure is logged and touches neither.
  const offRuns = app.compute.onFinished(({ id, status }) => {
    if (status === 'done') app.afterAnswer.run(async () => teamRunFinished(deps, id));
  });
  app.addHook('onClose', async () => offRuns());
  onPairRun(app.database.db, ({ ownerId, pairId, changeId }) => app.afterAnswer.run(async () => pairRunFinished(deps, ownerId, pairId, changeId)));

  route(app, monitorListEndpoint, { access: owner, handler: async ({ auth }) => listMonitorViews(deps, auth.subjectId) });
  route(app, monitorStartEndpoint, { access: owner, status: 201, handler: async ({ auth, body, locale }) => startMonitor(deps, auth.subjectId, body, locale) });
  route(app, monitorGetEndpoint, { access: owner, handler: async ({ auth, params }) => getMonitorView(deps, auth.subjectId, params.id) });
  route(app, monitorDeleteEndpoint, { access: owner, handler: async ({ auth, params }) => stopMonitor(deps, auth.subjectId, params.id) });
  route(app, monitorLinksEndpoint, { access: owner, handler: async ({ auth, params }) => issueLinks(deps, auth.subjectId, params.id) });
  route(app, monitorOutcomeEndpoint, {
    access: owner,
    status: 201,
    handler: async ({ auth, params, body }) => addOutcome(deps, auth.subjectId, params.id, body),
  });
  route(app, monitorExportEndpoint, { access: owner, handler: async ({ auth, params }) => exportCsv(deps, auth.subjectId, params.id) });
  route(app, adminMonitorCalibrationEndpoint, { access: admin, handler: async () => overallCalibration(deps) });
  route(app, checkInFormEndpoint, { access: 'anonymous', rateLimit: anonymousReads, handler: async ({ params }) => checkInForm(deps, params.token) });
  route(app, checkInAnswerEndpoint, {
    access: 'anonymous',
    rateLimit: anonymousWrites,
    handler: async ({ params, body }) => answerCheckIn(deps, params.token, body),
  });
};
