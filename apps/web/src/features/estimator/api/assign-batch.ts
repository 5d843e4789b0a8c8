import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimatorAssignmentEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Asks for the next batch of profiles; the list refreshes afterwards. */
export function useAssignBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(estimatorAssignmentEndpoint, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['estimator', 'profiles'] }),
  });
}
