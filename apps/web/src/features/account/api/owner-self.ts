import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ownerSelfEndpoint } from '@teamcast/contracts';
import { ApiError, apiCall } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';

export const ownerSelfQuery = queryOptions({ queryKey: ['owner', 'self'], queryFn: () => apiCall(ownerSelfEndpoint) });

/** The signed-in owner. A 404 means his record is gone: sign out and reload (spec section 6). */
export function useOwnerSelf() {
  const query = useQuery(ownerSelfQuery);
  const gone = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (!gone) return;
    authStore.clear('owner');
    window.location.reload();
  }, [gone]);
  return query;
}
