import type { SceneInput } from '../scene-types.ts';
import type { Actor, Specialist } from '../types.ts';
import { actor, ev } from './actors.ts';
import { specialist } from './specialists.ts';

function everyone(ids: string[], hours: number): (id: string) => Pick<Actor, 'interactionIntensive' | 'interactionType'> {
  return (id) => {
    const later = ids.slice(ids.indexOf(id) + 1);
    return {
      interactionIntensive: later.map((o) => ({ actorId: o, date: -200, value: hours })),
      interactionType: later.map((o) => ({ actorId: o, date: -200, value: 0 })),
    };
  };
}

function team(people: Specialist[], hours: number): SceneInput {
  const ids = people.map((p) => p.id);
  const links = everyone(ids, hours);
  const actors = people.map((p, i) => {
    const a = actor(p.id, [ev(i === 0 ? 'manager_join' : 'join', -200)]);
    return { ...a, ...links(p.id) };
  });
  return { startDay: '2026-12-01', lifespan: 1, actors, specialists: people };
}

const calm = { familyStability: 0.85, managerialExperience: 0.2, entrepreneurship: 0.1, workExperience: 0.6, relocation: 0.3 };
const pushy = { familyStability: 0.15, managerialExperience: 0.9, entrepreneurship: 0.9, workExperience: 0.4, relocation: 0.8 };

/** A mature, conscientious team with an experienced manager: the model should call it harmonious. */
export const HARMONIOUS_TEAM: SceneInput = team(
  [
    specialist('hm', 75, 80, 85, { age: 45, grade: 'SENIOR PLUS', traits: { ...calm, managerialExperience: 0.9 } }),
    specialist('h1', 70, 75, 80, { age: 38, grade: 'SENIOR', traits: calm }),
    specialist('h2', 60, 72, 78, { age: 34, grade: 'MIDDLE PLUS', traits: calm }),
    specialist('h3', 55, 70, 75, { age: 31, grade: 'MIDDLE', traits: calm }),
    specialist('h4', 50, 68, 74, { age: 29, grade: 'MIDDLE', traits: calm }),
  ],
  5,
);

/** Immature, dominant people with an inexperienced, immature manager, working long hours together. */
export const CONFLICT_TEAM: SceneInput = team(
  [
    specialist('cm', 55, 35, 20, { age: 27, grade: 'MIDDLE', traits: { ...pushy, managerialExperience: 0 } }),
    specialist('c1', 70, 30, 15, { age: 30, grade: 'SENIOR', traits: pushy }),
    specialist('c2', 65, 40, 25, { age: 24, grade: 'MIDDLE PLUS', traits: pushy }),
    specialist('c3', 50, 30, 20, { age: 41, grade: 'MIDDLE', traits: pushy }),
    specialist('c4', 60, 25, 10, { age: 22, grade: 'JUNIOR PLUS', traits: pushy }),
  ],
  9,
);
