import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from './i18n.ts';

type Catalogue = { [key: string]: string | Catalogue };

const SOURCE = path.resolve(import.meta.dirname, '../..');
const PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Whether a catalogue holds a key (dots walk nested objects), directly or as a plural form. */
function holds(catalogue: Catalogue | undefined, key: string): boolean {
  if (!catalogue) return false;
  const lookup = (dotted: string): boolean => {
    let node: string | Catalogue | undefined = catalogue;
    for (const part of dotted.split('.')) {
      if (typeof node !== 'object' || !(part in node)) return false;
      node = node[part];
    }
    return node !== undefined;
  };
  return lookup(key) || PLURALS.some((form) => lookup(`${key}_${form}`));
}

/**
 * Every literal key the web's code passes to `t(...)` (or `i18nKey=`), resolved as i18next resolves it: `ns:key`
 * reads that namespace, a bare key the namespaces of the file's `useTranslation(...)` (or `common`; a namespace given
 * by a variable: any namespace). Dynamic keys
 * (template strings, variables) are not seen here; their catalogues are checked for ru/en parity by locales.test.ts.
 */
function usedKeys(): Array<{ file: string; namespaces: string[]; key: string }> {
  const used: Array<{ file: string; namespaces: string[]; key: string }> = [];
  for (const file of sourceFiles(SOURCE)) {
    // Comments mention keys as examples; they are not uses.
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    // useTranslation('ns'), useTranslation(['a', 'b']), useTranslation() (common) or useTranslation(variable) (any).
    const declared = [...text.matchAll(/useTranslation\(\s*(?:'([\w-]+)'|\[([^\]]*)\]|(\w+))?/g)].flatMap((m) =>
      m[1] ? [m[1]] : m[2] ? [...m[2].matchAll(/'([\w-]+)'/g)].map((n) => n[1]!) : m[3] ? ['*'] : ['common'],
    );
    const namespaces = declared.length ? [...new Set(declared)] : ['common'];
    for (const match of text.matchAll(/(?:\bt\(\s*|i18nKey=\{?\s*)(['"])([^'"\n]+)\1/g)) {
      used.push({ file: path.relative(SOURCE, file), namespaces, key: match[2]! });
    }
  }
  return used;
}

describe('translation keys the code uses', () => {
  const used = usedKeys();

  it('finds the keys (the scan itself works)', () => {
    expect(used.length).toBeGreaterThan(500);
  });

  it('exist in Russian and in English', () => {
    const missing: string[] = [];
    for (const { file, namespaces, key } of used) {
      const separator = key.indexOf(':');
      const explicit = separator > 0 ? key.slice(0, separator) : null;
      for (const locale of ['ru', 'en'] as const) {
        const catalogues = resources[locale] as Record<string, Catalogue>;
        if (explicit !== null && !(explicit in catalogues)) {
          missing.push(`${file}: "${key}" has a ':' that i18next reads as a namespace separator, and there is no namespace "${explicit}"`);
          break;
        }
        const candidates = namespaces.includes('*') ? Object.keys(catalogues) : namespaces;
        const found = explicit !== null ? holds(catalogues[explicit], key.slice(separator + 1)) : candidates.some((ns) => holds(catalogues[ns], key));
        if (!found) missing.push(`${file}: "${key}" is missing in ${locale} (${explicit ?? namespaces.join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
