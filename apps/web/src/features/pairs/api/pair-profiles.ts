import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, ownerProfilesListEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

const profilesQuery = (search: string) =>
  queryOptions({
    queryKey: ['pairs', 'profiles', search],
    queryFn: () => apiCall(ownerProfilesListEndpoint, { query: { search: search || undefined, limit: MAX_PAGE_SIZE, sort: 'updatedAt', order: 'desc' } }),
    placeholderData: keepPreviousData,
  });

/** The owner's profiles to pick the two people (and a manager) from. */
export function usePairProfiles(search: string) {
  return useQuery(profilesQuery(search));
}
