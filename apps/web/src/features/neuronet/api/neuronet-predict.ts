import { useMutation } from '@tanstack/react-query';
import { neuronetPredictEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Scores one profile with a chosen model ('prior' for the rules) without storing the result. */
export function usePredictProfile() {
  return useMutation({
    mutationFn: ({ profileId, modelId }: { profileId: string; modelId: string }) =>
      apiCall(neuronetPredictEndpoint, { params: { id: profileId }, body: { modelId } }),
  });
}
