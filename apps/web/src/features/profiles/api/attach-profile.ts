import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ownerProfileAttachEndpoint, ownerProfileCheckAttachEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Whether the profile filled without an account (by its permalink) can be taken into the owner's profiles. */
export function useCanAttach(permalink: string | null) {
  return useQuery({
    queryKey: ['profiles', 'check-attach', permalink],
    queryFn: () => apiCall(ownerProfileCheckAttachEndpoint, { params: { id: permalink! } }),
    enabled: Boolean(permalink),
  });
}

export function useAttachProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (permalink: string) => apiCall(ownerProfileAttachEndpoint, { params: { id: permalink } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['profiles'] }),
  });
}
