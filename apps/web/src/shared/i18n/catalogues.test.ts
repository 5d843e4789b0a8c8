import { describe, expect, it } from 'vitest';
import { resources } from './i18n.ts';

function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

describe('translation catalogues', () => {
  it('have the same namespaces in Russian and English', () => {
    expect(Object.keys(resources.ru).sort()).toEqual(Object.keys(resources.en).sort());
    expect(Object.keys(resources.ru)).toContain('common');
  });

  it('have the same keys in Russian and English, namespace by namespace', () => {
    for (const namespace of Object.keys(resources.ru)) {
      expect(keys(resources.ru[namespace]).sort(), namespace).toEqual(keys(resources.en[namespace]).sort());
    }
  });

  it('have no empty text', () => {
    const leaves = (tree: unknown): unknown[] => (typeof tree === 'object' && tree !== null ? Object.values(tree).flatMap(leaves) : [tree]);
    for (const language of ['ru', 'en'] as const) {
      for (const text of leaves(resources[language])) expect(String(text).trim()).not.toBe('');
    }
  });
});
