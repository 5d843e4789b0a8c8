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
/** Work styles: cooperative, reliable, calm planners; and uncooperative, blunt people who would rather work alone. */
const cooperative = { cooperation: 0.8, reliability: 0.85, planning: 0.7, steadiness: 0.75, openness: 0.8, directness: 0.5, autonomy: 0.45 };
const abrasive = { cooperation: 0.45, reliability: 0.5, planning: 0.3, steadiness: 0.4, openness: 0.5, directness: 0.85, autonomy: 0.8 };

/** A mature, conscientious, cooperative team with an experienced manager: the model should call it harmonious. */
export const HARMONIOUS_TEAM: SceneInput = team(
  [
    specialist('hm', 75, 80, 85, { age: 45, grade: 'SENIOR PLUS', traits: { ...calm, managerialExperience: 0.9 }, workStyle: cooperative }),
    specialist('h1', 70, 75, 80, { age: 38, grade: 'SENIOR', traits: calm, workStyle: cooperative }),
    specialist('h2', 60, 72, 78, { age: 34, grade: 'MIDDLE PLUS', traits: calm, workStyle: cooperative }),
    specialist('h3', 55, 70, 75, { age: 31, grade: 'MIDDLE', traits: calm, workStyle: cooperative }),
    specialist('h4', 50, 68, 74, { age: 29, grade: 'MIDDLE', traits: calm, workStyle: cooperative }),
  ],
  5,
);

/** Immature, dominant, uncooperative people with an inexperienced, immature manager, working long hours together. */
export const CONFLICT_TEAM: SceneInput = team(
  [
    specialist('cm', 55, 35, 20, { age: 27, grade: 'MIDDLE', traits: { ...pushy, managerialExperience: 0 }, workStyle: abrasive }),
    specialist('c1', 70, 30, 15, { age: 30, grade: 'SENIOR', traits: pushy, workStyle: abrasive }),
    specialist('c2', 65, 40, 25, { age: 24, grade: 'MIDDLE PLUS', traits: pushy, workStyle: abrasive }),
    specialist('c3', 50, 30, 20, { age: 41, grade: 'MIDDLE', traits: pushy, workStyle: abrasive }),
    specialist('c4', 60, 25, 10, { age: 22, grade: 'JUNIOR PLUS', traits: pushy, workStyle: abrasive }),
  ],
  9,
);
