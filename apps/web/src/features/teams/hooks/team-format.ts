import type { Scene } from '@teamcast/contracts';

/** A number for display: one decimal at most, in the reader's language. */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

/** A number with its sign (+3.5, −2), for effects. */
export function signed(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(value);
}

export type TeamOrder = 'rating' | 'percent';

/** Rating orders by the team's statistical power, percent by its teaming effect; teams not computed yet go last. */
export function orderTeams(items: Scene[], order: TeamOrder): Scene[] {
  const key = (scene: Scene) => (scene.summary ? (order === 'rating' ? scene.summary.totalStatisticPower : scene.summary.teamingEffect) : -Infinity);
  return [...items].sort((a, b) => key(b) - key(a));
}
