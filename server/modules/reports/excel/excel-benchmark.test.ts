import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LOCALE_DIR } from '../../../../shared/i18n/node.js';
import { CATEGORIES, STATEMENTS } from '../../../../shared/question-banks/index.js';
import type { BenchmarkFigures } from '../../../../shared/schemas/comparison.js';
import { sampleBenchmark } from '../../../../shared/schemas/comparison-samples.js';
import { writeBenchmarkXlsx } from './excel-benchmark.js';

/** A text of a locale file as it stands (reports.json is what the web report reads too). */
function words(language: string, ns = 'reports') {
  const json = JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, language, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  return (key: string, vars: Record<string, string | number> = {}): string => {
    let node: unknown = json;
    for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
    if (typeof node !== 'string') throw new Error(`no text ${language}:${ns}:${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v]));
  };
}

async function load(buffer: Buffer | undefined): Promise<ExcelJS.Workbook> {
  expect(buffer).toBeInstanceOf(Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return wb;
}

const header = (ws: ExcelJS.Worksheet): unknown[] => (ws.getRow(1).values as unknown[]).slice(1);
const summaryOf = (ws: ExcelJS.Worksheet): [unknown, unknown][] => {
  const out: [unknown, unknown][] = [];
  ws.eachRow((r, i) => i > 1 && out.push([r.getCell(1).value, r.getCell(2).value]));
  return out;
};

describe('benchmark Excel', () => {
  for (const language of ['sl', 'en'] as const) {
    it(`${language}: the Summary with the market's groups and why one is not offered, every item against the offered groups`, async () => {
      const figures = sampleBenchmark(language);
      const w = words(language);
      const wb = await load(await writeBenchmarkXlsx({ figures }));
      expect(wb.worksheets.map((s) => s.name)).toEqual(language === 'sl' ? ['Povzetek', 'Primerjava s trgom'] : ['Summary', 'Benchmark report']);

      const summary = summaryOf(wb.worksheets[0]!);
      const value = (label: string) => summary.find(([l]) => l === label)?.[1];
      expect(value(w('comparative.year'))).toBe(2025);
      expect(value(w('excel.company'))).toBe('Demo d.o.o.');
      expect(value(w('excel.survey'))).toBe('Zadovoljstvo zaposlenih 2025');
      expect(value(w('labels.responses'))).toBe(152);
      expect(value(w('benchmark.groups.size'))).toBe(language === 'sl' ? 'Srednje velika podjetja' : 'Medium-sized companies');
      expect(value(w('benchmark.groups.industry'))).toBe(words(language, 'account')('industries.C'));
      expect(value(w('benchmark.groups.industry'))).toBe(language === 'sl' ? 'Predelovalne dejavnosti' : 'Manufacturing');
      const texts = summary.map(([, v]) => v);
      expect(texts).toContain(w('benchmark.method', { year: 2025, min: 5 }));
      expect(texts).toContain(w('benchmark.dash', { min: 5 }));
      expect(texts).not.toContain(w('benchmark.notInMarket'));
      // Every group: the offered ones with their companies, the industry with why it is not offered.
      expect(value(w('benchmark.groups.market'))).toBe(language === 'sl' ? '31 podjetij' : '31 companies');
      expect(value(w('benchmark.sizes.medium'))).toBe(language === 'sl' ? '11 podjetij' : '11 companies');
      const reason = w('benchmark.reasons.too-few', { min: 5, year: 2025 });
      expect(value(words(language, 'account')('industries.C'))).toBe(reason);

      const items = wb.worksheets[1]!;
      const groups = [w('benchmark.groups.market'), w('benchmark.sizes.medium')];
      const market = ['median', 'top25', 'top10', 'yourPosition'].map((k) => w(`benchmark.${k}`));
      expect(header(items)).toEqual([w('excel.kind'), 'ID', w('excel.figure'), w('benchmark.yourCompany'), ...groups.flatMap((g) => market.map((m) => `${g}: ${m}`))]);
      if (language === 'en') expect(header(items).slice(3, 8)).toEqual(['Your company', 'All companies: Median band', 'All companies: Top 25 %', 'All companies: Top 10 %', 'All companies: Your position']);
      // The industry, not offered, has no columns.
      expect(header(items).some((h) => String(h).startsWith(words(language, 'account')('industries.C')))).toBe(false);
      expect(items.views[0]).toMatchObject({ state: 'frozen', xSplit: 3, ySplit: 1 });
      expect(items.rowCount).toBe(1 + figures.items.length);

      // Every figure as a number in its place: your value, then per offered group median band, top 25 %, top 10 % (a
      // withheld one a dash) and the position in words.
      figures.items.forEach((item, r) => {
        const row = items.getRow(r + 2);
        expect(row.getCell(1).value).toBe({ esi: 'ESI', enps: 'eNPS', category: w('labels.category'), statement: w('labels.statement') }[item.kind]);
        if (item.value !== null) expect(row.getCell(4).value).toBe(item.value);
        [0, 1].forEach((g) => {
          const m = item.markets[g];
          const cells = [0, 1, 2, 3].map((k) => row.getCell(5 + 4 * g + k).value);
          expect(cells).toEqual(m ? [m.median ?? '–', m.top25 ?? '–', m.top10 ?? '–', m.position === null ? '–' : w(`benchmark.positions.${m.position}`)] : ['–', '–', '–', '–']);
        });
      });
      // ESI: the market's median band and top 25 %, no top 10 % (too few companies), "top 25 %" for the company.
      expect([5, 6, 7, 8].map((c) => items.getRow(2).getCell(c).value)).toEqual([61.2, 66.3, '–', w('benchmark.positions.top-25')]);
      expect(items.getRow(2).getCell(3).value).toBe(w('labels.esi'));
      expect(items.getRow(2).getCell(4).numFmt).toBe('0.0');
      expect(items.getRow(4).getCell(3).value).toBe(CATEGORIES[0]!.title[language]);
      expect(items.getRow(4).getCell(5).numFmt).toBe('0.00');
      // The statement the company and the market do not have: a grey dash, never a zero.
      const missing = items.getRow(2 + 2 + CATEGORIES.length + 5);
      expect([missing.getCell(2).value, missing.getCell(3).value]).toEqual([STATEMENTS[5]!.id, STATEMENTS[5]!.text[language]]);
      expect([4, 5, 6, 7, 8, 9].map((c) => missing.getCell(c).value)).toEqual(['–', '–', '–', '–', '–', '–']);
      expect(missing.getCell(5).font?.italic).toBe(true);
    });
  }

  it('mk: in Cyrillic, says when the survey is not part of the market and when there is no size class', async () => {
    const base = sampleBenchmark('mk');
    const figures: BenchmarkFigures = {
      ...base,
      in_market: false,
      size_class: null,
      groups: base.groups.map((g) => (g.kind === 'size' ? { ...g, key: null, companies: 0, others: 0, available: false, reason: 'no-size-class' } : g)),
      items: base.items.map((i) => ({ ...i, markets: [i.markets[0]!, null, null] })),
    };
    const w = words('mk');
    const wb = await load(await writeBenchmarkXlsx({ figures }));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Rezime', 'Sporedba so pazarot']);
    const summary = summaryOf(wb.worksheets[0]!);
    const texts = summary.map(([, v]) => v);
    expect(texts).toContain(w('benchmark.notInMarket'));
    expect(summary).toContainEqual([w('benchmark.groups.size'), w('benchmark.reasons.no-size-class')]);
    expect(summary).toContainEqual([w('benchmark.groups.market'), '31 компанија']);
    expect(summary).toContainEqual([words('mk', 'account')('industries.C'), w('benchmark.reasons.too-few', { min: 5, year: 2025 })]);
    const items = wb.worksheets[1]!;
    expect(header(items)).toHaveLength(4 + 4);
    for (const h of header(items)) expect(String(h).replace(/ID/g, '')).not.toMatch(/[A-Za-z]/);
    expect(items.getCell('E2').value).toBe(figures.items[0]!.markets[0]!.median);
  });
});
