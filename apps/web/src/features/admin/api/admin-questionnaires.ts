import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminQuestionnaireDeleteEndpoint,
  adminQuestionnaireGetEndpoint,
  adminQuestionnaireListEndpoint,
  adminQuestionnaireRecalculateEndpoint,
  adminQuestionnaireUpdateEndpoint,
  type Step,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

export function useAdminQuestionnaires() {
  return useQuery({ queryKey: ['admin', 'questionnaires'], queryFn: () => apiCall(adminQuestionnaireListEndpoint, { query: {} }) });
}

export function useAdminQuestionnaire(id: string) {
  return useQuery({ queryKey: ['admin', 'questionnaire', id], queryFn: () => apiCall(adminQuestionnaireGetEndpoint, { params: { id } }) });
}

export function useSaveQuestionnaire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, steps }: { id: string; name?: string; steps?: Step[] }) =>
      apiCall(adminQuestionnaireUpdateEndpoint, { params: { id }, body: { name, steps } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useQuestionnaireAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: 'recalculate' | 'delete' }): Promise<unknown> =>
      kind === 'delete' ? apiCall(adminQuestionnaireDeleteEndpoint, { params: { id } }) : apiCall(adminQuestionnaireRecalculateEndpoint, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
