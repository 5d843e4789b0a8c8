import { DEFAULT_PARAMS, normalizeActors, type SceneInput } from '../src/index.ts';
import { pairSetup, tauDays, toUnit } from '../src/pair-model.ts';

/**
 * Naive reference: the same pair dynamics written the obvious way, one object per actor per day and per
 * pair per day, arrays of records grown with push, Math.pow for the decay. Only for the speed ratio;
 * it covers the pair ratings and per-actor satisfaction and power, not the whole team model.
 */
export function naiveScene(scene: SceneInput): unknown[] {
  const params = DEFAULT_PARAMS;
  const actors = normalizeActors(scene.actors).actors;
  const units = actors.map((a) => toUnit(scene.specialists.find((s) => s.id === a.id)!));
  const first = Math.max(-730, Math.min(0, ...actors.flatMap((a) => a.events.map((e) => e.date))));
  const isActive = (ai: number, day: number): boolean => {
    let on = false;
    for (const e of actors[ai]!.events) {
      if (e.date > day) break;
      if (e.type === 'dismiss') on = false;
      else if (['join', 'start', 'rejoin', 'manager_join', 'lead_join'].includes(e.type)) on = true;
    }
    return on;
  };
  const hoursOf = (ai: number, bj: number, day: number): number => {
    const entries = [
      ...actors[ai]!.interactionIntensive.filter((x) => x.actorId === actors[bj]!.id),
      ...actors[bj]!.interactionIntensive.filter((x) => x.actorId === actors[ai]!.id),
    ]
      .filter((x) => x.date <= day)
      .sort((x, y) => x.date - y.date);
    return entries.length ? entries[entries.length - 1]!.value : params.team.implicitHours;
  };
  const setups = new Map<string, ReturnType<typeof pairSetup>>();
  const started = new Map<string, number>();
  const records: unknown[] = [];
  for (let day = first; day < 365; day++) {
    const active = units.map((_, i) => i).filter((i) => isActive(i, day));
    const pairs: Array<{ a: string; b: string; rating: number; hours: number }> = [];
    for (const i of active) {
      for (const j of active) {
        if (j <= i) continue;
        const key = `${i}-${j}`;
        if (!setups.has(key)) setups.set(key, pairSetup(params.kinds.work, units[i]!, units[j]!, params));
        if (!started.has(key)) started.set(key, day);
        const s = setups.get(key)!;
        const hours = hoursOf(i, j, day);
        const e = Math.pow(Math.exp(-1 / tauDays(hours, 0, params)), day - started.get(key)!);
        const x = Math.max(-100, Math.min(100, s.settledAB + (s.firstAB - s.settledAB) * e - 4 * s.storm * e * (1 - e)));
        const y = Math.max(-100, Math.min(100, s.settledBA + (s.firstBA - s.settledBA) * e - 4 * s.storm * e * (1 - e)));
        pairs.push({ a: units[i]!.id, b: units[j]!.id, rating: (x + y) / 2, hours });
      }
    }
    const actorsToday = active.map((i) => {
      const mine = pairs.filter((p) => p.a === units[i]!.id || p.b === units[i]!.id);
      const w = mine.reduce((s, p) => s + p.hours, 0);
      const rating = w ? mine.reduce((s, p) => s + p.hours * p.rating, 0) / w : 0;
      const expertise = 0.4 * units[i]!.k + 0.35 * units[i]!.p + 0.25 * units[i]!.l;
      return { id: units[i]!.id, satisfaction: (rating + 100) / 2, power: expertise * (0.6 + (0.4 * (rating + 100)) / 200) };
    });
    records.push({ day, pairs, actors: actorsToday, basePower: actorsToday.reduce((s, a) => s + a.power, 0) });
  }
  return records;
}

/** Naive pair forecast: one object per day, Math.pow decay, no typed arrays. */
export function naivePair(
  a: Parameters<typeof toUnit>[0],
  b: Parameters<typeof toUnit>[0],
  hours: number,
): { daily: Array<{ day: number; rating: number }>; mean: number } {
  const params = DEFAULT_PARAMS;
  const s = pairSetup(params.kinds.work, toUnit(a), toUnit(b), params);
  const rho = Math.exp(-1 / tauDays(hours, 0, params));
  // Same work as the engine's series: office mode, no manager.
  const daily: Array<{ day: number; rating: number }> = [];
  for (let t = 0; t < 365; t++) {
    const e = Math.pow(rho, t) * (t >= 182 ? 1 - params.dynamics.midpointShift : 1);
    const x = Math.max(-100, Math.min(100, s.settledAB + (s.firstAB - s.settledAB) * e - 4 * s.storm * e * (1 - e)));
    const y = Math.max(-100, Math.min(100, s.settledBA + (s.firstBA - s.settledBA) * e - 4 * s.storm * e * (1 - e)));
    daily.push({ day: t, rating: (x + y) / 2 });
  }
  return { daily, mean: daily.reduce((sum, d) => sum + d.rating, 0) / daily.length };
}
