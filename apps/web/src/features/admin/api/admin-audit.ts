import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminAuditLogEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** The administrators' changes, newest first, optionally of one kind of object or one object. */
export function useAuditLog(query: { limit: number; offset: number; entity?: string; entityId?: string }) {
  return useQuery({ queryKey: ['admin', 'audit', query], queryFn: () => apiCall(adminAuditLogEndpoint, { query }), placeholderData: keepPreviousData });
}
