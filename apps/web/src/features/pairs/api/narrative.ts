import { useQuery } from '@tanstack/react-query';
import { chatResultEndpoint, type Locale, type PairKind } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

type Input = { pairId: string; id1: string; id2: string; kind: PairKind; runAt: string; locked: boolean; locale: Locale };

/** The narrative report of a stored result in the reader's language; a new run or an unlock asks again. */
export function useNarrative(input: Input | null) {
  return useQuery({
    queryKey: ['pairs', 'narrative', input],
    queryFn: () => apiCall(chatResultEndpoint, { body: { result: input!.pairId, id1: input!.id1, id2: input!.id2, type: input!.kind } }),
    enabled: input !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
