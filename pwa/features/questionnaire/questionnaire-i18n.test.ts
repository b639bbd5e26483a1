import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/i18n');
const read = (l: string) => JSON.parse(readFileSync(join(dir, l, 'questionnaire.json'), 'utf8')) as Tree;
const flat = (t: Tree, p = ''): [string, string][] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[`${p}${k}`, v] as [string, string]] : flat(v, `${p}${k}.`)));

describe('questionnaire.json content (completeness: shared/i18n/completeness.test.ts)', () => {
  it('the mandatory message as the spec words it; mk in Cyrillic', () => {
    expect(new Map(flat(read('sl'))).get('flow.mandatory')).toBe('To vprašanje je obvezno odgovoriti.');
    expect(new Map(flat(read('en'))).get('flow.mandatory')).toBe('This question is mandatory.');
    // (The name of the eNPS score stays as it is in every language: docs/glossary.md.)
    for (const [k, v] of flat(read('mk'))) if (!/^\{\{|^\d/.test(v) && k !== 'flow.scaleMin' && v !== 'eNPS') expect(v, k).toMatch(/[\u0400-\u04FF]/);
  });
});
