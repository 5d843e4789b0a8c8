import { describe, expect, it } from 'vitest';
import { extremePairs } from './team-charts.tsx';

const pair = (rating: number) => ({ a: `a${rating}`, b: `b${rating}`, rating });

describe("a large team's network", () => {
  it('draws every pair while few enough, and otherwise only the lowest and the highest rated', () => {
    const few = [3, -1, 7].map(pair);
    expect(extremePairs(few, 2)).toBe(few);
    const many = [5, -40, 12, 90, 0, -3, 61, 8].map(pair);
    expect(extremePairs(many, 2).map((p) => p.rating)).toEqual([-40, -3, 61, 90]);
  });
});
