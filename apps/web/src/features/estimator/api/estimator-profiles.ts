import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { estimatorProfilesEndpoint, type EstimatorProfilesQuery } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const estimatorProfilesQuery = (query: EstimatorProfilesQuery) =>
  queryOptions({ queryKey: ['estimator', 'profiles', query], queryFn: () => apiCall(estimatorProfilesEndpoint, { query }), placeholderData: keepPreviousData });

/** The estimator's assigned profiles for a filter and page. */
export function useEstimatorProfiles(query: EstimatorProfilesQuery) {
  return useQuery(estimatorProfilesQuery(query));
}
