import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../../../shared/locales';
import { FIELD_MESSAGES } from '../../../shared/errors/field-messages';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../i18n');
type Tree = { [key: string]: string | Tree };
const read = (locale: string): Tree => JSON.parse(readFileSync(join(dir, locale, 'reports.json'), 'utf8')) as Tree;
const flat = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** i18next plural keys ('withheld_one', 'withheld_few', …): each locale has exactly its language's forms. */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
/** A text's key with its plural suffix replaced by the language's forms; other keys as they are. */
function expected(locale: string, enKeys: readonly string[]): string[] {
  const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const out = new Set<string>();
  for (const k of enKeys) {
    const m = PLURAL.exec(k);
    if (m) for (const form of forms) out.add(`${m[1] ?? ''}_${form}`);
    else out.add(k);
  }
  return [...out];
}
const enKeyOf = (k: string) => {
  const m = PLURAL.exec(k);
  return m ? `${m[1] ?? ''}_other` : k;
};

describe('reports texts', () => {
  const en = new Map(flat(read('en')));
  for (const locale of UI_LOCALES) {
    it(`${locale}: every English key (plurals in the language's forms), non-empty, same placeholders, nothing extra`, () => {
      const other = new Map(flat(read(locale)));
      const keys = expected(locale, [...en.keys()]);
      expect(keys.filter((k) => !other.get(k)?.trim())).toEqual([]);
      expect([...other.keys()].filter((k) => !keys.includes(k))).toEqual([]);
      for (const k of keys) expect(placeholders(other.get(k) ?? ''), `${locale} ${k}`).toEqual(placeholders(en.get(en.has(k) ? k : enKeyOf(k)) ?? ''));
    });
    it(`${locale}: the filter messages exist`, () => {
      expect(FIELD_MESSAGES[locale]['report-filter-one-group']).toMatch(/\S/);
      expect(FIELD_MESSAGES[locale]['report-filter-two-answers']).toMatch(/2/);
    });
  }
  it('mk is Cyrillic', () => {
    expect(flat(read('mk')).find(([k]) => k === 'basic.title')?.[1]).toMatch(/[\u0400-\u04FF]/);
  });
});
