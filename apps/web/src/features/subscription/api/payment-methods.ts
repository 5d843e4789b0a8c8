import { useMutation } from '@tanstack/react-query';
import { attachPaymentMethodEndpoint, detachPaymentMethodEndpoint, setDefaultPaymentMethodEndpoint, type TestCard } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { useRefreshPayments } from './payment-queries.ts';

type AttachInput = { paymentMethodId: string } | { testCard: TestCard };

export function useAttachPaymentMethod() {
  const refresh = useRefreshPayments();
  return useMutation({ mutationFn: (body: AttachInput) => apiCall(attachPaymentMethodEndpoint, { body }), onSuccess: refresh });
}

export function useSetDefaultPaymentMethod() {
  const refresh = useRefreshPayments();
  return useMutation({ mutationFn: (paymentMethodId: string) => apiCall(setDefaultPaymentMethodEndpoint, { body: { paymentMethodId } }), onSuccess: refresh });
}

export function useDetachPaymentMethod() {
  const refresh = useRefreshPayments();
  return useMutation({ mutationFn: (paymentMethodId: string) => apiCall(detachPaymentMethodEndpoint, { query: { paymentMethodId } }), onSuccess: refresh });
}
