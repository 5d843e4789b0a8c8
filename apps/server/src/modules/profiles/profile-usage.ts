import type { SpecialistMood } from '@teamcast/contracts';
import type { Db, SqlFragment } from '../../core/db.ts';
import { selectProfileUsage } from './profiles.repository.ts';

export type ProfileUsage = { teams: number; evaluations: number };

/** The profile being read, as columns of the statement that reads it: a module's fragment correlates on them. */
export type ProfileColumns = { id: SqlFragment; ownerId: SqlFragment };
/** A scalar sub-select over a module's own tables, written by that module's repository (see `qualified` in core/db.ts). */
export type ProfileFact<T> = (profile: ProfileColumns) => SqlFragment<T>;

type Facts = { teams: ProfileFact<number>[]; evaluations: ProfileFact<number>[]; mood: ProfileFact<string | null> | undefined };
/** Replaced (not changed) by each registration, so a statement prepared from it knows when it is out of date. */
let facts: Facts = { teams: [], evaluations: [], mood: undefined };

/**
 * Modules that use profiles (teams, pair evaluations) register how they count a profile's uses, as a sub-select, so
 * deleting it can warn and keep it (state delete_keep), and a profile is read with its counts in one statement,
 * without the profiles module knowing their tables.
 */
export function registerProfileUsage(kind: keyof ProfileUsage, count: ProfileFact<number>): void {
  facts = { ...facts, [kind]: [...facts[kind], count] };
}

/**
 * The module that computes teams registers a profile's mood in the owner's latest team run that includes it (the mood
 * on that run's last forecast day), read in the same statement as the profile; a profile in no computed team has none.
 */
export function registerProfileMood(mood: ProfileFact<string | null>): void {
  if (facts.mood) throw new Error('a profile has one mood: registerProfileMood was called twice');
  facts = { ...facts, mood };
}

/** What the registered modules add to a profile's read, as fragments of its statement (the same object until a registration). */
export function profileFacts(): Facts {
  return facts;
}

export const moodOf = (value: string | null | undefined): SpecialistMood | undefined => (value ? (value as SpecialistMood) : undefined);

export async function profileUsage(db: Db, profileId: string): Promise<ProfileUsage> {
  return selectProfileUsage(db, profileId, profileFacts());
}
