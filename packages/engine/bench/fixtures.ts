import type { PairRequest, SceneInput, Specialist } from '../src/index.ts';
import type { Actor, Grade } from '../src/index.ts';

const GRADES: Grade[] = ['JUNIOR', 'JUNIOR PLUS', 'MIDDLE', 'MIDDLE PLUS', 'SENIOR', 'SENIOR PLUS'];

/** Deterministic pseudo-random numbers for building fixtures (not the engine's generator). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export function specialists(n: number, seed = 1): Specialist[] {
  const r = lcg(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    k: 20 + 80 * r(),
    p: 20 + 80 * r(),
    l: 10 + 90 * r(),
    age: 20 + Math.floor(40 * r()),
    gender: r() < 0.5 ? 'М' : 'Ж',
    grade: GRADES[Math.floor(6 * r())]!,
    traits: { managerialExperience: r(), workExperience: r(), entrepreneurship: r(), relocation: r(), familyStability: r() },
    scoreError: 6,
  }));
}

export function pairRequests(count: number): PairRequest[] {
  const people = specialists(200, 7);
  const r = lcg(11);
  return Array.from({ length: count }, (_, i) => ({
    a: people[i % 200]!,
    b: people[(i * 7 + 1) % 200]!,
    kind: (['work', 'LOVE', 'FRIEND'] as const)[i % 3],
    mode: (i % 4 === 0 ? 1 : 0) as 0 | 1,
    intensity: [0.5, 1, 2, 5, 8, 10][Math.floor(6 * r())]!,
  }));
}

/**
 * A scene with n actors over 730 past + 365 future days: joins spread over the past, a manager and a
 * lead, about one in eight actors dismissed and some rejoining, five explicit partners per actor.
 */
export function scene(n: number): SceneInput {
  const people = specialists(n, n);
  const r = lcg(n * 31);
  const actors: Actor[] = people.map((p, i) => {
    const join = -730 + Math.floor(700 * r());
    const events: Actor['events'] = [{ type: i === 0 ? 'manager_join' : i === 1 ? 'lead_join' : 'join', date: i < 2 ? -730 : join, value: 0, timestamp: 1 }];
    if (i > 1 && i % 8 === 0) {
      events.push({ type: 'dismiss', date: join + 100 + Math.floor(300 * r()), value: 0, timestamp: 2 });
      if (i % 16 === 0) events.push({ type: 'rejoin', date: join + 500, value: 0, timestamp: 3 });
    }
    const partners = Array.from({ length: Math.min(5, n - 1) }, (_, k) => `p${(i + 1 + k * 3) % n}`).filter((id) => id !== p.id);
    return {
      id: p.id,
      firstName: p.id,
      lastName: 'Bench',
      events,
      interactionIntensive: partners.map((id) => ({ actorId: id, date: -730 + Math.floor(900 * r()), value: [1, 2, 5, 8][Math.floor(4 * r())]! })),
      interactionType: partners.map((id) => ({ actorId: id, date: -730, value: r() < 0.3 ? 1 : 0 })),
    };
  });
  return { startDay: '2026-12-01', lifespan: 1, actors, specialists: people };
}
