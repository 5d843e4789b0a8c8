import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminMailEndpoint, adminMailListEndpoint, type AdminMailQuery } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** The outbox, newest first, filtered by part of the recipient's address. */
export function useOutbox(query: AdminMailQuery) {
  return useQuery({ queryKey: ['admin', 'mail', query], queryFn: () => apiCall(adminMailListEndpoint, { query }), placeholderData: keepPreviousData });
}

/** One message with its text, HTML and link. */
export function useOutboxMessage(id: string) {
  return useQuery({ queryKey: ['admin', 'mail', 'message', id], queryFn: () => apiCall(adminMailEndpoint, { params: { id } }) });
}
