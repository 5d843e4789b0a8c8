import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminFinalScoreEndpoint,
  adminProfileCancelConfirmationEndpoint,
  adminProfileDeleteEndpoint,
  adminProfileEndpoint,
  adminProfileFilterOwnersEndpoint,
  adminProfilesBulkDeleteEndpoint,
  adminProfilesEndpoint,
  type AdminProfilesQuery,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export function useAdminProfiles(query: AdminProfilesQuery) {
  return useQuery({ queryKey: ['admin', 'profiles', query], queryFn: () => apiCall(adminProfilesEndpoint, { query }), placeholderData: keepPreviousData });
}

export function useAdminProfile(id: string) {
  return useQuery({ queryKey: ['admin', 'profile', id], queryFn: () => apiCall(adminProfileEndpoint, { params: { id } }) });
}

/** Owners that have profiles, for the owner filter. */
export function useProfileFilterOwners() {
  return useQuery({ queryKey: ['admin', 'profile-filter-owners'], queryFn: () => apiCall(adminProfileFilterOwnersEndpoint, { query: {} }) });
}

export function useDeleteProfiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1 ? apiCall(adminProfileDeleteEndpoint, { params: { id: ids[0]! } }) : apiCall(adminProfilesBulkDeleteEndpoint, { body: { ids } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useCancelConfirmation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(adminProfileCancelConfirmationEndpoint, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useFinalScore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, score }: { id: string; score: number | null }) => apiCall(adminFinalScoreEndpoint, { params: { id }, body: { score } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
