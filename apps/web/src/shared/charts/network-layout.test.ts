import { describe, expect, it } from 'vitest';
import { boxesMeet, boxMeetsCircle, labelBoxes, labelsFit, layoutNetwork, levelLayout } from './network-layout.ts';
import { shortName } from './text-width.ts';

const names = (count: number, name: (i: number) => string) => Array.from({ length: count }, (_, i) => name(i));
const longName = (i: number) => `Константинопольская-${i} Анастасия`;
const mixedName = (i: number) => (i % 3 === 0 ? `Ян ${i}` : i % 3 === 1 ? `Александра Петрова ${i}` : `Boris Johnson-${i}`);

describe("a network's names", () => {
  it('never cover each other nor leave the drawing, for 2 to 60 people on a phone or a desktop', () => {
    for (const width of [320, 343, 390, 600, 900, 1200]) {
      for (let count = 2; count <= 60; count++) {
        for (const name of [longName, mixedName, (i: number) => `A${i}`]) {
          const layout = layoutNetwork(names(count, name), width);
          expect(labelsFit(layout), `${count} people, ${width} px, e.g. ${name(0)}`).toBe(true);
          expect(layout.width).toBeGreaterThanOrEqual(width);
        }
      }
    }
  });

  it('stay level beside their nodes for a small team, and go along the radii for 30 people', () => {
    const few = layoutNetwork(['Anna', 'Boris', 'Vera'], 480);
    expect(few.radial).toBe(false);
    expect(few.labels.map((label) => label.text)).toEqual(['Anna', 'Boris', 'Vera']);
    expect(few.labels.every((label) => label.rotate === 0)).toBe(true);
    // The case seen in the simulator: 30 people, whose level names met at the top and the bottom of the circle.
    const thirty = names(30, mixedName);
    expect(labelsFit(levelLayout(thirty, 900))).toBe(false);
    const crowded = layoutNetwork(thirty, 900);
    expect(crowded.radial).toBe(true);
    expect(crowded.width).toBe(900);
    // On a desktop every name is as long as a level one may be; no name reads upside down (rotations within a quarter turn of level).
    expect(crowded.labels.map((label) => label.text)).toEqual(thirty.map((name) => shortName(name, 18)));
    expect(crowded.labels.every((label) => Math.abs(((label.rotate + 540) % 360) - 180) <= 90 + 1e-9)).toBe(true);
  });

  it('cuts names only to what a phone leaves them, keeping their start', () => {
    const layout = layoutNetwork(names(30, longName), 343);
    expect(layout.width).toBe(343);
    for (const [i, label] of layout.labels.entries()) {
      // 30 nodes need a circle of 86 px radius to stay apart; a 343 px phone leaves 9 characters beside it.
      expect(label.text.length).toBeGreaterThanOrEqual(9);
      expect(longName(i).startsWith(label.text.replace(/…$/, ''))).toBe(true);
    }
  });

  it('finds boxes that meet, and boxes apart, level or turned', () => {
    const square = (x: number, y: number, turn = 0) => {
      const c = Math.cos(turn);
      const s = Math.sin(turn);
      return [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ].map(([u, v]) => ({ x: x + u! * c - v! * s, y: y + u! * s + v! * c }));
    };
    expect(boxesMeet(square(0, 0), square(1.5, 0))).toBe(true);
    expect(boxesMeet(square(0, 0), square(2.5, 0))).toBe(false);
    // A diamond beside a square: their corners' bounding boxes overlap, the shapes do not.
    expect(boxesMeet(square(0, 0), square(2.2, 2.2, Math.PI / 4))).toBe(false);
    expect(boxesMeet(square(0, 0), square(1.6, 1.6, Math.PI / 4))).toBe(true);
    expect(labelBoxes(layoutNetwork(['Anna'], 480))).toHaveLength(1);
    // A circle inside, beside an edge, beside a corner, and clear of a turned box.
    expect(boxMeetsCircle(square(0, 0), { x: 0.2, y: 0 }, 0.1)).toBe(true);
    expect(boxMeetsCircle(square(0, 0), { x: 1.5, y: 0 }, 0.6)).toBe(true);
    expect(boxMeetsCircle(square(0, 0), { x: 1.5, y: 0 }, 0.4)).toBe(false);
    expect(boxMeetsCircle(square(0, 0), { x: 1.5, y: 1.5 }, 0.6)).toBe(false);
    expect(boxMeetsCircle(square(0, 0, Math.PI / 4), { x: 1.5, y: 1.5 }, 0.6)).toBe(false);
    expect(boxMeetsCircle(square(0, 0, Math.PI / 4), { x: 1.2, y: 0 }, 0.3)).toBe(true);
  });

  it('cuts a name with an ellipsis', () => {
    expect(shortName('Anastasia', 5)).toBe('Anas…');
    expect(shortName('Anna', 5)).toBe('Anna');
    expect(shortName('Person jf Bench', 10)).toBe('Person jf…');
  });
});
