import crypto from 'node:crypto';
import type { PairRequest } from '@teamcast/contracts';
import { forecastPair, type PairKind, type Specialist } from '@teamcast/engine';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import type { GateHub } from '../gate/gate.hub.ts';
import { forgetHistory, recordHistory } from '../history/history.service.ts';
import { enginePersonOf, personUseOf, type PersonUse } from '../scoring/engine-person.ts';
import { forecastAccuracy } from '../scoring/scoring.service.ts';
import { accessRulesFor, assertCapability } from '../payments/access-rules.ts';
import { firstOfMonth } from './pair-months.ts';
import { isFilled, presentActor, presentPair } from './pairs.presenter.ts';
import * as repo from './pairs.repository.ts';
import type { PairProfile, PairRow } from './pairs.repository.ts';

/** What the pair service works with: the database and, for history pushes, the gate. */
export type PairDeps = { db: Db; gate?: GateHub };

type Slots = [string | null, string | null];
type PairInput = { actors: Slots; startDay?: string; mode: 0 | 1; intensity: number; managerId?: string | null };
type PairPatch = { actors?: Slots; startDay?: string; mode?: 0 | 1; intensity?: number; managerId?: string | null };

/** Another owner's pair answers the same as a missing one. */
export async function loadOwnPair(db: Db, ownerId: string, id: string): Promise<PairRow> {
  const row = await repo.findOwnPair(db, ownerId, id);
  if (!row) throw new AppError('compatibility_not_found');
  return row;
}

const peopleOf = (row: Pick<PairRow, 'actor1Id' | 'actor2Id' | 'managerId'>) => [row.actor1Id, row.actor2Id, row.managerId].filter((id): id is string => Boolean(id));

/** The pair as the owner sees it; `people` may pass the profiles the caller has just read. */
export async function pairView(db: Db, ownerId: string, row: PairRow, people?: Map<string, PairProfile>): Promise<PairRequest> {
  people ??= await repo.ownProfiles(db, ownerId, peopleOf(row));
  const slots = [row.actor1Id, row.actor2Id].filter((id): id is string => Boolean(id));
  const [unlocked, hours, accuracy, rules] = await Promise.all([
    row.actor1Id && row.actor2Id ? repo.isPairUnlocked(db, ownerId, row.actor1Id, row.actor2Id) : Promise.resolve(false),
    repo.weeklyHours(db, ownerId, slots),
    row.result ? forecastAccuracy(db) : Promise.resolve(null),
    accessRulesFor(db, ownerId),
  ]);
  return presentPair(row, people, unlocked, hours, accuracy, rules.hideExpertise);
}

/** Checks that every given id is a profile of this owner, not twice, and that the manager is not one of the pair. */
async function checkPeople(db: Db, ownerId: string, actors: Slots, managerId: string | null | undefined): Promise<void> {
  if (actors[0] && actors[0] === actors[1]) throw new AppError('validation_failed', undefined, 'actors.1');
  if (managerId && actors.includes(managerId)) throw new AppError('validation_failed', undefined, 'managerId');
  const ids = [...actors, managerId].filter((id): id is string => Boolean(id));
  const found = await repo.ownProfiles(db, ownerId, ids);
  actors.forEach((id, index) => {
    if (id && !found.has(id)) throw new AppError('profile_not_found', undefined, `actors.${index}`);
  });
  if (managerId && !found.has(managerId)) throw new AppError('profile_not_found', undefined, 'managerId');
}

export async function createPair(deps: PairDeps, ownerId: string, input: PairInput, sceneId: string | null = null): Promise<PairRequest> {
  const { db } = deps;
  if (sceneId !== null && !(await repo.sceneOwnedBy(db, ownerId, sceneId))) throw new AppError('team_not_found');
  await checkPeople(db, ownerId, input.actors, input.managerId);
  const row = await repo.insertPair(db, {
    id: crypto.randomUUID(),
    ownerId,
    sceneId,
    actor1Id: input.actors[0],
    actor2Id: input.actors[1],
    managerId: input.managerId ?? null,
    startDay: input.startDay ?? firstOfMonth(),
    mode: input.mode,
    intensity: input.intensity,
  });
  return pairView(db, ownerId, row);
}

export async function getPair(deps: PairDeps, ownerId: string, id: string): Promise<PairRequest> {
  return pairView(deps.db, ownerId, await loadOwnPair(deps.db, ownerId, id));
}

/** Applies a change; when any input of the forecast changes, the stored result no longer describes it and is cleared. */
export async function updatePair(deps: PairDeps, ownerId: string, id: string, patch: PairPatch): Promise<PairRequest> {
  const { db } = deps;
  const row = await loadOwnPair(db, ownerId, id);
  const actors: Slots = patch.actors ?? [row.actor1Id, row.actor2Id];
  const managerId = patch.managerId === undefined ? row.managerId : patch.managerId;
  await checkPeople(db, ownerId, actors, managerId);
  const next = {
    actor1Id: actors[0],
    actor2Id: actors[1],
    managerId,
    startDay: patch.startDay ?? row.startDay,
    mode: patch.mode ?? row.mode,
    intensity: patch.intensity ?? row.intensity,
  };
  const changed = (Object.keys(next) as Array<keyof typeof next>).some((key) => next[key] !== row[key]);
  const updated = await repo.updatePair(db, id, changed ? { ...next, result: null, kind: null, runAt: null } : next);
  return pairView(db, ownerId, updated);
}

export async function deletePair(deps: PairDeps, ownerId: string, id: string): Promise<{ deleted: true }> {
  const row = await loadOwnPair(deps.db, ownerId, id);
  await repo.deletePair(deps.db, row.id);
  await forgetHistory(deps.db, ownerId, 'pair', row.id, deps.gate);
  return { deleted: true };
}

/** A filled profile (isFilled) as the engine's person for this use. */
const specialistOf = (profile: PairProfile, use: PersonUse): Specialist =>
  enginePersonOf({ ...profile, competencies: profile.competencies!, professionalism: profile.professionalism!, maturity: profile.maturity! }, use);

/**
 * Runs the pair forecast on both profiles' current scores and answers (the engine is fast enough to run in the
 * request) and stores it. Both slots must hold filled profiles of this owner, and a manager must be filled too;
 * otherwise actors_ineligible and nothing is stored. Each run is recorded in the dashboard history.
 */
export async function runPair(deps: PairDeps, ownerId: string, id: string, type: 'LOVE' | 'FRIEND' | undefined): Promise<PairRequest> {
  const { db } = deps;
  const row = await loadOwnPair(db, ownerId, id);
  await assertCapability(db, ownerId, 'pairChecks');
  const people = await repo.ownProfiles(db, ownerId, peopleOf(row));
  const a = row.actor1Id ? people.get(row.actor1Id) : undefined;
  const b = row.actor2Id ? people.get(row.actor2Id) : undefined;
  const manager = row.managerId ? people.get(row.managerId) : undefined;
  if (!a || !b || !isFilled(a) || !isFilled(b) || (row.managerId && (!manager || !isFilled(manager)))) throw new AppError('actors_ineligible');
  const kind: PairKind = type ?? 'work';
  const use = personUseOf(kind);
  const forecast = forecastPair(
    {
      a: specialistOf(a, use),
      b: specialistOf(b, use),
      kind,
      mode: row.mode === 1 ? 1 : 0,
      intensity: row.intensity,
      manager: manager ? specialistOf(manager, use) : null,
      startDay: row.startDay,
    },
    undefined,
    { band: true },
  );
  const updated = await repo.updatePair(db, row.id, { result: forecast, kind, runAt: new Date() });
  const names = [presentActor(a)!, presentActor(b)!];
  await recordHistory(
    db,
    ownerId,
    { type: 'pair', id: row.id, title: names.map((actor) => actor.name).join(' & '), actors: names.map((actor) => ({ id: actor._id, name: actor.name })), scenes: row.sceneId ? [row.sceneId] : [] },
    deps.gate,
  );
  return pairView(db, ownerId, updated, people);
}
