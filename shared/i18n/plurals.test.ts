/**
 * Counted texts follow each language's plural rules through i18next (Slovenian has a dual; hr, sr and bs
 * have three forms; mk, de and en two; fr one/many/other), checked with 1, 2, 3, 5, 21 and 101.
 */
import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../locales';
import { TEXT_NAMESPACES } from './namespaces';
import { readLocaleFiles, textsFor } from './node';

const COUNTS = [1, 2, 3, 5, 21, 101];
const kiosk = (locale: string, count: number) => textsFor(locale, 'kiosk')('hr.conflictsLocal', { count });

describe('plurals', () => {
  it('every plural text of every locale is chosen by that language’s rule and shows the count', () => {
    const resources = readLocaleFiles();
    for (const locale of UI_LOCALES) {
      const rules = new Intl.PluralRules(locale);
      for (const ns of TEXT_NAMESPACES) {
        const bases = new Set<string>();
        const walk = (node: unknown, prefix: string) => {
          if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
          else if (typeof node === 'string' && /_(one|other)$/.test(prefix)) bases.add(prefix.replace(/_(one|other)$/, ''));
        };
        walk(resources[locale]?.[ns], '');
        const t = textsFor(locale, ns);
        for (const base of bases) {
          for (const count of COUNTS) {
            const own = t(`${base}_${rules.select(count)}`, { count, billed: 0, per: '', code: '' });
            expect(t(base, { count, billed: 0, per: '', code: '' }), `${locale} ${ns} ${base} ${String(count)}`).toBe(own);
            if (own.includes(String(count))) continue;
            // a text may word the number instead ("One code …"), but only in the 'one' form
            expect(rules.select(count), `${locale} ${ns} ${base} ${String(count)} does not show the count`).toBe('one');
          }
        }
      }
    }
  });

  it('reads right in the languages with more than two forms (hand-checked)', () => {
    expect(kiosk('en', 1)).toBe('1 response from this kiosk was not counted because its code had been used elsewhere.');
    expect(kiosk('en', 21)).toBe('21 responses from this kiosk were not counted because their code had been used elsewhere.');
    expect(kiosk('sl', 1)).toMatch(/^1 odgovor s tega kioska ni bil štet/);
    expect(kiosk('sl', 2)).toMatch(/^2 odgovora s tega kioska nista bila šteta/);
    expect(kiosk('sl', 3)).toMatch(/^3 odgovori s tega kioska niso bili šteti/);
    expect(kiosk('sl', 5)).toMatch(/^5 odgovorov s tega kioska ni bilo šteto/);
    expect(kiosk('sl', 101)).toMatch(/^101 odgovor s tega kioska ni bil štet/);
    expect(kiosk('sl', 102)).toMatch(/^102 odgovora s tega kioska nista bila šteta/);
    expect(kiosk('hr', 21)).toMatch(/^21 odgovor s ovog kioska nije uračunat/);
    expect(kiosk('hr', 3)).toMatch(/^3 odgovora s ovog kioska nisu uračunata/);
    expect(kiosk('hr', 5)).toMatch(/^5 odgovora s ovog kioska nije uračunato/);
    expect(kiosk('mk', 21)).toMatch(/^21 одговор од овој киоск не е вбројан/);
    expect(kiosk('mk', 5)).toMatch(/^5 одговори од овој киоск не се вбројани/);
    expect(textsFor('sl', 'reports')('overview.population', { count: 2 })).toBe('2 anketiranca');
    expect(textsFor('sl', 'reports')('overview.population', { count: 5 })).toBe('5 anketirancev');
  });
});
