import { adminLogoutEndpoint, estimatorLogoutEndpoint, ownerLogoutEndpoint, type Role } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';

const logoutEndpoints = { owner: ownerLogoutEndpoint, estimator: estimatorLogoutEndpoint, administrator: adminLogoutEndpoint } as const;

/** Ends the role's session on the server, so its token stops working at once, then forgets it here. */
export async function signOut(role: Role): Promise<void> {
  if (authStore.get(role)) await apiCall(logoutEndpoints[role]).catch(() => undefined);
  authStore.clear(role);
}
