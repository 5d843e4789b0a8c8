import { useMutation, useQuery } from '@tanstack/react-query';
import { profileGradeEndpoint, unsecureProfileEndpoint, unsecureQuestionnaireEndpoint, type EndpointInput } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** The love questionnaire for the flame onboarding, no sign-in needed. */
export function useLoveQuestionnaire() {
  return useQuery({
    queryKey: ['questionnaire', 'unsecure', 'love'],
    queryFn: () => apiCall(unsecureQuestionnaireEndpoint, { query: { kind: 'love' } }),
    staleTime: Infinity,
  });
}

/** Sends the visitor's love profile; the answer carries the permalink of the result page. */
export function useCreateFlameProfile() {
  return useMutation({ mutationFn: (body: EndpointInput<typeof unsecureProfileEndpoint>['body']) => apiCall(unsecureProfileEndpoint, { body }) });
}

export function useGradeByLink(permalink: string) {
  return useQuery({ queryKey: ['profile-link', permalink, 'grade'], queryFn: () => apiCall(profileGradeEndpoint, { params: { permalink } }) });
}
