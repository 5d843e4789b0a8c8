import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pairCreateEndpoint,
  pairGetEndpoint,
  pairRunEndpoint,
  pairUpdateEndpoint,
  type PairCreate,
  type PairRequest,
  type PairUpdate,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const pairQuery = (id: string) => queryOptions({ queryKey: ['pairs', id], queryFn: () => apiCall(pairGetEndpoint, { params: { id } }) });

/** A pair request with its latest result; no call without an id. */
export function usePair(id: string | undefined) {
  return useQuery({ ...pairQuery(id ?? ''), enabled: Boolean(id) });
}

type RunInput = { id?: string; settings: PairCreate & PairUpdate; type?: 'LOVE' | 'FRIEND' };

/**
 * Saves the settings (a new pair request, or changes to the open one) and runs the forecast: the server computes it
 * in the request, so one call after the save gives the result.
 */
export function useRunPair() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, settings, type }: RunInput): Promise<PairRequest> => {
      const saved = id ? await apiCall(pairUpdateEndpoint, { params: { id }, body: settings }) : await apiCall(pairCreateEndpoint, { body: settings });
      return apiCall(pairRunEndpoint, { params: { id: saved._id }, body: type ? { type } : {} });
    },
    onSuccess: (pair) => client.setQueryData(pairQuery(pair._id).queryKey, pair),
  });
}
