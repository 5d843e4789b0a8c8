import { personPageRoutes, type PersonPage, type personPageEndpoint, type personWithdrawEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { useRequest } from '../../../shared/api/use-request.ts';

// Called by route, not by endpoint: the endpoints' schemas would bring zod into this light public page.
const getCall = personPageRoutes.get as typeof personPageEndpoint;
const withdrawCall = personPageRoutes.withdraw as typeof personWithdrawEndpoint;

/** The person's own page behind the private link; the setter takes the page as it is after a withdrawal. */
export function usePersonPage(token: string) {
  return useRequest<PersonPage>(token, () => apiCall(getCall, { params: { token } }));
}

/** Withdraws the profile: everything about the person is deleted. */
export const withdrawProfile = (token: string) => apiCall(withdrawCall, { params: { token } });
