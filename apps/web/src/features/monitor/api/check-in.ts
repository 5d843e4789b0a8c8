import { useMutation, useQuery } from '@tanstack/react-query';
import { checkInAnswerEndpoint, checkInFormEndpoint, type CheckInAnswer } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** A member's check-in form behind the link. */
export const useCheckInForm = (token: string) =>
  useQuery({ queryKey: ['monitor', 'check-in', token], queryFn: () => apiCall(checkInFormEndpoint, { params: { token } }), retry: false });

/** Sends the member's answer for this month. */
export const useAnswerCheckIn = (token: string) =>
  useMutation({ mutationFn: (body: CheckInAnswer) => apiCall(checkInAnswerEndpoint, { params: { token }, body }) });
