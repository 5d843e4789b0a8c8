import { EngineError } from './errors.ts';
import type { Params } from './params.ts';
import { sceneDay, type ActorDay, type PairRating } from './scene-expand.ts';
import type { FinalStats, SceneExplanationItem, TeamIndicators } from './scene-types.ts';
import { simulateScene } from './simulate-scene.ts';
import type { Actor, InteractionMode, Specialist } from './types.ts';
import { validateIntensity, validateMode } from './validate-input.ts';

/** Team request slots (spec section 9) and the minimum team. */
const MAX_MEMBERS = 4;
const MIN_MEMBERS = 2;

export type TeamCheckOptions = {
  /** Hours per week between every two members (default 5) and mode (default office). */
  intensity?: number;
  mode?: InteractionMode;
  startDay?: string;
  params?: Params;
};

export type TeamCheck = {
  summary: TeamIndicators;
  finalStats: FinalStats;
  /** Each member on the last forecast day. */
  members: ActorDay[];
  pairs: PairRating[];
  explanation: SceneExplanationItem[];
};

/**
 * Fast team check: 2-4 specialists who all start on day 0, every pair working together at the given
 * intensity and mode, no manager; the team indicators after a year without a timeline editor.
 */
export function checkTeam(specialists: readonly Specialist[], options: TeamCheckOptions = {}): TeamCheck {
  if (!Array.isArray(specialists) || specialists.length < MIN_MEMBERS || specialists.length > MAX_MEMBERS) {
    throw new EngineError('invalid_input', `a team check takes ${MIN_MEMBERS}-${MAX_MEMBERS} specialists`);
  }
  const hours = options.intensity ?? 5;
  validateIntensity(hours, 'intensity');
  const mode = options.mode ?? 0;
  validateMode(mode, 'mode');
  const actors: Actor[] = specialists.map((s, i) => ({
    id: s.id,
    firstName: '',
    lastName: '',
    events: [{ type: 'start', date: 0, value: 0, timestamp: 0 }],
    interactionIntensive: specialists.slice(i + 1).map((o) => ({ actorId: o.id, date: 0, value: hours })),
    interactionType: specialists.slice(i + 1).map((o) => ({ actorId: o.id, date: 0, value: mode })),
  }));
  const result = simulateScene(
    { startDay: options.startDay ?? '', lifespan: 1, actors, specialists: [...specialists] },
    { pairDetail: 'render', ...(options.params ? { params: options.params } : {}) },
  );
  const last = sceneDay(result, result.firstDay + result.days - 1);
  return { summary: result.summary, finalStats: result.finalStats, members: last.actors, pairs: last.pairs ?? [], explanation: result.explanation };
}
