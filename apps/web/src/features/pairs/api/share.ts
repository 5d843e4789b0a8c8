import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { pairShareEndpoint, sharedResultEndpoint, type SharePart } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Creates a link to the chosen parts of a result. */
export function useShareResult() {
  return useMutation({ mutationFn: ({ id, parts }: { id: string; parts: SharePart[] }) => apiCall(pairShareEndpoint, { params: { id }, body: { parts } }) });
}

const sharedQuery = (data: string) => queryOptions({ queryKey: ['pairs', 'shared', data], queryFn: () => apiCall(sharedResultEndpoint, { params: { data } }), retry: false });

/** A shared result as anyone with the link sees it. */
export function useSharedResult(data: string) {
  return useQuery(sharedQuery(data));
}
