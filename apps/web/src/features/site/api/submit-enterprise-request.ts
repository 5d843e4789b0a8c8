import { createEnterpriseRequestEndpoint, type EnterpriseRequestInput } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Sends an enterprise contact request; the server stores it and mails the support address. */
export function submitEnterpriseRequest(input: EnterpriseRequestInput) {
  return apiCall(createEnterpriseRequestEndpoint, { body: input });
}
