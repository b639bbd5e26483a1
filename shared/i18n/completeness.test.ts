/**
 * The one completeness test over every namespace of shared/i18n: each of the eight locales has every
 * English key (plural keys in its own language's forms, lists of the same length), no empty text, no
 * key English lacks, and the same {{placeholders}} as English; Macedonian is Cyrillic (no Latin word but
 * the product's names and abbreviations) and Serbian is Latin. Nowhere else re-checks this. That every
 * key is read by some code is checked in keys-used.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../locales';
import { TEXT_NAMESPACES } from './namespaces';
import { LOCALE_DIR } from './node';

/** Latin words a Macedonian text may hold: the product's names, abbreviations and formats (docs/glossary.md). */
const MK_LATIN_ALLOWED = /^(IZZ|PULS|ESI|eNPS|PDF|Excel|QR|CSV|XLSX|xlsx|csv|pdf|PNG|JPG|JPEG|SVG|WebP|HTML|URL|UUID|UTC|IP|ID|HR|EUR|ALTCHA|GDPR|NACE|SMTP|Google|Analytics|JavaScript|Tag|Manager|Ctrl|Shift|Enter|Tab|Backspace|Esc|OK|www|example|com|info)$/;

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
          expect([...wanted.keys()].filter((k) => !String(own.get(k) ?? '').trim())).toEqual([]);
          expect([...own.keys()].filter((k) => !wanted.has(k))).toEqual([]);
          for (const [k, v] of own) {
            const enKey = wanted.get(k);
            if (enKey !== undefined) expect(placeholders(v), `${locale} ${ns} ${k}`).toEqual(placeholders(en.get(enKey) ?? ''));
          }
        });
      }
    });
  }

  it('mk is written in Cyrillic (Latin only for names, abbreviations, code samples, addresses) and sr in Latin script', () => {
    const latinInMk: string[] = [];
    const cyrillicInSr: string[] = [];
    for (const ns of TEXT_NAMESPACES) {
      for (const [k, v] of read('mk', ns) ?? new Map<string, Json>()) {
        const text = String(v)
          .replace(/\{\{[^}]*\}\}/g, ' ')
          .replace(/<[^>]*>/g, ' ')
          .replace(/https?:\/\/\S+|[\w.+-]+@[\w.-]+/g, ' ');
        for (const word of text.match(/[A-Za-z][A-Za-z.]*/g) ?? []) {
          const bare = word.replace(/\.$/, '');
          // all-caps tokens are code samples and abbreviations (ABCDE-FGHJK); a single letter is a mark (X) or a symbol (n)
          if (!MK_LATIN_ALLOWED.test(bare) && !/^[A-Z0-9-]+$|^[a-z]$/.test(bare)) latinInMk.push(`${ns} ${k}: ${word}`);
        }
      }
      for (const [k, v] of read('sr', ns) ?? new Map<string, Json>()) if (/[\u0400-\u04FF]/.test(String(v))) cyrillicInSr.push(`${ns} ${k}`);
    }
    expect(latinInMk).toEqual([]);
    expect(cyrillicInSr).toEqual([]);
    expect(String(read('mk', 'common')?.get('nav.home'))).toMatch(/[\u0400-\u04FF]/);
  });
});
