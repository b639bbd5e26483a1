import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../../shared/locales';
import { ROUTE_IDS } from '../../shared/routes';

const here = dirname(fileURLToPath(import.meta.url));

type Tree = { [key: string]: string | Tree };

function read(locale: string, ns: string): Tree {
  return JSON.parse(readFileSync(join(here, locale, `${ns}.json`), 'utf8')) as Tree;
}

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string).sort();
}

function valueAt(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

describe('common.json shell texts', () => {
  const en = read('en', 'common');
  const enKeys = keys(en);

  it('names every route of the route table', () => {
    for (const id of ROUTE_IDS) expect(enKeys).toContain(`nav.${id}`);
  });

  for (const locale of UI_LOCALES) {
    it(`${locale} has every English key, non-empty, with the same placeholders`, () => {
      expect(existsSync(join(here, locale, 'common.json'))).toBe(true);
      const other = read(locale, 'common');
      const missing = enKeys.filter((k) => !valueAt(other, k)?.trim());
      expect(missing).toEqual([]);
      for (const k of enKeys) {
        expect(placeholders(valueAt(other, k) ?? ''), `${locale} ${k}`).toEqual(placeholders(valueAt(en, k) ?? ''));
      }
      expect(keys(other).filter((k) => !enKeys.includes(k))).toEqual([]);
    });
  }

  it('mk is written in Cyrillic and sr in Latin script', () => {
    expect(valueAt(read('mk', 'common'), 'nav.home')).toMatch(/[\u0400-\u04FF]/);
    expect(valueAt(read('sr', 'common'), 'nav.home')).not.toMatch(/[\u0400-\u04FF]/);
  });
});
