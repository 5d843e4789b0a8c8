import type { FastifyPluginAsync } from 'fastify';
import {
  ownerProfileAttachEndpoint,
  ownerProfileBySharelinkEndpoint,
  ownerProfileCheckAttachEndpoint,
  ownerProfileCheckAttachExistEndpoint,
  ownerProfileCheckUpendEndpoint,
  ownerProfileCreateEndpoint,
  ownerProfileDeleteEndpoint,
  ownerProfileDetachEndpoint,
  ownerProfileGetEndpoint,
  ownerProfileLoveEndpoint,
  ownerProfileMainEndpoint,
  ownerProfileReferralEndpoint,
  ownerProfileShortEndpoint,
  ownerProfilesListEndpoint,
  ownerProfileUpdateEndpoint,
  ownerProfileUpendEndpoint,
  personPageEndpoint,
  personWithdrawEndpoint,
  profileGetEndpoint,
  profileGradeEndpoint,
  profileLinkRequestEndpoint,
  profilePatchEndpoint,
  profileUpgradeEndpoint,
  profileUpgradeInfoEndpoint,
  profileUpgradeShortEndpoint,
  unsecureProfileEndpoint,
} from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { linkWriteLimits } from './link-limits.ts';
import { RETENTION_SWEEP_MS, sweepRetention } from './retention.service.ts';
import { issuePersonToken, personPage, withdrawByToken, type PersonDeps } from './person-page.service.ts';
import { linkGrade, linkView, patchByLink, requestNewLink, upgradeByLink, upgradeInfo } from './profile-link.service.ts';
import {
  attachProfile,
  checkAttach,
  checkAttachExist,
  checkUpend,
  createFilledProfile,
  createOwnerFilledProfile,
  createProfile,
  deleteOwnProfile,
  detachProfile,
  getProfile,
  listProfiles,
  mainOf,
  profileBySharelink,
  referralLink,
  updateOwnProfile,
  upendProfile,
} from './profiles.service.ts';

const owner = ['owner'] as const;
/** Anonymous calls that create data without a link (the flame questionnaire) are limited per client. */
const anonymousWrites = { max: 30, timeWindow: '1 minute' };
/** The person's page behind its private link: reads are limited too, so nobody can try links in bulk. */
const anonymousReads = { max: 60, timeWindow: '1 minute' };
/** Advisory lock of the retention sweep, so only one server process sends the warnings. */
const RETENTION_LOCK_KEY = 7_240_229;

export const profilesModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const personDeps: PersonDeps = { db, storage: app.storage, mailer: app.mailer, config: app.config };
  const { perLink, addressCeiling } = linkWriteLimits(app);

  // Owner: every call loads the profile through the owner's id, so another owner's profile is simply not found.
  route(app, ownerProfilesListEndpoint, { access: owner, handler: async ({ auth, query }) => listProfiles(db, auth.subjectId, query) });
  route(app, ownerProfileGetEndpoint, { access: owner, handler: async ({ auth, params }) => getProfile(db, auth.subjectId, params.id) });
  route(app, ownerProfileCreateEndpoint, { access: owner, status: 201, handler: async ({ auth, body }) => createProfile(db, auth.subjectId, body) });
  route(app, ownerProfileUpdateEndpoint, { access: owner, handler: async ({ auth, params, body }) => updateOwnProfile(db, auth.subjectId, params.id, body) });
  route(app, ownerProfileDeleteEndpoint, { access: owner, handler: async ({ auth, params }) => deleteOwnProfile(db, auth.subjectId, params.id) });
  route(app, ownerProfileAttachEndpoint, { access: owner, handler: async ({ auth, params }) => attachProfile(db, auth.subjectId, params.id) });
  route(app, ownerProfileDetachEndpoint, { access: owner, handler: async ({ auth, params }) => detachProfile(db, auth.subjectId, params.id) });
  route(app, ownerProfileCheckAttachEndpoint, { access: owner, handler: async ({ params }) => ({ check: await checkAttach(db, params.id) }) });
  route(app, ownerProfileCheckAttachExistEndpoint, {
    access: owner,
    handler: async ({ auth, params }) => ({ exists: await checkAttachExist(db, auth.subjectId, params.id) }),
  });
  route(app, ownerProfileCheckUpendEndpoint, {
    access: owner,
    handler: async ({ auth, params }) => ({ check: await checkUpend(db, auth.subjectId, params.id) }),
  });
  route(app, ownerProfileUpendEndpoint, { access: owner, handler: async ({ auth, params }) => upendProfile(db, auth.subjectId, params.id) });
  route(app, ownerProfileReferralEndpoint, {
    access: owner,
    handler: async ({ auth, params, body }) => referralLink(db, auth.subjectId, params.id, body.renew),
  });
  route(app, ownerProfileMainEndpoint, { access: owner, handler: async ({ auth, params }) => mainOf(db, auth.subjectId, params.id) });
  route(app, ownerProfileBySharelinkEndpoint, { access: owner, handler: async ({ auth, params }) => profileBySharelink(db, auth.subjectId, params.link) });
  route(app, ownerProfileLoveEndpoint, {
    access: owner,
    status: 201,
    handler: async ({ auth, body, locale }) => createOwnerFilledProfile(db, auth.subjectId, 'love', body, locale),
  });
  route(app, ownerProfileShortEndpoint, {
    access: owner,
    status: 201,
    handler: async ({ auth, body, locale }) => createOwnerFilledProfile(db, auth.subjectId, 'short', body, locale),
  });
  route(app, unsecureProfileEndpoint, {
    access: 'anonymous',
    status: 201,
    rateLimit: anonymousWrites,
    handler: async ({ body, locale }) => {
      const now = new Date();
      const row = await createFilledProfile(db, null, 'love', body, { by: 'person', locale, noticeVersion: body.noticeVersion }, now);
      return { _id: row.id, permalink: row.permalink, personToken: await issuePersonToken(db, row.id, now) };
    },
  });

  // Profile service: anonymous visitors by permalink.
  route(app, profileGetEndpoint, { access: 'anonymous', handler: async ({ params }) => linkView(db, params.permalink) });
  route(app, profileGradeEndpoint, { access: 'anonymous', handler: async ({ params }) => linkGrade(db, params.permalink) });
  route(app, profileUpgradeShortEndpoint, { access: 'anonymous', handler: async ({ params }) => upgradeInfo(db, params.permalink, 'short') });
  route(app, profileUpgradeInfoEndpoint, { access: 'anonymous', handler: async ({ params }) => upgradeInfo(db, params.permalink, 'standard') });
  // Writes by link are limited per link (one link is one profile), then by the address's abuse ceiling (link-limits.ts).
  route(app, profileUpgradeEndpoint, {
    access: 'anonymous',
    rateLimit: perLink,
    handler: async ({ params, request, reply }) => {
      await addressCeiling(request, reply);
      return upgradeByLink(db, params.permalink);
    },
  });
  route(app, profilePatchEndpoint, {
    access: 'anonymous',
    rateLimit: perLink,
    handler: async ({ params, body, locale, request, reply }) => {
      await addressCeiling(request, reply);
      return patchByLink(personDeps, params.permalink, body, { locale, host: request.host });
    },
  });
  route(app, profileLinkRequestEndpoint, {
    access: 'anonymous',
    rateLimit: perLink,
    handler: async ({ params, request, reply }) => {
      await addressCeiling(request, reply);
      return requestNewLink(db, params.permalink);
    },
  });

  // The person's own page, by the private link given after sending (docs/privacy.md).
  route(app, personPageEndpoint, { access: 'anonymous', rateLimit: anonymousReads, handler: async ({ params }) => personPage(db, params.token) });
  // Retention: once an hour one process (the lock) deletes unused profiles past PROFILE_RETENTION_DAYS, warning first.
  if (app.config.PROFILE_RETENTION_DAYS > 0) {
    const sweep = setInterval(() => {
      app.database
        .withLock(RETENTION_LOCK_KEY, async () => sweepRetention(personDeps, app.config.PROFILE_RETENTION_DAYS))
        .catch((error: unknown) => app.log.error({ err: error }, 'retention sweep failed'));
    }, RETENTION_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  route(app, personWithdrawEndpoint, {
    access: 'anonymous',
    rateLimit: anonymousWrites,
    handler: async ({ params }) => withdrawByToken(personDeps, params.token),
  });
};
