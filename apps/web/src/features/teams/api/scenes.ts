import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sceneCreateEndpoint,
  sceneFixEndpoint,
  sceneGetEndpoint,
  scenesBulkDeleteEndpoint,
  scenesDeleteAllEndpoint,
  scenesListEndpoint,
  sceneUpdateEndpoint,
  type SceneCreate,
  type SceneUpdate,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** Teams are few (the plan caps them at 4, or unlimited for the monitor): one page of the largest size lists them all. */
const LIST_LIMIT = 1000;

export const scenesQuery = (search: string) =>
  queryOptions({
    queryKey: ['teams', 'list', search],
    queryFn: () => apiCall(scenesListEndpoint, { query: { search: search || undefined, limit: LIST_LIMIT } }),
    placeholderData: keepPreviousData,
  });

/** The owner's teams, newest first. */
export function useScenes(search = '') {
  return useQuery(scenesQuery(search));
}

export const sceneQuery = (id: string) => queryOptions({ queryKey: ['teams', 'scene', id], queryFn: () => apiCall(sceneGetEndpoint, { params: { id } }) });

/** One team; no call without an id. */
export function useScene(id: string | undefined) {
  return useQuery({ ...sceneQuery(id ?? ''), enabled: Boolean(id) });
}

/** Creates a team, or saves the open one, and returns it. */
export function useSaveScene() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, create, update }: { id?: string | undefined; create: SceneCreate; update: SceneUpdate }) =>
      id ? apiCall(sceneUpdateEndpoint, { params: { id }, body: update }) : apiCall(sceneCreateEndpoint, { body: create }),
    onSuccess: async (saved) => {
      client.setQueryData(sceneQuery(saved.scene._id).queryKey, saved.scene);
      await client.invalidateQueries({ queryKey: ['teams', 'list'] });
    },
  });
}

/** Deletes the listed teams, or every team with 'all'. */
export function useDeleteScenes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[] | 'all') =>
      ids === 'all' ? apiCall(scenesDeleteAllEndpoint) : apiCall(scenesBulkDeleteEndpoint, { body: { sceneIds: ids } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['teams'] }),
  });
}

/** Confirms 'The team has changed!': the server removes the actors whose profiles were deleted. */
export function useFixScene() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(sceneFixEndpoint, { params: { id }, body: { status: 'ok' } }),
    onSuccess: async (saved) => {
      client.setQueryData(sceneQuery(saved.scene._id).queryKey, saved.scene);
      await client.invalidateQueries({ queryKey: ['teams', 'list'] });
    },
  });
}
