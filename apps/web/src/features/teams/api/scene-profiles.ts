import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, sceneProfilesEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

/** The owner's profiles to fill the actor slots from, eligible (completed and scored) first. */
export function useSceneProfiles(search: string) {
  return useQuery({
    queryKey: ['teams', 'profiles', search],
    queryFn: () => apiCall(sceneProfilesEndpoint, { query: { search: search || undefined, limit: MAX_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
