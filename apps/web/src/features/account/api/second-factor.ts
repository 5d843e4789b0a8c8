import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ownerSecondFactorDisableEndpoint,
  ownerSecondFactorEnableEndpoint,
  ownerSecondFactorEndpoint,
  ownerSecondFactorEnrolmentEndpoint,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const secondFactorQuery = queryOptions({ queryKey: ['owner', 'second-factor'], queryFn: () => apiCall(ownerSecondFactorEndpoint) });

/** Whether the owner's second factor is on, and how many recovery codes are left. */
export const useSecondFactorStatus = () => useQuery(secondFactorQuery);

/** Starts turning it on: the authenticator to add (the same until confirmed). */
export const useStartSecondFactor = () => useMutation({ mutationFn: () => apiCall(ownerSecondFactorEnrolmentEndpoint) });

/** Turns it on with the current password and a code; answers the recovery codes once. */
export const useEnableSecondFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => apiCall(ownerSecondFactorEnableEndpoint, { body }),
    onSuccess: () => client.invalidateQueries(secondFactorQuery),
  });
};

/** Turns it off with a code or a recovery code. */
export const useDisableSecondFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiCall(ownerSecondFactorDisableEndpoint, { body: { code } }),
    onSuccess: (status) => client.setQueryData(secondFactorQuery.queryKey, status),
  });
};
