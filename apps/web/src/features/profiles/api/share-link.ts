import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownerProfileReferralEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { profileKey } from './profile.ts';

/** The link to send for filling (names are required first); `renew` replaces it. */
export function useShareLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (renew: boolean) => apiCall(ownerProfileReferralEndpoint, { params: { id }, body: { renew } }),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKey(id) }),
  });
}
