import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownerProfileCreateEndpoint, type ProfileCreate } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export function useCreateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileCreate) => apiCall(ownerProfileCreateEndpoint, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['profiles', 'list'] }),
  });
}
