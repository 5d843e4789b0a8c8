import { MOODS, type Mood } from '@teamcast/engine';
import type { SceneDataset } from '../api/dataset.ts';

/** Column index of a day offset, or -1 outside the computed range. */
export function dayIndex(dataset: SceneDataset, day: number): number {
  const d = day - dataset.firstDay;
  return d >= 0 && d < dataset.days ? d : -1;
}

export type ActorMetrics = { expertise: number; power: number; importance: number; integration: number; support: number; rating: number; mood: Mood };

/** One actor's metrics on a day; null when he is not in the team that day (or was not computed). */
export function actorOn(dataset: SceneDataset, actorId: string, day: number): ActorMetrics | null {
  const a = dataset.actorIds.indexOf(actorId);
  const d = dayIndex(dataset, day);
  if (a < 0 || d < 0) return null;
  const at = a * dataset.days + d;
  const c = dataset.actorColumns;
  if (!c.active[at]) return null;
  const num = (column: Array<number | null>) => column[at] ?? 0;
  return {
    expertise: num(c.expertise),
    power: num(c.power),
    importance: num(c.importance),
    integration: num(c.integration),
    support: num(c.support),
    rating: num(c.inGroupRateByPeak),
    mood: MOODS[num(c.mood)] ?? 'unclear',
  };
}

export type TeamDay = {
  basePower: number;
  peakPower: number;
  power: number;
  cohesion: number;
  microclimate: number;
  /** null without an active manager. */
  managerSuitability: number | null;
  teamingEffect: number;
  activeCount: number;
};

/** The team's indicators on a day; null outside the computed range. */
export function teamOn(dataset: SceneDataset, day: number): TeamDay | null {
  const d = dayIndex(dataset, day);
  if (d < 0) return null;
  const c = dataset.teamColumns;
  const num = (column: Array<number | null>) => column[d] ?? 0;
  return {
    basePower: num(c.basePower),
    peakPower: num(c.peakPower),
    power: num(c.totalStatisticPower),
    cohesion: num(c.cohesion),
    microclimate: num(c.microclimate),
    managerSuitability: c.managerSuitability[d] ?? null,
    teamingEffect: num(c.teamingEffect),
    activeCount: num(c.activeCount),
  };
}

export type PairOn = { a: string; b: string; rating: number };

/** The stored slot of pair ratings that holds for the day: the day's own, else the latest earlier (ratings may be kept monthly only); -1 for none. */
export function pairSlot(dataset: SceneDataset, day: number): number {
  const d = dayIndex(dataset, day);
  const { days } = dataset.pairs;
  let slot = -1;
  for (let s = 0; s < days.length; s++) if (days[s]! <= d && (slot < 0 || days[s]! > days[slot]!)) slot = s;
  return slot;
}

/** The pair ratings of a stored slot (`pairSlot`), every pair with a finite rating. */
export function pairsAt(dataset: SceneDataset, slot: number): PairOn[] {
  if (slot < 0) return [];
  const { pairs, actorIds } = dataset;
  const out: PairOn[] = [];
  const n = actorIds.length;
  for (let i = 0, p = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++, p++) {
      const rating = pairs.ratings[slot * pairs.pairCount + p];
      if (rating !== null && rating !== undefined && Number.isFinite(rating)) out.push({ a: actorIds[i]!, b: actorIds[j]!, rating });
    }
  }
  return out;
}
