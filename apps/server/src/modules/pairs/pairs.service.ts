import crypto from 'node:crypto';
import type { AccessRules, PairRequest, SlotSide } from '@teamcast/contracts';
import type { PairKind, Specialist } from '@teamcast/engine';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import type { GateHub } from '../gate/gate.hub.ts';
import { forgetHistory, recordHistory } from '../history/history.service.ts';
import { enginePersonOf, lovePersonOf } from '../scoring/engine-person.ts';
import { forecastAccuracy } from '../scoring/scoring.service.ts';
import { accessFactsOf, accessRulesFor, assertCapabilityIn, pairUnlocked, pairUnlockedOf, type AccessFacts } from '../payments/access-rules.ts';
import type { PairForecastTask } from './pair-forecast.ts';
import { inlineForecaster, type PairForecaster } from './pair-forecaster.ts';
import { firstOfMonth } from './pair-months.ts';
import { isFilled, isLoveProfile, presentActor, presentPair, slotPerson } from './pairs.presenter.ts';
import * as repo from './pairs.repository.ts';
import type { PairProfile, PairRow } from './pairs.repository.ts';

/** What the pair service works with: the database, the gate for history pushes, and where the engine runs (`forecasts`: worker threads in the app, inline when absent). */
export type PairDeps = { db: Db; gate?: GateHub; forecasts?: PairForecaster };

type Slots = [string | null, string | null];
type Sides = [SlotSide, SlotSide];
type PairInput = { actors: Slots; sides?: SlotSide[] | undefined; startDay?: string; mode: 0 | 1; intensity: number; managerId?: string | null };
type PairPatch = { actors?: Slots; sides?: SlotSide[] | undefined; startDay?: string; mode?: 0 | 1; intensity?: number; managerId?: string | null };

const sidesOf = (sides: SlotSide[] | undefined, fallback: Sides): Sides => (sides ? [sides[0] ?? 'self', sides[1] ?? 'self'] : fallback);

/** A pair run stored: `changeId` names that run (its time), so a listener handles each run once. */
type PairRun = { ownerId: string; pairId: string; changeId: string };
const pairRunListeners = new WeakMap<Db, Array<(run: PairRun) => void>>();

/**
 * Tells `listener` of every pair run stored through this database (one app's), without the pairs module knowing who
 * listens (the monitor holds a monitored pair's new forecast against the previous one). Listeners must not throw.
 */
export function onPairRun(db: Db, listener: (run: PairRun) => void): void {
  pairRunListeners.set(db, [...(pairRunListeners.get(db) ?? []), listener]);
}

/** Another owner's pair answers the same as a missing one. */
export async function loadOwnPair(db: Db, ownerId: string, id: string): Promise<PairRow> {
  const row = await repo.findOwnPair(db, ownerId, id);
  if (!row) throw new AppError('compatibility_not_found');
  return row;
}

const peopleOf = (row: Pick<PairRow, 'actor1Id' | 'actor2Id' | 'managerId'>) =>
  [row.actor1Id, row.actor2Id, row.managerId].filter((id): id is string => Boolean(id));

/** The payments module's sub-selects a run is read with, in the same statement as the pair. */
const RUN_FACTS: repo.PairRunFacts<AccessFacts | null> = { access: accessFactsOf, unlocked: pairUnlockedOf };

/**
 * The pair as the owner sees it; `people` and `rules` may pass the profiles and access rules the caller has just read,
 * and `known` the unlock and weekly hours (a run reads them with the pair).
 */
export async function pairView(
  db: Db,
  ownerId: string,
  row: PairRow,
  people?: Map<string, PairProfile>,
  rules?: AccessRules,
  known?: { unlocked: boolean; hours: Map<string, number> },
): Promise<PairRequest> {
  people ??= await repo.ownProfiles(db, ownerId, peopleOf(row));
  const slots = [row.actor1Id, row.actor2Id].filter((id): id is string => Boolean(id));
  const [unlocked, hours, accuracy, accessRules] = await Promise.all([
    known?.unlocked ?? (row.actor1Id && row.actor2Id ? pairUnlocked(db, ownerId, row.actor1Id, row.actor2Id) : false),
    known?.hours ?? repo.weeklyHours(db, ownerId, slots),
    row.result ? forecastAccuracy(db) : null,
    rules ?? accessRulesFor(db, ownerId),
  ]);
  return presentPair(row, people, unlocked, hours, accuracy, accessRules.hideExpertise);
}

/**
 * Checks that every given id is a profile of this owner, that a slot's side is 'partner' only for a couple profile,
 * that no person is in both slots (one couple profile may fill both with its two sides: the couple itself), and that
 * the manager is not one of the pair.
 */
async function checkPeople(db: Db, ownerId: string, actors: Slots, sides: Sides, managerId: string | null | undefined): Promise<void> {
  if (actors[0] && actors[0] === actors[1] && sides[0] === sides[1]) throw new AppError('validation_failed', undefined, 'actors.1');
  if (managerId && actors.includes(managerId)) throw new AppError('validation_failed', undefined, 'managerId');
  const ids = [...actors, managerId].filter((id): id is string => Boolean(id));
  const found = await repo.ownProfiles(db, ownerId, ids);
  actors.forEach((id, index) => {
    if (id && !found.has(id)) throw new AppError('profile_not_found', undefined, `actors.${index}`);
    if (sides[index] === 'partner' && (!id || found.get(id)?.kind !== 'couple')) throw new AppError('validation_failed', undefined, `sides.${index}`);
  });
  if (managerId && !found.has(managerId)) throw new AppError('profile_not_found', undefined, 'managerId');
}

export async function createPair(deps: PairDeps, ownerId: string, input: PairInput, sceneId: string | null = null): Promise<PairRequest> {
  const { db } = deps;
  if (sceneId !== null && !(await repo.sceneOwnedBy(db, ownerId, sceneId))) throw new AppError('team_not_found');
  const sides = sidesOf(input.sides, ['self', 'self']);
  await checkPeople(db, ownerId, input.actors, sides, input.managerId);
  const row = await repo.insertPair(db, {
    id: crypto.randomUUID(),
    ownerId,
    sceneId,
    actor1Id: input.actors[0],
    actor2Id: input.actors[1],
    actor1Side: sides[0],
    actor2Side: sides[1],
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
  // New people without sides sit in their 'self' side.
  const sides = sidesOf(patch.sides, patch.actors ? ['self', 'self'] : [row.actor1Side, row.actor2Side]);
  await checkPeople(db, ownerId, actors, sides, managerId);
  const next = {
    actor1Id: actors[0],
    actor2Id: actors[1],
    actor1Side: sides[0],
    actor2Side: sides[1],
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

/** A filled work profile (isFilled) as the work model's person: no age, sex or family stability. */
const specialistOf = (profile: PairProfile): Specialist =>
  enginePersonOf({ ...profile, competencies: profile.competencies!, professionalism: profile.professionalism!, maturity: profile.maturity! }, 'work');

type Slot = { profile: PairProfile | undefined; side: SlotSide };

/**
 * Which model may run the people in the slots, or the documented error (docs/love-model.md, section 4):
 * - work: both slots hold work profiles (standard, short), each completed and scored; a love or couple profile
 *   answers work_profile_required naming the person (run LOVE or FRIEND instead);
 * - LOVE, FRIEND: both slots hold people of love or couple profiles with love scores; a work profile answers
 *   love_profile_required naming the person (send the love questionnaire). No manager takes part.
 * An empty slot or an unfinished profile answers actors_ineligible, as before; a profile its person withdrew answers
 * profile_withdrawn (its data is deleted; docs/privacy.md).
 */
function checkSlots(slots: [Slot, Slot], manager: PairProfile | undefined, managerId: string | null, kind: PairKind): void {
  slots.forEach(({ profile }, index) => {
    if (profile?.state === 'withdrawn') throw new AppError('profile_withdrawn', undefined, `actors.${index}`);
  });
  if (manager?.state === 'withdrawn') throw new AppError('profile_withdrawn', undefined, 'managerId');
  slots.forEach(({ profile, side }, index) => {
    if (!profile) throw new AppError('actors_ineligible', undefined, `actors.${index}`);
    const name = [slotPerson(profile, side).firstName, slotPerson(profile, side).lastName].filter(Boolean).join(' ') || '—';
    if (kind === 'work' && isLoveProfile(profile)) throw new AppError('work_profile_required', { name }, `actors.${index}`);
    if (kind !== 'work' && !isLoveProfile(profile)) throw new AppError('love_profile_required', { name }, `actors.${index}`);
    if (!isFilled(profile, side)) throw new AppError('actors_ineligible', undefined, `actors.${index}`);
  });
  if (kind === 'work' && managerId && (!manager || !isFilled(manager) || isLoveProfile(manager)))
    throw new AppError('actors_ineligible', undefined, 'managerId');
}

/**
 * Runs the pair forecast on both people's current scores and answers (in a worker thread, pair-forecaster.ts) and
 * stores it: the work model for work, the love model (forecastLove) for LOVE and FRIEND. Each run is
 * recorded in the dashboard history.
 */
export async function runPair(deps: PairDeps, ownerId: string, id: string, type: 'LOVE' | 'FRIEND' | undefined): Promise<PairRequest> {
  const { db } = deps;
  const read = await repo.findPairToRun(db, ownerId, id, RUN_FACTS);
  if (!read) throw new AppError('compatibility_not_found');
  const rules = assertCapabilityIn(read.access, 'pairChecks');
  const { pair: row, people } = read;
  const slots: [Slot, Slot] = [
    { profile: row.actor1Id ? people.get(row.actor1Id) : undefined, side: row.actor1Side },
    { profile: row.actor2Id ? people.get(row.actor2Id) : undefined, side: row.actor2Side },
  ];
  const manager = row.managerId ? people.get(row.managerId) : undefined;
  const kind: PairKind = type ?? 'work';
  checkSlots(slots, manager, row.managerId, kind);
  const [a, b] = [slots[0].profile!, slots[1].profile!];
  const task: PairForecastTask =
    kind === 'work'
      ? {
          model: 'work',
          input: {
            a: specialistOf(a),
            b: specialistOf(b),
            kind,
            mode: row.mode === 1 ? 1 : 0,
            intensity: row.intensity,
            manager: manager ? specialistOf(manager) : null,
            startDay: row.startDay,
          },
        }
      : {
          model: 'love',
          input: {
            a: lovePersonOf(a, slots[0].side, slotPerson(a, slots[0].side).age),
            b: lovePersonOf(b, slots[1].side, slotPerson(b, slots[1].side).age),
            kind,
            mode: row.mode === 1 ? 1 : 0,
            intensity: row.intensity,
            startDay: row.startDay,
          },
        };
  const forecast = await (deps.forecasts ?? inlineForecaster).run(task);
  const runAt = new Date();
  const updated = await repo.storeRun(db, row, { result: forecast, kind, runAt });
  if (!updated) throw new AppError('compatibility_not_found');
  for (const listener of pairRunListeners.get(db) ?? []) listener({ ownerId, pairId: row.id, changeId: runAt.toISOString() });
  const names = [presentActor(a, slots[0].side)!, presentActor(b, slots[1].side)!];
  await recordHistory(
    db,
    ownerId,
    {
      type: 'pair',
      id: row.id,
      title: names.map((actor) => actor.name).join(' & '),
      actors: names.map((actor) => ({ id: actor._id, name: actor.name })),
      scenes: row.sceneId ? [row.sceneId] : [],
    },
    deps.gate,
  );
  return pairView(db, ownerId, updated, people, rules, read);
}
