import { useMutation } from '@tanstack/react-query';
import { pairShareEndpoint, type SharePart } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Creates a link to the chosen parts of a result. */
export function useShareResult() {
  return useMutation({ mutationFn: ({ id, parts }: { id: string; parts: SharePart[] }) => apiCall(pairShareEndpoint, { params: { id }, body: { parts } }) });
}
