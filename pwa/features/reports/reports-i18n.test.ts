import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from '../../../shared/locales';
import { fieldError } from '../../../shared/errors/field-messages';
import { localizeFieldMessage } from '../../lib/field-messages';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/i18n');
type Tree = { [key: string]: string | Tree };
const read = (locale: string): Tree => JSON.parse(readFileSync(join(dir, locale, 'reports.json'), 'utf8')) as Tree;
const flat = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
describe('reports texts', () => {
  for (const locale of UI_LOCALES) {
    it(`${locale}: the filter messages exist`, () => {
      expect(localizeFieldMessage(fieldError('report-filter-one-group'), locale)).toMatch(/\S/);
      expect(localizeFieldMessage(fieldError('report-filter-two-answers'), locale)).toMatch(/2/);
    });
  }
  it('mk is Cyrillic', () => {
    expect(flat(read('mk')).find(([k]) => k === 'basic.title')?.[1]).toMatch(/[\u0400-\u04FF]/);
  });
});
