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
/** Anonymous calls that create or change data are limited per client. */
const anonymousWrites = { max: 30, timeWindow: '1 minute' };

export const profilesModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

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
  route(app, ownerProfileCheckUpendEndpoint, { access: owner, handler: async ({ auth, params }) => ({ check: await checkUpend(db, auth.subjectId, params.id) }) });
  route(app, ownerProfileUpendEndpoint, { access: owner, handler: async ({ auth, params }) => upendProfile(db, auth.subjectId, params.id) });
  route(app, ownerProfileReferralEndpoint, { access: owner, handler: async ({ auth, params, body }) => referralLink(db, auth.subjectId, params.id, body.renew) });
  route(app, ownerProfileMainEndpoint, { access: owner, handler: async ({ auth, params }) => mainOf(db, auth.subjectId, params.id) });
  route(app, ownerProfileBySharelinkEndpoint, { access: owner, handler: async ({ auth, params }) => profileBySharelink(db, auth.subjectId, params.link) });
  route(app, ownerProfileLoveEndpoint, { access: owner, status: 201, handler: async ({ auth, body }) => createOwnerFilledProfile(db, auth.subjectId, 'love', body) });
  route(app, ownerProfileShortEndpoint, { access: owner, status: 201, handler: async ({ auth, body }) => createOwnerFilledProfile(db, auth.subjectId, 'short', body) });
  route(app, unsecureProfileEndpoint, {
    access: 'anonymous',
    status: 201,
    rateLimit: anonymousWrites,
    handler: async ({ body }) => {
      const row = await createFilledProfile(db, null, 'love', body);
      return { _id: row.id, permalink: row.permalink };
    },
  });

  // Profile service: anonymous visitors by permalink.
  route(app, profileGetEndpoint, { access: 'anonymous', handler: async ({ params }) => linkView(db, params.permalink) });
  route(app, profileGradeEndpoint, { access: 'anonymous', handler: async ({ params }) => linkGrade(db, params.permalink) });
  route(app, profileUpgradeShortEndpoint, { access: 'anonymous', handler: async ({ params }) => upgradeInfo(db, params.permalink, 'short') });
  route(app, profileUpgradeInfoEndpoint, { access: 'anonymous', handler: async ({ params }) => upgradeInfo(db, params.permalink, 'standard') });
  route(app, profileUpgradeEndpoint, { access: 'anonymous', rateLimit: anonymousWrites, handler: async ({ params }) => upgradeByLink(db, params.permalink) });
  route(app, profilePatchEndpoint, { access: 'anonymous', rateLimit: anonymousWrites, handler: async ({ params, body }) => patchByLink(db, params.permalink, body) });
  route(app, profileLinkRequestEndpoint, { access: 'anonymous', rateLimit: anonymousWrites, handler: async ({ params }) => requestNewLink(db, params.permalink) });
};
