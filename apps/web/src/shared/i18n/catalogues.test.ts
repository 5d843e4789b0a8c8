import { describe, expect, it } from 'vitest';
import ru from '../../locales/ru/common.json';
import en from '../../locales/en/common.json';

function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

describe('translation catalogues', () => {
  it('have the same keys in Russian and English', () => {
    expect(keys(ru).sort()).toEqual(keys(en).sort());
  });

  it('have no empty text', () => {
    const leaves = (tree: unknown): unknown[] => (typeof tree === 'object' && tree !== null ? Object.values(tree).flatMap(leaves) : [tree]);
    for (const text of [...leaves(ru), ...leaves(en)]) expect(String(text).trim()).not.toBe('');
  });
});
