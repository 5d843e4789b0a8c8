import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scenesCompareEndpoint, scenesCompareGetEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const comparisonKey = (id: string) => ['teams', 'comparison', id] as const;

/**
 * How often a comparison with teams still computing is read again. The gate's pushes (renderCompareTeam, the run's last
 * phase) refresh it at once; this catches a push that came before the screen listened (a team that finished between
 * the comparison's creation and the screen's first render) or while the socket was reconnecting.
 */
export const PENDING_COMPARISON_POLL_MS = 3_000;

/** A stored comparison with the indicators computed so far; no call without an id. Read again while teams compute. */
export function useComparison(id: string | undefined, pollMs = PENDING_COMPARISON_POLL_MS) {
  return useQuery({
    queryKey: comparisonKey(id ?? ''),
    queryFn: () => apiCall(scenesCompareGetEndpoint, { params: { id: id! } }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.pending.length ? pollMs : false),
  });
}

/** Compares the chosen teams; teams without a fresh computation are queued and come back as pending. */
export function useCreateComparison() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sceneIds: string[]) => apiCall(scenesCompareEndpoint, { body: { sceneIds } }),
    onSuccess: (comparison) => client.setQueryData(comparisonKey(comparison._id), comparison),
  });
}
