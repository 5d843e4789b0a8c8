import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { listPaymentMethodsEndpoint, listPriceEndpoint, subscriptionEndpoint, type Locale } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Every payment query lives under this key, so one invalidation refreshes the whole panel after a change. */
export const PAYMENT_KEY = ['payment'] as const;

export const priceListQuery = (ln: Locale) =>
  queryOptions({ queryKey: [...PAYMENT_KEY, 'prices', ln], queryFn: () => apiCall(listPriceEndpoint, { query: { ln } }), staleTime: 5 * 60_000 });
export const usePriceList = (ln: Locale) => useQuery(priceListQuery(ln));

export const subscriptionQuery = () => queryOptions({ queryKey: [...PAYMENT_KEY, 'subscription'], queryFn: () => apiCall(subscriptionEndpoint) });
export const useSubscriptionState = () => useQuery(subscriptionQuery());

export const paymentMethodsQuery = () => queryOptions({ queryKey: [...PAYMENT_KEY, 'methods'], queryFn: () => apiCall(listPaymentMethodsEndpoint) });
export const usePaymentMethods = () => useQuery(paymentMethodsQuery());

/** Refreshes every payment query (subscription, cards, invoices, access rules). */
export function useRefreshPayments(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: PAYMENT_KEY }), [client]);
}
