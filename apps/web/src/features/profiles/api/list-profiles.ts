import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ownerProfilesListEndpoint, type ProfileListQuery } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const profilesQuery = (query: ProfileListQuery) =>
  queryOptions({ queryKey: ['profiles', 'list', query], queryFn: () => apiCall(ownerProfilesListEndpoint, { query }), placeholderData: keepPreviousData });

/** The owner's profiles for a filter, search, sort and page. */
export function useProfiles(query: ProfileListQuery) {
  return useQuery(profilesQuery(query));
}
