import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEstimatorCreateEndpoint,
  adminEstimatorDeleteEndpoint,
  adminEstimatorsEndpoint,
  adminEstimatorUpdateEndpoint,
  type AdminEstimatorCreate,
  type AdminEstimatorsQuery,
  type AdminEstimatorUpdate,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export function useAdminEstimators(query: AdminEstimatorsQuery) {
  return useQuery({ queryKey: ['admin', 'estimators', query], queryFn: () => apiCall(adminEstimatorsEndpoint, { query }), placeholderData: keepPreviousData });
}

/** Creates an estimator (no id) or changes one. */
export function useSaveEstimator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AdminEstimatorCreate | AdminEstimatorUpdate }) =>
      id ? apiCall(adminEstimatorUpdateEndpoint, { params: { id }, body }) : apiCall(adminEstimatorCreateEndpoint, { body: body as AdminEstimatorCreate }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Deletes one estimator or several (one call each); answers how many were deleted. */
export function useDeleteEstimators() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      let changed = 0;
      for (const id of ids) changed += (await apiCall(adminEstimatorDeleteEndpoint, { params: { id } })).changed;
      return { changed };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
