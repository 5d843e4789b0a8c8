import { beforeEach, describe, expect, it } from 'vitest';
import { SCALE_MAX, scaleStore, setScale } from './scale-store.ts';

describe('timeline scale', () => {
  beforeEach(() => localStorage.clear());

  it('is 1.0 when nothing was saved, or the saved value is not a number', () => {
    expect(scaleStore.get()).toBe(1);
    localStorage.setItem(scaleStore.key, '"big"');
    expect(scaleStore.get()).toBe(1);
  });

  it('is remembered in local storage, so a new page reads it back', () => {
    setScale(1.75);
    expect(JSON.parse(localStorage.getItem(scaleStore.key)!)).toBe(1.75);
    localStorage.setItem(scaleStore.key, '2.5');
    expect(scaleStore.get()).toBe(2.5);
  });

  it('stays within its bounds', () => {
    setScale(99);
    expect(scaleStore.get()).toBe(SCALE_MAX);
  });
});
