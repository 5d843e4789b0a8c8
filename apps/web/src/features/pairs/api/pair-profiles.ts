import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ownerProfilesListEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { PICKER_PAGE_SIZE } from '../../../shared/ui/use-picker-search.ts';

const profilesQuery = (search: string) =>
  queryOptions({
    queryKey: ['pairs', 'profiles', search],
    queryFn: () => apiCall(ownerProfilesListEndpoint, { query: { search: search || undefined, limit: PICKER_PAGE_SIZE, sort: 'updatedAt', order: 'desc' } }),
    placeholderData: keepPreviousData,
  });

/** The owner's profiles matching what was typed in a picker of the two people (and a manager), recently changed first. */
export function usePairProfiles(search: string) {
  return useQuery(profilesQuery(search));
}
