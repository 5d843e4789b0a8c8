import { useMutation } from '@tanstack/react-query';
import { profileLinkRequestEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** The visitor of an expired link asks its owner for a new one. */
export function useRequestNewLink(permalink: string) {
  return useMutation({ mutationFn: () => apiCall(profileLinkRequestEndpoint, { params: { permalink } }) });
}
