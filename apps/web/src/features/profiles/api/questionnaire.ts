import { useQuery } from '@tanstack/react-query';
import { ownerQuestionnaireEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** The active questionnaire of a kind, to show a profile's answers with their questions. */
export function useOwnerQuestionnaire(kind: 'standard' | 'love' | 'couple', short: boolean) {
  return useQuery({
    queryKey: ['questionnaire', 'owner', kind, short],
    queryFn: () => apiCall(ownerQuestionnaireEndpoint, { query: { kind, short: short ? 'true' : 'false' } }),
    staleTime: Infinity,
  });
}
