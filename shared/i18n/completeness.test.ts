/**
 * The one completeness test over every namespace of shared/i18n: each locale has every English key
 * (plural keys in its own language's forms, lists of the same length), no empty text, no key English
 * lacks, and the same {{placeholders}} as English. Nowhere else re-checks this.
 *
 * AWAITING_TRANSLATION lists the namespaces whose texts still fall back to English in some locales
 * (issue 13 completes them): there only the keys that exist are checked, except the `required` keys,
 * which respondents read and so must exist everywhere. The list is exact: a namespace that has become
 * complete fails the test until it is taken off the list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_LOCALES, type UiLocale } from '../locales';
import { TEXT_NAMESPACES, type TextNamespace } from './namespaces';
import { LOCALE_DIR } from './node';

const TRANSLATORS_PENDING: readonly UiLocale[] = ['hr', 'sr', 'bs', 'mk', 'de', 'fr'];
const AWAITING_TRANSLATION: Partial<Record<TextNamespace, { locales: readonly UiLocale[]; required?: RegExp }>> = {
  pages: { locales: TRANSLATORS_PENDING },
  account: { locales: TRANSLATORS_PENDING },
  admin: { locales: TRANSLATORS_PENDING },
  applications: { locales: TRANSLATORS_PENDING },
  'paper-entry': { locales: TRANSLATORS_PENDING },
  // the kiosk's code, thank-you and inactivity screens face respondents; setup and the HR panel face HR
  kiosk: { locales: TRANSLATORS_PENDING, required: /^(code|thanks|idle)\.|^cancel$/ },
  // the contact mail goes to the operator, written in sl, hr and en only; every other mail is complete
  mail: { locales: ['sr', 'bs', 'mk', 'de', 'fr'], required: /^(?!contact\.)/ },
  // seeded content exists in the languages it was written in (footer sl, hr, en; demo questions sl, en (+ hr))
  seed: { locales: TRANSLATORS_PENDING },
};

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf as 'a.b.2.c' -> value (list items keep their index). */
function leaves(node: Json, prefix = '', out = new Map<string, Json>()): Map<string, Json> {
  if (Array.isArray(node)) node.forEach((v, i) => leaves(v, `${prefix}${i}.`, out));
  else if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) leaves(v, `${prefix}${k}.`, out);
  else out.set(prefix.slice(0, -1), node);
  return out;
}

function read(locale: string, ns: string): Map<string, Json> | null {
  const file = path.join(LOCALE_DIR, locale, `${ns}.json`);
  return fs.existsSync(file) ? leaves(JSON.parse(fs.readFileSync(file, 'utf8')) as Json) : null;
}

const placeholders = (text: Json) => [...String(text).matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/** i18next plural keys ('withheld_one', 'withheld_few', …). */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** The keys `locale` must have for English's keys: plural groups in the language's own forms. */
function expectedKeys(locale: string, enKeys: Iterable<string>): Map<string, string> {
  const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const out = new Map<string, string>(); // key -> the English key it mirrors
  for (const k of enKeys) {
    const m = PLURAL.exec(k);
    if (m) for (const form of forms) out.set(`${m[1] ?? ''}_${form}`, `${m[1] ?? ''}_other`);
    else out.set(k, k);
  }
  return out;
}

describe('locale files', () => {
  it('every namespace has an English file and no other file exists', () => {
    for (const ns of TEXT_NAMESPACES) expect(read('en', ns), ns).not.toBeNull();
    for (const locale of UI_LOCALES) {
      const files = fs.readdirSync(path.join(LOCALE_DIR, locale)).map((f) => f.replace(/\.json$/, ''));
      expect(files.filter((f) => !(TEXT_NAMESPACES as readonly string[]).includes(f)), locale).toEqual([]);
    }
  });

  for (const ns of TEXT_NAMESPACES) {
    describe(ns, () => {
      const en = read('en', ns) ?? new Map<string, Json>();
      for (const locale of UI_LOCALES) {
        it(`${locale}: English keys, non-empty, same placeholders, nothing extra`, () => {
          const own = read(locale, ns) ?? new Map<string, Json>();
          const wanted = expectedKeys(locale, en.keys());
          const awaiting = AWAITING_TRANSLATION[ns];
          const partial = awaiting?.locales.includes(locale) ?? false;
          const missing = [...wanted.keys()].filter((k) => !String(own.get(k) ?? '').trim());
          if (partial) {
            expect(missing.length, `${ns} is complete in ${locale}: take it off AWAITING_TRANSLATION`).toBeGreaterThan(0);
            const required = awaiting?.required;
            expect(required ? missing.filter((k) => required.test(k)) : []).toEqual([]);
          } else {
            expect(missing).toEqual([]);
          }
          expect([...own.keys()].filter((k) => !wanted.has(k))).toEqual([]);
          for (const [k, v] of own) {
            const enKey = wanted.get(k);
            if (enKey !== undefined) expect(placeholders(v), `${locale} ${ns} ${k}`).toEqual(placeholders(en.get(enKey) ?? ''));
          }
        });
      }
    });
  }

  it('mk is written in Cyrillic and sr in Latin script', () => {
    expect(String(read('mk', 'common')?.get('nav.home'))).toMatch(/[\u0400-\u04FF]/);
    expect(String(read('sr', 'common')?.get('nav.home'))).not.toMatch(/[\u0400-\u04FF]/);
  });
});
