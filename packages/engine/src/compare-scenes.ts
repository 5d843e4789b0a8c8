import { EngineError } from './errors.ts';
import type { SceneInput, SceneOptions, SceneResult } from './scene-types.ts';
import { simulateScene } from './simulate-scene.ts';
import type { Orientation, TeamType } from './types.ts';

/** The compare-teams indicators of spec section 3. */
export type CompareIndicators = {
  kTotal: number;
  pTotal: number;
  lTotal: number;
  monthsTogether: number;
  /** Percent of the forecast year spent as a launch, growth and support team. */
  launch: number;
  growth: number;
  support: number;
  teamType: TeamType;
  maxPower: number;
  avgPower: number;
  leads: number;
  participants: number;
  managers: number;
  cohesion: number;
  /** Mean manager suitability; null without a manager. */
  managementFit: number | null;
  /** Mean teaming effect, percent. */
  unitingEffect: number;
  /** Mean microclimate, [-100, 100]. */
  atmosphere: number;
  profile: Orientation;
};

export type CompareKey = keyof CompareIndicators;

/** Which way is better; null for descriptive indicators that have no best. */
export const COMPARE_DIRECTION: Record<CompareKey, 'higher' | null> = {
  kTotal: 'higher',
  pTotal: 'higher',
  lTotal: 'higher',
  monthsTogether: 'higher',
  launch: null,
  growth: null,
  support: null,
  teamType: null,
  maxPower: 'higher',
  avgPower: 'higher',
  leads: null,
  participants: null,
  managers: null,
  cohesion: 'higher',
  managementFit: 'higher',
  unitingEffect: 'higher',
  atmosphere: 'higher',
  profile: null,
};

export type CompareEntry = { id: string; result: SceneResult } | { id: string; scene: SceneInput };

export type Comparison = {
  scenes: Array<{ id: string; indicators: CompareIndicators }>;
  /** Per indicator, the ids of the best scenes (several on a tie); null where no direction applies. */
  best: Record<CompareKey, string[] | null>;
};

/** The compare-teams indicators of one simulated scene. */
export function compareIndicators(result: SceneResult): CompareIndicators {
  const { teamColumns: tc, finalStats: fs, summary } = result;
  const from = -result.firstDay;
  const shares = [0, 0, 0];
  for (let d = from; d < result.days; d++) shares[tc.teamType[d]!]!++;
  const future = result.days - from;
  return {
    kTotal: summary.competencies.k,
    pTotal: summary.competencies.p,
    lTotal: summary.competencies.l,
    monthsTogether: fs.monthsTogether,
    launch: (100 * shares[0]!) / future,
    growth: (100 * shares[1]!) / future,
    support: (100 * shares[2]!) / future,
    teamType: summary.teamType,
    maxPower: fs.maxPower,
    avgPower: fs.avgPower,
    leads: fs.leads,
    participants: fs.participants,
    managers: fs.managers,
    cohesion: fs.averages.cohesion,
    managementFit: fs.averages.managerSuitability,
    unitingEffect: fs.averages.teamingEffect,
    atmosphere: fs.averages.microclimate,
    profile: summary.orientation,
  };
}

/** Compares several scenes (simulated here when given as input) indicator by indicator. */
export function compareScenes(entries: readonly CompareEntry[], options: Pick<SceneOptions, 'params'> = {}): Comparison {
  if (entries.length === 0) throw new EngineError('invalid_input', 'nothing to compare');
  const scenes = entries.map((e) => ({
    id: e.id,
    indicators: compareIndicators('result' in e ? e.result : simulateScene(e.scene, { ...options, pairDetail: 'none' })),
  }));
  const best = {} as Record<CompareKey, string[] | null>;
  for (const key of Object.keys(COMPARE_DIRECTION) as CompareKey[]) {
    if (COMPARE_DIRECTION[key] === null) {
      best[key] = null;
      continue;
    }
    const values = scenes.map((s) => s.indicators[key] as number | null);
    const top = Math.max(...values.map((v) => (v === null ? -Infinity : v)));
    best[key] = top === -Infinity ? null : scenes.filter((_, i) => values[i] === top).map((s) => s.id);
  }
  return { scenes, best };
}
