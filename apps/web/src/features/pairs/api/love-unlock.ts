import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  attachPaymentMethodEndpoint,
  createPaymentIntentEndpoint,
  listPriceEndpoint,
  type Locale,
  type TestCard,
} from '@teamcast/contracts';
import { ApiError, apiCall } from '../../../shared/api/client.ts';
import { randomId } from '../../../shared/ids/random-id.ts';

/** Price of the love unlock in the reader's currency, and which card provider takes it. */
export function useUnlockPrice(ln: Locale) {
  return useQuery({ queryKey: ['pairs', 'unlock-price', ln], queryFn: () => apiCall(listPriceEndpoint, { query: { ln } }), staleTime: 5 * 60_000 });
}

/**
 * Pays the one-off unlock: with the built-in provider a test card is added and charged; with a real provider the
 * owner's default card is charged. One idempotency key per
 * attempt, kept when the network lost the answer, so a retry can never charge twice.
 */
export function useUnlockPair(pairId: string) {
  const client = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: async ({ id1, id2, card }: { id1: string; id2: string; card: TestCard | null }) => {
      // Without a card (a real provider), the owner's default card saved on the subscription page is charged.
      const method = card ? await apiCall(attachPaymentMethodEndpoint, { body: { testCard: card } }) : null;
      key.current ??= randomId();
      return apiCall(
        createPaymentIntentEndpoint,
        { body: { id1, id2, ...(method ? { paymentMethodId: method._id } : {}) } },
        { [IDEMPOTENCY_KEY_HEADER]: key.current },
      );
    },
    onSettled: async (_data, error) => {
      if (!(error instanceof ApiError && error.status === 0)) key.current = null;
      await client.invalidateQueries({ queryKey: ['pairs'] });
      await client.invalidateQueries({ queryKey: ['pairs', pairId] });
    },
  });
}
