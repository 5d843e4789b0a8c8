import type { SpecialistMood } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { actorMoodsByRun } from './scenes.repository.ts';

/**
 * Each profile's mood in the owner's latest team run that includes it (the mood on that run's last forecast day), for
 * the profile card; a profile in no computed team has none.
 */
export async function latestMoods(db: Db, ownerId: string): Promise<Map<string, SpecialistMood>> {
  const moods = new Map<string, SpecialistMood>();
  for (const run of await actorMoodsByRun(db, ownerId)) {
    for (const [profileId, mood] of Object.entries(run)) if (!moods.has(profileId)) moods.set(profileId, mood as SpecialistMood);
  }
  return moods;
}
