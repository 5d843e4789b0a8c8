import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ownerProfileDeleteEndpoint,
  ownerProfileExplanationEndpoint,
  ownerProfileGetEndpoint,
  ownerProfileUpdateEndpoint,
  type ProfileUpdate,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const profileKey = (id: string) => ['profiles', 'one', id] as const;

export function useProfile(id: string) {
  return useQuery({ queryKey: profileKey(id), queryFn: () => apiCall(ownerProfileGetEndpoint, { params: { id } }) });
}

/** Why the profile has its scores; asked once it is scored, and again whenever it is scored anew. */
export function useProfileExplanation(id: string, scoredAt: string | null) {
  return useQuery({
    queryKey: [...profileKey(id), 'explanation', scoredAt] as const,
    queryFn: () => apiCall(ownerProfileExplanationEndpoint, { params: { id } }),
    enabled: scoredAt !== null,
  });
}

export function useUpdateProfile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => apiCall(ownerProfileUpdateEndpoint, { params: { id }, body }),
    onSuccess: (profile) => {
      client.setQueryData(profileKey(id), profile);
      void client.invalidateQueries({ queryKey: ['profiles', 'list'] });
    },
  });
}

export function useDeleteProfile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ownerProfileDeleteEndpoint, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['profiles'] }),
  });
}
