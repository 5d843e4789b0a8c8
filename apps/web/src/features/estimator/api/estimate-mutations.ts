import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  estimatorNoteEndpoint,
  estimatorRateEndpoint,
  estimatorRatePreciseEndpoint,
  estimatorSkipEndpoint,
  type Estimate,
  type KplScores,
  type SkipStatus,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

type Change =
  | { kind: 'rate'; score: number }
  | { kind: 'precise'; scorePrecise: KplScores }
  | { kind: 'note'; content: string }
  | { kind: 'skip'; skipStatus: SkipStatus | null };

function send(id: string, change: Change): Promise<Estimate> {
  const params = { id };
  switch (change.kind) {
    case 'rate':
      return apiCall(estimatorRateEndpoint, { params, body: { score: change.score } });
    case 'precise':
      return apiCall(estimatorRatePreciseEndpoint, { params, body: { scorePrecise: change.scorePrecise } });
    case 'note':
      return apiCall(estimatorNoteEndpoint, { params, body: { content: change.content } });
    case 'skip':
      return apiCall(estimatorSkipEndpoint, { params, body: { skipStatus: change.skipStatus } });
  }
}

/** Rate, rate precisely, note or skip one profile; the profile and the list refresh afterwards. */
export function useEstimateChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => send(id, change),
    onSuccess: () => client.invalidateQueries({ queryKey: ['estimator'] }),
  });
}
