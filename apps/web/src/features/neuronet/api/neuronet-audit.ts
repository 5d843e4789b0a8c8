import { queryOptions, useQuery } from '@tanstack/react-query';
import { neuronetAuditEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export const neuronetAuditQuery = (id: string) =>
  queryOptions({ queryKey: ['neuronet', 'audit', id], queryFn: () => apiCall(neuronetAuditEndpoint, { params: { id } }) });

/** The bias audit of a trained model or 'prior'; nothing while `id` is null. */
export function useNeuronetAudit(id: string | null) {
  return useQuery({ ...neuronetAuditQuery(id ?? ''), enabled: id !== null });
}
