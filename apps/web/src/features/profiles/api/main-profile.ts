import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ownerProfileCheckUpendEndpoint, ownerProfileUpendEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Whether the profile can become the owner's own (main) profile. */
export function useCanBeMain(id: string, enabled: boolean) {
  return useQuery({ queryKey: ['profiles', 'one', id, 'check-upend'], queryFn: () => apiCall(ownerProfileCheckUpendEndpoint, { params: { id } }), enabled });
}

export function useMakeMain(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ownerProfileUpendEndpoint, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['profiles'] }),
  });
}
