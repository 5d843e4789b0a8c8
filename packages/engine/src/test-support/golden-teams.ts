import type { PairDetail, SceneInput } from '../scene-types.ts';
import type { Actor, ActorEvent, EventType, Grade, Interaction, Specialist } from '../types.ts';
import { fullMesh } from './full-mesh.ts';

/** A team run whose result is pinned by its fingerprint (simulate-scene.golden.test.ts). */
export type GoldenTeam = { name: string; scene: SceneInput; pairDetail: PairDetail };

const GRADES: Grade[] = ['JUNIOR', 'JUNIOR PLUS', 'MIDDLE', 'MIDDLE PLUS', 'SENIOR', 'SENIOR PLUS'];
const LATER: EventType[] = ['dismiss', 'rejoin', 'm_rank', 'l_rank', 'm_disrank', 'l_disrank', 'dismiss', 'join'];
const HOURS = [0.25, 0.5, 1, 2, 5, 8, 10, 12];

/**
 * Deterministic numbers in [0, 1) from a seed (a linear congruential generator): the teams must stay the same for as
 * long as their fingerprints are kept, whatever the version of a test library.
 */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export type Shape = {
  n: number;
  /** Whole past days the joins spread over (0: everyone starts on day 0). */
  past: number;
  /** Later events per actor on average: dismissals, rejoins, ranks, disranks. */
  later: number;
  /** Interaction entries per actor stated besides the default. */
  stated: number;
  /** The server's full mesh (every pair at the default unless stated), or only the stated entries. */
  mesh: boolean;
};

/** A generated team of the given shape; the same seed and shape give the same team. */
export function team(seed: number, shape: Shape): SceneInput {
  const r = lcg(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const ids = Array.from({ length: shape.n }, (_, i) => `m${String(i).padStart(3, '0')}-${Math.floor(r() * 1000)}`);
  const specialists: Specialist[] = ids.map((id) => ({
    id,
    k: 100 * r(),
    p: 100 * r(),
    l: 100 * r(),
    age: 20 + Math.floor(45 * r()),
    gender: r() < 0.5 ? 'М' : 'Ж',
    grade: pick(GRADES),
    ...(r() < 0.8 ? { traits: { managerialExperience: r(), workExperience: r(), entrepreneurship: r(), relocation: r(), familyStability: r() } } : {}),
    ...(r() < 0.6 ? { workStyle: { cooperation: r(), reliability: r(), planning: r(), steadiness: r(), openness: r(), directness: r(), autonomy: r() } } : {}),
    ...(r() < 0.7 ? { scoreError: 10 * r() } : {}),
    ...(r() < 0.3 ? { completeness: 0.2 + 0.8 * r() } : {}),
  }));
  const actors: Actor[] = ids.map((id, i) => {
    const join = shape.past === 0 ? 0 : -Math.floor(shape.past * r()) + Math.floor(60 * r());
    const first: EventType = i === 0 && r() < 0.8 ? 'manager_join' : i === 1 && r() < 0.7 ? 'lead_join' : r() < 0.5 ? 'join' : 'start';
    const events: ActorEvent[] = [{ type: first, date: join, value: 0, timestamp: 1000 }];
    const later = Math.floor(2 * shape.later * r());
    for (let e = 0; e < later; e++) events.push({ type: pick(LATER), date: join + Math.floor(500 * r()), value: 0, timestamp: 1001 + Math.floor(3 * r()) });
    const entry = (value: number): Interaction => ({ actorId: pick(ids), date: join + Math.floor(400 * r()) - 30, value });
    const stated = Math.floor(2 * shape.stated * r());
    return {
      id,
      firstName: id,
      lastName: 'Golden',
      events,
      interactionType: Array.from({ length: Math.floor(stated / 2) }, () => entry(r() < 0.6 ? 1 : 0)),
      interactionIntensive: Array.from({ length: stated }, () => entry(pick(HOURS))),
    };
  });
  const listed = shape.mesh ? fullMesh(actors, 5) : actors;
  return { startDay: r() < 0.15 ? '' : '2026-12-01', lifespan: r() < 0.5 ? 1 : 2, actors: listed, specialists };
}

const DETAILS: PairDetail[] = ['auto', 'render', 'daily', 'none'];

/**
 * The pinned teams: small and large, everyone from day 0 or joining over two past years (some before the 730 days the
 * engine reconstructs), with managers, leads, dismissals, rejoins and rank changes, remote and intensive pairs stated
 * over the server's full mesh or on their own, and a team large enough for the reduced band (docs section 7.6).
 */
export function goldenTeams(): GoldenTeam[] {
  const shapes: Array<[string, Shape]> = [
    ['pair from day 0', { n: 2, past: 0, later: 0, stated: 1, mesh: true }],
    ['three with events', { n: 3, past: 300, later: 2, stated: 2, mesh: false }],
    ['five, full mesh, events', { n: 5, past: 800, later: 1.5, stated: 2, mesh: true }],
    ['eight, stated only', { n: 8, past: 500, later: 1, stated: 3, mesh: false }],
    ['twelve, full mesh', { n: 12, past: 900, later: 1, stated: 4, mesh: true }],
    ['twenty from day 0', { n: 20, past: 0, later: 0, stated: 5, mesh: true }],
    ['thirty with turnover', { n: 30, past: 700, later: 1.5, stated: 5, mesh: true }],
    ['forty-five, stated only', { n: 45, past: 400, later: 1, stated: 6, mesh: false }],
    ['sixty-one, reduced band', { n: 61, past: 600, later: 0.7, stated: 5, mesh: true }],
    ['ninety from day 0', { n: 90, past: 0, later: 0, stated: 5, mesh: true }],
    ['eighty with turnover', { n: 80, past: 750, later: 1, stated: 5, mesh: true }],
  ];
  return shapes.map(([name, shape], i) => ({ name, scene: team(7919 * (i + 1), shape), pairDetail: DETAILS[i % DETAILS.length]! }));
}
