import { queryOptions, useQuery } from '@tanstack/react-query';
import { neuronetModelsEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const neuronetModelsQuery = queryOptions({ queryKey: ['neuronet', 'models'], queryFn: () => apiCall(neuronetModelsEndpoint, {}) });

/** Models, the current one, labels available and the prior's fairness; polled every second while a model trains. */
export function useNeuronetModels() {
  return useQuery({
    ...neuronetModelsQuery,
    refetchInterval: (query) => (query.state.data?.items.some((model) => model.status === 'training') ? 1000 : false),
  });
}
