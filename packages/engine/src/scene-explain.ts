import type { Params } from './params.ts';
import { actorEffect, managerQuality, partnerEffect, type Term, type Unit } from './pair-model.ts';
import type { Timeline } from './scene-timeline.ts';
import type { SceneExplanationItem } from './scene-types.ts';
import type { CoreOutput } from './simulate-core.ts';

/**
 * Team explanation on the last day: each person's actor and partner terms scaled to microclimate points
 * (a term enters 1 / n of the team's perspective ratings), each pair's hours-weighted pull away from the
 * mean, and the manager's shift; the largest five by size.
 */
export function explainScene(units: readonly Unit[], core: CoreOutput, tl: Timeline, params: Params): SceneExplanationItem[] {
  const n = units.length;
  const last = tl.days - 1;
  const activeIdx = units.map((_, a) => a).filter((a) => tl.active[a * tl.days + last]);
  const count = activeIdx.length;
  if (count < 2) return [];
  const micro = core.teamColumns.microclimate[last]!;
  const slope = 100 * params.tanhScale * (1 - (micro / 100) ** 2);
  const items: SceneExplanationItem[] = [];
  const w = params.kinds.work;
  for (const a of activeIdx) {
    const terms: Term[] = [];
    actorEffect(w, units[a]!, terms);
    partnerEffect(w, units[a]!, terms);
    // The actor and partner terms of one input are one trait of one person: named once, points added.
    const byInput = new Map<string, SceneExplanationItem>();
    for (const t of terms) {
      if (t.factor === 'relationship') continue;
      const points = (slope * t.raw) / count;
      const seen = byInput.get(t.input);
      byInput.set(
        t.input,
        seen ? { ...seen, factor: 'person', points: seen.points + points } : { factor: t.factor, personId: t.personId, input: t.input, points },
      );
    }
    items.push(...byInput.values());
  }
  let sumH = 0;
  for (let p = 0; p < core.lastHours.length; p++) if (!Number.isNaN(core.lastRatings[p]!)) sumH += core.lastHours[p]!;
  for (let x = 0, p = 0; x < n; x++) {
    for (let y = x + 1; y < n; y++, p++) {
      const r = core.lastRatings[p]!;
      if (Number.isNaN(r) || sumH === 0) continue;
      items.push({ factor: 'interaction', personId: units[x]!.id, input: `pair:${units[y]!.id}`, points: (core.lastHours[p]! * (r - micro)) / sumH });
    }
  }
  const m = core.teamColumns.manager[last]!;
  if (m >= 0) items.push({ factor: 'manager', personId: units[m]!.id, input: 'quality', points: params.manager.shift * managerQuality(units[m]!) });
  return items
    .filter((i) => i.points !== 0)
    .sort((p, q) => Math.abs(q.points) - Math.abs(p.points))
    .slice(0, 5);
}
