import type { Scene } from '@teamcast/contracts';

export type TeamOrder = 'rating' | 'percent';

/** Rating orders by the team's statistical power, percent by its teaming effect; teams not computed yet go last. */
export function orderTeams(items: Scene[], order: TeamOrder): Scene[] {
  const key = (scene: Scene) => (scene.summary ? (order === 'rating' ? scene.summary.totalStatisticPower : scene.summary.teamingEffect) : -Infinity);
  return [...items].sort((a, b) => key(b) - key(a));
}
