import { EngineError, normalizeActors, type Actor as EngineActor } from '@teamcast/engine';
import {
  MIN_SPECIALISTS,
  SceneCreateSchema,
  SceneFixSchema,
  SceneUpdateSchema,
  parseInput,
  sparseInteractions,
  type Actor,
  type DiffEntry,
  type ErrorCode,
} from '@teamcast/contracts';
import type { z } from 'zod';

/**
 * The CPU-heavy, pure part of a team write: parsing and checking a large body, and bringing a team to its normalised
 * sparse form. It runs in a worker thread for large teams (scene-worker.ts) and inline for small ones, with the same
 * result either way, so a 1,000-person team does not hold the event loop (issue 30).
 */

export const ENGINE_ERRORS: Record<string, ErrorCode> = {
  events_zero_length: 'events_zero_length',
  actor_not_found: 'actor_not_found',
  class_instance_forbidden: 'class_instance_forbidden',
  invalid_input: 'interaction_settings_failure',
};

/** The bodies of the team writes, by name (a worker cannot be handed a schema). */
export const SCENE_BODY_SCHEMAS = { create: SceneCreateSchema, update: SceneUpdateSchema, fix: SceneFixSchema } as const;
export type SceneBodyName = keyof typeof SCENE_BODY_SCHEMAS;

/** What a team's rules need to know of each member's profile. */
export type MemberFacts = {
  gone: boolean;
  eligible: boolean;
  firstName: string;
  lastName: string;
  gender?: 'М' | 'Ж';
  position?: string;
  isShort: boolean;
};

export type SceneWork =
  { kind: 'body'; schema: SceneBodyName; text: string } | { kind: 'prepare'; actors: Actor[]; members: Record<string, MemberFacts>; dropGone: boolean };

export type SceneWorkResult =
  | { kind: 'body'; ok: true; value: unknown }
  | { kind: 'body'; ok: false; issues?: z.core.$ZodIssue[] }
  | { kind: 'prepare'; ok: true; actors: Actor[]; diff: DiffEntry[] }
  | { kind: 'prepare'; ok: false; error: ErrorCode };

const MANAGER_EVENTS = new Set(['manager_join', 'm_rank']);

/**
 * A team left with 2 people or fewer once its deleted members are gone cannot keep a manager view (it needs more than
 * 2): confirming the change makes the manager a plain member, joining on the same day, and drops the rank changes, so
 * the team stays usable instead of stuck on manager_view_too_small.
 */
function withoutManagerView(actors: Actor[]): Actor[] {
  return actors.map((actor) => ({
    ...actor,
    events: actor.events
      .filter((e) => e.type !== 'm_rank' && e.type !== 'm_disrank')
      .map((e) => (e.type === 'manager_join' ? { ...e, type: 'join' as const } : e)),
  }));
}

/**
 * Checks and normalises an actor list: every actor is a live profile of the owner that can take part in a forecast
 * (names, gender and position are taken from the profile), then the engine's event rules apply. The list is brought
 * to the sparse form first (a client may send the full mesh): normalising it costs milliseconds where the full mesh of
 * a 300-person team costs about half a second, and the engine reads the same team from either (the default pairs a
 * rule would drop after a dismissal are derived again and dropped again by the engine's own normalising).
 */
function prepareTeam(actors: Actor[], members: Record<string, MemberFacts>, dropGone: boolean): SceneWorkResult {
  const refuse = (error: ErrorCode): SceneWorkResult => ({ kind: 'prepare', ok: false, error });
  const facts = (id: string): MemberFacts | undefined => (Object.hasOwn(members, id) ? members[id] : undefined);
  let list = sparseInteractions(actors);
  if (dropGone) {
    const gone = new Set(list.filter((a) => facts(a.id)?.gone !== false).map((a) => a.id));
    list = list
      .filter((a) => !gone.has(a.id))
      .map((a) => ({
        ...a,
        interactionType: a.interactionType.filter((i) => !gone.has(i.actorId)),
        interactionIntensive: a.interactionIntensive.filter((i) => !gone.has(i.actorId)),
      }));
    if (list.length <= 2) list = withoutManagerView(list);
  }
  if (list.some((a) => facts(a.id)?.gone !== false)) return refuse('team_changed');
  if (list.some((a) => !facts(a.id)?.eligible)) return refuse('actors_ineligible');
  if (list.length > 0 && list.length < MIN_SPECIALISTS) return refuse('team_too_small');
  if (list.length <= 2 && list.some((a) => a.events.some((e) => MANAGER_EVENTS.has(e.type)))) return refuse('manager_view_too_small');
  const named: EngineActor[] = list.map((a) => {
    const p = facts(a.id)!;
    return {
      ...a,
      firstName: p.firstName,
      lastName: p.lastName,
      ...(p.gender ? { gender: p.gender } : {}),
      ...(p.position ? { position: p.position } : {}),
      isShort: p.isShort,
    };
  });
  try {
    // Again after the rules: a dropped first event moves a member's default day.
    const { actors: normalized, diff } = normalizeActors(named) as { actors: Actor[]; diff: DiffEntry[] };
    return { kind: 'prepare', ok: true, actors: sparseInteractions(normalized), diff };
  } catch (error) {
    if (error instanceof EngineError) return refuse(ENGINE_ERRORS[error.code] ?? 'interaction_settings_failure');
    throw error;
  }
}

/** Parses and checks a body as the route's validator would (no issues: not JSON at all). */
function parseBody(schema: SceneBodyName, text: string): SceneWorkResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kind: 'body', ok: false };
  }
  const parsed = parseInput(SCENE_BODY_SCHEMAS[schema], data);
  return parsed.success ? { kind: 'body', ok: true, value: parsed.data } : { kind: 'body', ok: false, issues: parsed.error.issues };
}

export function sceneWork(task: SceneWork): SceneWorkResult {
  return task.kind === 'body' ? parseBody(task.schema, task.text) : prepareTeam(task.actors, task.members, task.dropGone);
}
