import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../../../shared/locales';

type Tree = { [key: string]: string | Tree };
const dir = join(dirname(fileURLToPath(import.meta.url)), '../../i18n');
const read = (l: string) => JSON.parse(readFileSync(join(dir, l, 'questionnaire.json'), 'utf8')) as Tree;
const flat = (t: Tree, p = ''): [string, string][] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[`${p}${k}`, v] as [string, string]] : flat(v, `${p}${k}.`)));

describe('questionnaire.json (respondents read every text: all 8 locales complete)', () => {
  const en = new Map(flat(read('en')));
  for (const locale of UI_LOCALES) {
    it(`${locale}: every key, non-empty, same placeholders`, () => {
      const texts = new Map(flat(read(locale)));
      expect([...texts.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [k, v] of texts) {
        expect(v.trim(), k).not.toBe('');
        const ph = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(ph(v), k).toEqual(ph(en.get(k) ?? ''));
      }
    });
  }
  it('the mandatory message as the spec words it; mk in Cyrillic', () => {
    expect(new Map(flat(read('sl'))).get('flow.mandatory')).toBe('To vprašanje je obvezno odgovoriti.');
    expect(new Map(flat(read('en'))).get('flow.mandatory')).toBe('This question is mandatory.');
    for (const [k, v] of flat(read('mk'))) if (!/^\{\{|^\d/.test(v) && k !== 'flow.scaleMin') expect(v, k).toMatch(/[\u0400-\u04FF]/);
  });
});
