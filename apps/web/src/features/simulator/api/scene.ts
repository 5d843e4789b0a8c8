import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  actorChangesOf,
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

/** A value with its object keys in one order, so two members compare equal whoever built them. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;

/**
 * An edit of a saved team goes as what changed (members put and removed, issue 30) when that describes it; otherwise,
 * and for a new team, as the whole team.
 */
function asChanges(update: SceneUpdate, saved: Scene | undefined): SceneUpdate {
  if (!update.actors || !saved) return update;
  const before = sparseInteractions(saved.actors).map(canonical) as Array<{ id: string }>;
  const changes = actorChangesOf(before, update.actors.map(canonical) as Array<{ id: string }>);
  if (!changes) return update;
  const { actors, ...rest } = update;
  const byId = new Map(actors.map((a) => [a.id, a]));
  return { ...rest, actorChanges: { put: changes.put.map((a) => byId.get(a.id)!), remove: changes.remove } };
}

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
        ? await apiCall(sceneUpdateEndpoint, { params: { id }, body: asChanges(update, client.getQueryData<Scene>(simulatorSceneKey(id))) })
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
