import { useMutation } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  cancelSubscriptionEndpoint,
  payInvoiceEndpoint,
  resumeSubscriptionEndpoint,
  updateSubscriptionEndpoint,
  updateSubscriptionUnsecureEndpoint,
  type Locale,
  type PlanId,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { useIdempotencyKey } from '../hooks/use-idempotency-key.ts';
import { useRefreshPayments } from './payment-queries.ts';

export type SubscribeInput = { subscribe: PlanId; paymentMethodId?: string; ln: Locale; atRenewal: boolean };

/** Subscribe or change plan (at once, or booked for the next renewal); one idempotency key per attempt. */
export function useUpdateSubscription() {
  const refresh = useRefreshPayments();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: ({ atRenewal, subscribe, paymentMethodId, ln }: SubscribeInput) => {
      const headers = { [IDEMPOTENCY_KEY_HEADER]: key.current() };
      return atRenewal
        ? apiCall(updateSubscriptionUnsecureEndpoint, { body: { subscribe } }, headers)
        : apiCall(updateSubscriptionEndpoint, { body: { subscribe, paymentMethodId, ln } }, headers);
    },
    onSettled: async (_data, error) => {
      key.settle(error);
      await refresh();
    },
  });
}

/** Pays an open invoice: restores a failed payment, or confirms one that needed confirmation. */
export function usePayInvoice() {
  const refresh = useRefreshPayments();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: { invoiceId: string; paymentMethodId?: string; confirm?: boolean }) =>
      apiCall(payInvoiceEndpoint, { body }, { [IDEMPOTENCY_KEY_HEADER]: key.current() }),
    onSettled: async (_data, error) => {
      key.settle(error);
      await refresh();
    },
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshPayments();
  return useMutation({ mutationFn: () => apiCall(cancelSubscriptionEndpoint), onSettled: refresh });
}

export function useResumeSubscription() {
  const refresh = useRefreshPayments();
  return useMutation({ mutationFn: () => apiCall(resumeSubscriptionEndpoint), onSettled: refresh });
}
