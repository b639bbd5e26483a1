import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../../../../shared/locales';

type Tree = { [key: string]: string | Tree };
const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../i18n');
const read = (locale: string): Tree => JSON.parse(readFileSync(join(dir, locale, 'kiosk.json'), 'utf8')) as Tree;
const keys = (tree: Tree, prefix = ''): string[] => Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
function valueAt(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// Respondent-facing texts exist in every UI locale; HR-only texts may fall back to English.
const RESPONDENT = /^(code|thanks|idle)\.|^cancel$/;

describe('kiosk.json', () => {
  const en = read('en');
  const enKeys = keys(en);

  it('sl has every English text', () => {
    const sl = read('sl');
    expect(enKeys.filter((k) => !valueAt(sl, k)?.trim())).toEqual([]);
    expect(keys(sl).filter((k) => !enKeys.includes(k))).toEqual([]);
  });

  for (const locale of UI_LOCALES) {
    it(`${locale}: every respondent-facing text, with the English placeholders`, () => {
      const tree = read(locale);
      const wanted = enKeys.filter((k) => RESPONDENT.test(k));
      expect(wanted.length).toBeGreaterThan(10);
      expect(wanted.filter((k) => !valueAt(tree, k)?.trim())).toEqual([]);
      for (const k of keys(tree)) {
        expect(enKeys, `${locale} ${k} is not an English key`).toContain(k);
        expect(placeholders(valueAt(tree, k) ?? ''), `${locale} ${k}`).toEqual(placeholders(valueAt(en, k) ?? ''));
      }
    });
  }

  it('mk is Cyrillic, sr Latin', () => {
    expect(valueAt(read('mk'), 'code.lead')).toMatch(/[\u0400-\u04FF]/);
    expect(valueAt(read('sr'), 'code.lead')).not.toMatch(/[\u0400-\u04FF]/);
  });
});
