import { useMutation, useQuery } from '@tanstack/react-query';
import { secondFactorEnrolmentEndpoint, secondFactorStepEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** The authenticator an 'enrol' challenge sets up (the server answers the same one until it is confirmed). */
export const useChallengeEnrolment = (challenge: string, enabled: boolean) =>
  useQuery({
    queryKey: ['second-factor', 'enrolment', challenge],
    queryFn: () => apiCall(secondFactorEnrolmentEndpoint, { body: { challenge } }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });

/** The second step: a code for the challenge gives the session. */
export const usePassSecondStep = () => useMutation({ mutationFn: (body: { challenge: string; code: string }) => apiCall(secondFactorStepEndpoint, { body }) });
