import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOwnerDeleteEndpoint,
  adminOwnersBulkDeleteEndpoint,
  adminOwnersEndpoint,
  adminOwnerUpdateEndpoint,
  adminSendLoginLinkEndpoint,
  type AdminOwnersQuery,
  type AdminOwnerUpdate,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Owners (companies), one page with the list's filters and sort. */
export function useAdminOwners(query: AdminOwnersQuery) {
  return useQuery({ queryKey: ['admin', 'owners', query], queryFn: () => apiCall(adminOwnersEndpoint, { query }), placeholderData: keepPreviousData });
}

export function useUpdateOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminOwnerUpdate }) => apiCall(adminOwnerUpdateEndpoint, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Deletes one owner or several (bulk); answers how many were deleted. */
export function useDeleteOwners() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1 ? apiCall(adminOwnerDeleteEndpoint, { params: { id: ids[0]! } }) : apiCall(adminOwnersBulkDeleteEndpoint, { body: { ids } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Mails a single-use sign-in link to an owner or an estimator. */
export function useSendLoginLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: { role: 'owner' | 'estimator'; id: string }) => apiCall(adminSendLoginLinkEndpoint, { params: target }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}
