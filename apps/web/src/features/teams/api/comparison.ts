import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scenesCompareEndpoint, scenesCompareGetEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const comparisonKey = (id: string) => ['teams', 'comparison', id] as const;

/** A stored comparison with the indicators computed so far; no call without an id. */
export function useComparison(id: string | undefined) {
  return useQuery({ queryKey: comparisonKey(id ?? ''), queryFn: () => apiCall(scenesCompareGetEndpoint, { params: { id: id! } }), enabled: Boolean(id) });
}

/** Compares the chosen teams; teams without a fresh computation are queued and come back as pending. */
export function useCreateComparison() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sceneIds: string[]) => apiCall(scenesCompareEndpoint, { body: { sceneIds } }),
    onSuccess: (comparison) => client.setQueryData(comparisonKey(comparison._id), comparison),
  });
}
