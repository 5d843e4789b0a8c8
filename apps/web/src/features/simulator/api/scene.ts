import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  fullInteractions,
  sceneCreateEndpoint,
  sceneFixEndpoint,
  sceneGetEndpoint,
  sceneProfilesEndpoint,
  sceneUpdateEndpoint,
  sparseInteractions,
  type Scene,
  type SceneUpdate,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { PICKER_PAGE_SIZE } from '../../../shared/ui/use-picker-search.ts';

export const simulatorSceneKey = (id: string) => ['simulator', 'scene', id] as const;

/**
 * The server sends and takes a team's interactions in the sparse form (only what differs from the default pair); the
 * workspace edits the full mesh, so every pair has a value to show and change.
 */
const withFullMesh = (scene: Scene): Scene => ({ ...scene, actors: fullInteractions(scene.actors) });
const sparseUpdate = (update: SceneUpdate): SceneUpdate =>
  update.actors
    ? {
        ...update,
        actors: sparseInteractions(
          update.actors.map((a) => ({ ...a, interactionType: a.interactionType ?? [], interactionIntensive: a.interactionIntensive ?? [] })),
        ),
      }
    : update;

/** The team scene the workspace edits. */
export function useSimulatorScene(id: string | undefined) {
  return useQuery({
    queryKey: simulatorSceneKey(id ?? ''),
    queryFn: async () => withFullMesh(await apiCall(sceneGetEndpoint, { params: { id: id! } })),
    enabled: Boolean(id),
  });
}

/**
 * Saves the scene; the server normalises the actors again and answers with the scene and the diff. A new team (id '')
 * is created by its first save (with at least two people, as every team).
 */
export function useSaveSimulatorScene(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (edited: SceneUpdate) => {
      const update = sparseUpdate(edited);
      const saved = id
        ? await apiCall(sceneUpdateEndpoint, { params: { id }, body: update })
        : await apiCall(sceneCreateEndpoint, { body: { ...update, title: update.title ?? '', actors: update.actors ?? [] } });
      return { ...saved, scene: withFullMesh(saved.scene) };
    },
    onSuccess: async (saved) => {
      client.setQueryData(simulatorSceneKey(id), saved.scene);
      await client.invalidateQueries({ queryKey: ['teams'] });
    },
  });
}

/** The owner's filled profiles matching what was typed in the add-a-person picker. */
export function useEligibleSearch(search: string) {
  return useQuery({
    queryKey: ['simulator', 'profiles', 'search', search],
    queryFn: () => apiCall(sceneProfilesEndpoint, { query: { eligible: 'true', search: search || undefined, limit: PICKER_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** The owner's profiles that can take part in a forecast (completed and scored): the grades shown on the team's cards. */
export function useEligibleProfiles() {
  return useQuery({
    queryKey: ['simulator', 'profiles'],
    queryFn: () => apiCall(sceneProfilesEndpoint, { query: { eligible: 'true', limit: MAX_PAGE_SIZE } }),
  });
}

/**
 * Confirms "The team has changed!": the server removes the people whose profiles were deleted (and, when 2 are left,
 * the manager view, which needs more), and answers with the team as it now is.
 */
export function useConfirmTeamChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(sceneFixEndpoint, { params: { id }, body: { status: 'ok' } }),
    onSuccess: async (saved) => {
      client.setQueryData(simulatorSceneKey(id), withFullMesh(saved.scene));
      await client.invalidateQueries({ queryKey: ['teams'] });
    },
  });
}
