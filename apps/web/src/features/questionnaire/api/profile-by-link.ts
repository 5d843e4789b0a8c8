import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileGetEndpoint, profilePatchEndpoint, profileUpgradeEndpoint, type ProfilePatch } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const profileByLinkQuery = (permalink: string) =>
  queryOptions({ queryKey: ['profile-link', permalink], queryFn: () => apiCall(profileGetEndpoint, { params: { permalink } }), staleTime: Infinity });

/** The profile a share link opens, with its questionnaire. */
export function useProfileByLink(permalink: string) {
  return useQuery(profileByLinkQuery(permalink));
}

/** Saves answers and names by link; `complete` sends the questionnaire. */
export function usePatchProfileByLink(permalink: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfilePatch) => apiCall(profilePatchEndpoint, { params: { permalink }, body }),
    onSuccess: (view) => client.setQueryData(profileByLinkQuery(permalink).queryKey, view),
  });
}

/** Moves a sent short profile to the full questionnaire; the answers given stay fixed. */
export function useUpgradeByLink(permalink: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(profileUpgradeEndpoint, { params: { permalink } }),
    onSuccess: (view) => client.setQueryData(profileByLinkQuery(permalink).queryKey, view),
  });
}
