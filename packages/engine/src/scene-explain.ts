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
  const top = topItems(5);
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
    for (const item of byInput.values()) top.offer(item.points, () => item);
  }
  let sumH = 0;
  for (let p = 0; p < core.lastHours.length; p++) if (!Number.isNaN(core.lastRatings[p]!)) sumH += core.lastHours[p]!;
  for (let x = 0, p = 0; x < n; x++) {
    for (let y = x + 1; y < n; y++, p++) {
      const r = core.lastRatings[p]!;
      if (Number.isNaN(r) || sumH === 0) continue;
      const points = (core.lastHours[p]! * (r - micro)) / sumH;
      top.offer(points, () => ({ factor: 'interaction', personId: units[x]!.id, input: `pair:${units[y]!.id}`, points }));
    }
  }
  const m = core.teamColumns.manager[last]!;
  if (m >= 0) {
    const points = params.manager.shift * managerQuality(units[m]!);
    top.offer(points, () => ({ factor: 'manager', personId: units[m]!.id, input: 'quality', points }));
  }
  return top.items;
}

/**
 * The `size` items of largest size (|points|, not 0) in the order a stable sort by size would give them: of equal
 * sizes, the one offered first comes first. A team offers an item per pair; only those that enter are built.
 */
function topItems(size: number) {
  const items: SceneExplanationItem[] = [];
  return {
    items,
    offer(points: number, make: () => SceneExplanationItem): void {
      if (points === 0) return;
      const magnitude = Math.abs(points);
      if (items.length === size && !(magnitude > Math.abs(items[size - 1]!.points))) return;
      let at = items.length;
      while (at > 0 && magnitude > Math.abs(items[at - 1]!.points)) at--;
      items.splice(at, 0, make());
      if (items.length > size) items.pop();
    },
  };
}
