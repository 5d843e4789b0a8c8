import { queryOptions, useQuery } from '@tanstack/react-query';
import { estimatorProfileEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const estimatorProfileQuery = (id: string, locale: string) =>
  queryOptions({ queryKey: ['estimator', 'profile', id, locale], queryFn: () => apiCall(estimatorProfileEndpoint, { params: { id } }) });

/** One assigned profile with its answers (in the current language) and the estimator's work on it. */
export function useEstimatorProfile(id: string | undefined, locale: string) {
  return useQuery({ ...estimatorProfileQuery(id ?? '', locale), enabled: Boolean(id) });
}
