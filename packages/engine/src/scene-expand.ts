import { EngineError } from './errors.ts';
import { MOODS, type SceneResult, type TeamIndicators } from './scene-types.ts';
import { indicatorsAt } from './scene-summary.ts';
import type { Mood } from './types.ts';

export type ActorDay = {
  id: string;
  expertise: number;
  power: number;
  /** Share of the team's actual power, percent. */
  importance: number;
  integration: number;
  support: number;
  mood: Mood;
  /** Engagement: actual power as a percentage of the actor's own full-engagement power. */
  personalRateByPeak: number;
  /** Actual power as a percentage of the strongest member's full-engagement power. */
  inGroupRateByPeak: number;
  satisfaction: number;
};

export type PairRating = { a: string; b: string; rating: number };

export type DayRecord = {
  /** Day offset from the scene start (negative in the past). */
  day: number;
  activeActors: string[];
  manager: string | null;
  lead: string | null;
  /** Every active pair's shared rating; null when pair ratings were not kept for this day. */
  pairs: PairRating[] | null;
  actors: ActorDay[];
  team: TeamIndicators;
};

export type ExpandedScene = {
  sceneDays: DayRecord[];
  pastDays: DayRecord[];
  renderDays: DayRecord[];
};

/** One day's plain record (built on demand from the columns). */
export function sceneDay(result: SceneResult, day: number): DayRecord {
  const d = day - result.firstDay;
  if (!Number.isInteger(d) || d < 0 || d >= result.days) throw new EngineError('invalid_input', `day ${day} outside the simulated range`);
  const { actorColumns: ac, teamColumns: tc, actorIds, days } = result;
  const n = actorIds.length;
  const activeIdx: number[] = [];
  for (let a = 0; a < n; a++) if (ac.active[a * days + d]) activeIdx.push(a);
  const slot = result.pairs.days.indexOf(d);
  let pairs: PairRating[] | null = null;
  if (slot >= 0) {
    pairs = [];
    const base = slot * result.pairs.pairCount;
    for (let i = 0, p = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++, p++) {
        const r = result.pairs.ratings[base + p]!;
        if (!Number.isNaN(r)) pairs.push({ a: actorIds[i]!, b: actorIds[j]!, rating: r });
      }
    }
  }
  const m = tc.manager[d]!;
  const l = tc.lead[d]!;
  return {
    day,
    activeActors: activeIdx.map((a) => actorIds[a]!),
    manager: m >= 0 ? actorIds[m]! : null,
    lead: l >= 0 ? actorIds[l]! : null,
    pairs,
    actors: activeIdx.map((a) => {
      const at = a * days + d;
      return {
        id: actorIds[a]!,
        expertise: ac.expertise[at]!,
        power: ac.power[at]!,
        importance: ac.importance[at]!,
        integration: ac.integration[at]!,
        support: ac.support[at]!,
        mood: MOODS[ac.mood[at]!] ?? 'unclear',
        personalRateByPeak: ac.personalRateByPeak[at]!,
        inGroupRateByPeak: ac.inGroupRateByPeak[at]!,
        satisfaction: ac.satisfaction[at]!,
      };
    }),
    team: indicatorsAt(tc, d),
  };
}

/** All day records as the spec's scene fields: 365 sceneDays, the reconstructed pastDays, and renderDays. */
export function expandScene(result: SceneResult): ExpandedScene {
  const past = -result.firstDay;
  return {
    sceneDays: Array.from({ length: result.days - past }, (_, i) => sceneDay(result, i)),
    pastDays: Array.from({ length: past }, (_, i) => sceneDay(result, result.firstDay + i)),
    renderDays: result.renderDays.map((day) => sceneDay(result, day)),
  };
}
