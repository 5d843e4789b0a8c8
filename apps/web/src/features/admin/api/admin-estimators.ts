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

export function useDeleteEstimator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(adminEstimatorDeleteEndpoint, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
