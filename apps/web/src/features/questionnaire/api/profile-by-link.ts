import {
  profileLinkRoutes,
  type ProfileLinkView,
  type ProfilePatch,
  type profileGetEndpoint,
  type profileLinkRequestEndpoint,
  type profilePatchEndpoint,
  type profileUpgradeEndpoint,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { useRequest } from '../../../shared/api/use-request.ts';

// Called by route, not by endpoint: the endpoints' schemas would bring zod into the public questionnaire's first load.
const getCall = profileLinkRoutes.get as typeof profileGetEndpoint;
const patchCall = profileLinkRoutes.patch as typeof profilePatchEndpoint;
const upgradeCall = profileLinkRoutes.upgrade as typeof profileUpgradeEndpoint;
const linkRequestCall = profileLinkRoutes.linkRequest as typeof profileLinkRequestEndpoint;

/** The profile a share link opens, with its questionnaire; the setter takes the view a save or upgrade answers with. */
export function useProfileByLink(permalink: string) {
  return useRequest<ProfileLinkView>(permalink, () => apiCall(getCall, { params: { permalink } }));
}

/** Saves answers and names by link; `complete` sends the questionnaire. */
export const patchProfileByLink = (permalink: string, body: ProfilePatch) => apiCall(patchCall, { params: { permalink }, body });

/** Moves a sent short profile to the full questionnaire; the answers given stay fixed. */
export const upgradeByLink = (permalink: string) => apiCall(upgradeCall, { params: { permalink } });

/** The visitor of an expired link asks its owner for a new one. */
export const requestNewLink = (permalink: string) => apiCall(linkRequestCall, { params: { permalink } });
