import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { neuronetProfilesEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Labelled profiles with their labels, current scores and the chosen model's test predictions. */
export function useNeuronetProfiles(modelId: string | null, page: number, pageSize: number) {
  const query = { limit: pageSize, offset: (page - 1) * pageSize, ...(modelId ? { modelId } : {}) };
  return useQuery({
    queryKey: ['neuronet', 'profiles', query],
    queryFn: () => apiCall(neuronetProfilesEndpoint, { query }),
    placeholderData: keepPreviousData,
  });
}
