import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ownerProfileGetEndpoint, sceneProfilesEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { PICKER_PAGE_SIZE } from '../../../shared/ui/use-picker-search.ts';

/** The owner's profiles matching what was typed in an actor slot, eligible (completed and scored) first. */
export function useSceneProfiles(search: string) {
  return useQuery({
    queryKey: ['teams', 'profiles', search],
    queryFn: () => apiCall(sceneProfilesEndpoint, { query: { search: search || undefined, limit: PICKER_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** How many of the owner's profiles can take part in a check (the total of an eligible-only search). */
export function useEligibleCount() {
  return useQuery({
    queryKey: ['teams', 'profiles', 'eligible-count'],
    queryFn: async () => (await apiCall(sceneProfilesEndpoint, { query: { eligible: 'true', limit: 1 } })).total,
  });
}

/** The name of a saved team's person whom no search answered yet (so the slot shows who is in it). */
export function useSlotProfileName(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['teams', 'profile-name', id],
    queryFn: async () => (await apiCall(ownerProfileGetEndpoint, { params: { id: id! } })).name,
    enabled: enabled && id !== null,
  });
}
