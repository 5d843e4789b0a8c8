import { useMutation, useQueryClient } from '@tanstack/react-query';
import { neuronetCreateModelEndpoint, neuronetPublishEndpoint, neuronetTrainEndpoint, neuronetUploadEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

type Action = { kind: 'create'; seed?: number } | { kind: 'train' | 'upload'; id: string } | { kind: 'publish'; id: string; justification?: string };

function run(action: Action): Promise<unknown> {
  switch (action.kind) {
    case 'create':
      return apiCall(neuronetCreateModelEndpoint, { body: action.seed === undefined ? {} : { seed: action.seed } });
    case 'train':
      return apiCall(neuronetTrainEndpoint, { params: { id: action.id } });
    case 'upload':
      return apiCall(neuronetUploadEndpoint, { params: { id: action.id } });
    case 'publish':
      return apiCall(neuronetPublishEndpoint, { params: { id: action.id }, body: action.justification ? { justification: action.justification } : {} });
  }
}

/** Train a new model, train again, upload or publish; the page refreshes afterwards. */
export function useNeuronetAction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: ['neuronet'] }) });
}
