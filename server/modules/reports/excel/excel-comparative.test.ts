import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LOCALE_DIR } from '../../../../shared/i18n/node.js';
import { CATEGORIES, STATEMENTS } from '../../../../shared/question-banks/index.js';
import type { ComparativeFigures, ComparedValue, ComparisonColumn } from '../../../../shared/schemas/comparison.js';
import { sampleComparativeGroups, sampleComparativeGroupYears, sampleComparativeYears } from '../../../../shared/schemas/comparison-samples.js';
import { writeComparativeXlsx } from './excel-comparative.js';
import { focusHistoryCards } from '../../../../shared/focus-follow-up.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';

/** A text of reports.json as the locale file has it (the web report reads the same file). */
function words(language: string) {
  const json = JSON.parse(fs.readFileSync(path.join(LOCALE_DIR, language, 'reports.json'), 'utf8')) as Record<string, unknown>;
  return (key: string, vars: Record<string, string | number> = {}): string => {
    let node: unknown = json;
    for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
    if (typeof node !== 'string') throw new Error(`no text ${language}:${key}`);
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
const column = (ws: ExcelJS.Worksheet, title: string): number => {
  const i = header(ws).indexOf(title);
  expect(i, `column ${title} of ${ws.name}`).toBeGreaterThanOrEqual(0);
  return i + 1;
};
/** The Summary as label → value. */
function summaryOf(ws: ExcelJS.Worksheet): Map<unknown, unknown> {
  const out = new Map<unknown, unknown>();
  ws.eachRow((r, i) => i > 1 && out.set(r.getCell(1).value, r.getCell(2).value));
  return out;
}
const pct = (v: number | null) => (v === null ? null : Math.round(v * 10) / 1000);

/**
 * Every value, change and marker of one block on a sheet: the value where the figures have it, the change
 * beside it, and ▲ / ▼ exactly where the change is significant.
 */
function expectBlock(ws: ExcelJS.Worksheet, row: number, valueHeader: string, change: string, v: ComparedValue, asShare = false) {
  const col = column(ws, valueHeader);
  expect(header(ws)[col]).toBe(`${valueHeader} (${change})`);
  expect(header(ws)[col + 1]).toBe('▲▼');
  const cells = [0, 1, 2].map((i) => ws.getRow(row).getCell(col + i));
  const scale = asShare ? pct : (x: number | null) => x;
  if (v.value === null) expect(cells[0]!.value).toBeNull();
  else expect(cells[0]!.value as number).toBeCloseTo(scale(v.value)!, 10);
  if (v.change === null) expect(cells[1]!.value).toBeNull();
  else expect(cells[1]!.value as number).toBeCloseTo(scale(v.change)!, 10);
  expect(cells[2]!.value).toBe(v.significant ? (v.change! > 0 ? '▲' : '▼') : null);
}

/** Counts of the markers written on a sheet and the significant changes the figures hold for it. */
function markerCount(ws: ExcelJS.Worksheet): number {
  let n = 0;
  ws.eachRow((r, i) => i > 1 && r.eachCell((c) => void ((c.value === '▲' || c.value === '▼') && (n += 1))));
  return n;
}
const significantIn = (columns: ComparisonColumn[], pick: (c: ComparisonColumn) => ComparedValue[]) => columns.flatMap(pick).filter((v) => v.significant).length;

describe('comparative Excel', () => {
  it("'years' with focus areas: a sheet of them, their actions' outcome and the change in the next survey (sl, en)", async () => {
    for (const language of ['sl', 'en'] as const) {
      const figures = sampleComparativeYears(language);
      const [first, second, last] = [figures.columns[0]!, figures.columns[1]!, figures.columns[figures.columns.length - 1]!];
      const history = [
        {
          survey_id: first.survey_id!,
          year: first.year,
          focus_areas: [
            {
              kind: 'category' as const,
              item_id: 'direct_manager',
              actions: [
                { title: 'Monthly talks', status: 'done' as const, due_on: '2025-03-01' },
                { title: 'Training', status: 'planned' as const, due_on: '2025-06-01' },
              ],
            },
          ],
        },
        { survey_id: last.survey_id!, year: last.year, focus_areas: [{ kind: 'statement' as const, item_id: 'JC01', actions: [] }] },
      ];
      const focusHistory = focusHistoryCards(history, figures);
      const wb = await load(await writeComparativeXlsx({ figures, focusHistory }));
      const w = words(language);
      const sheet = wb.worksheets[wb.worksheets.length - 1]!;
      expect(header(sheet)).toEqual([w('excel.survey'), w('excel.focusArea'), w('excel.focusActions'), w('excel.focusChange')]);
      const change = second.categories.find((c) => c.id === 'direct_manager')!.mean.change;
      expect(change).not.toBeNull();
      expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
        w('focusHistory.survey', { year: first.year! }),
        localizedText(CATEGORIES.find((c) => c.id === 'direct_manager')!.title, language),
        w('focusHistory.actions', { done: 1, total: 2 }),
        change,
      ]);
      expect(sheet.getCell(3, 3).value).toBe(`Monthly talks (${w('focusHistory.status.done')})`);
      expect(sheet.getCell(4, 3).value).toBe(`Training (${w('focusHistory.status.planned')})`);
      // The newest survey's focus area has no later survey yet.
      expect(sheet.getCell(5, 2).value).toBe(localizedText(STATEMENTS.find((x) => x.id === 'JC01')!.text, language));
      expect(sheet.getCell(5, 4).value).toBe(w('focusHistory.notYet'));
      // Without focus areas there is no such sheet.
      expect((await load(await writeComparativeXlsx({ figures }))).worksheets.length).toBe(wb.worksheets.length - 1);
    }
  });

  it("'years' in Slovenian: Overview, Categories and Statements per survey, markers on the significant changes only", async () => {
    const figures = sampleComparativeYears('sl');
    const w = words('sl');
    const wb = await load(await writeComparativeXlsx({ figures }));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Povzetek', 'Pregled', 'Kategorije', 'Trditve']);

    const summary = summaryOf(wb.getWorksheet('Povzetek')!);
    expect(summary.get('Podjetje')).toBe('Demo d.o.o.');
    expect(summary.get('Raziskava')).toBe('Zadovoljstvo zaposlenih 2025');
    expect(summary.get(w('comparative.variant'))).toBe(w('comparative.variants.years'));
    expect(summary.get(w('labels.minGroup'))).toBe(5);
    expect(summary.get('Sprememba')).toBe(w('comparative.changeFromPrevious'));
    expect(summary.get('▲▼')).toBe(w('comparative.legend'));
    // A category's tests count respondents, not answers: the legend says so.
    expect([...summary.values()]).toContain(w('comparative.legendCategoryN'));
    expect(w('comparative.legendCategoryN')).toContain('n je število anketirancev');
    expect(summary.has(w('comparative.group'))).toBe(false);

    const overview = wb.getWorksheet('Pregled')!;
    const names = figures.columns.map((c) => c.label!);
    expect(header(overview)).toEqual(['Kazalnik', ...names.flatMap((n) => [n, `${n} (Sprememba)`, '▲▼'])]);
    expect(overview.getColumn(1).values.slice(2)).toEqual([w('labels.responses'), w('labels.employees'), w('labels.occupancy'), 'ESI', 'eNPS']);
    expect(overview.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    figures.columns.forEach((c, i) => {
      expect(overview.getRow(2).getCell(column(overview, names[i]!)).value).toBe(c.n);
      expect(overview.getRow(3).getCell(column(overview, names[i]!)).value).toBe(c.employees);
      expectBlock(overview, 4, names[i]!, 'Sprememba', c.occupancy!, true);
      expectBlock(overview, 5, names[i]!, 'Sprememba', c.esi);
      expectBlock(overview, 6, names[i]!, 'Sprememba', c.enps);
    });
    // The rise from 2023 to 2024 is significant, the dip in 2025 is not.
    const esi2024 = column(overview, names[2]!);
    expect(overview.getRow(5).getCell(esi2024 + 2).value).toBe('▲');
    expect(overview.getRow(5).getCell(esi2024 + 1).numFmt).toBe('+0.0;-0.0;0.0');
    expect(overview.getRow(5).getCell(column(overview, names[3]!) + 2).value).toBeNull();
    expect(overview.getRow(5).getCell(column(overview, names[3]!) + 1).value as number).toBeLessThan(0);

    const cats = wb.getWorksheet('Kategorije')!;
    expect(header(cats).slice(0, 7)).toEqual(['Kategorija', `${names[0]}: Povprečje`, `${names[0]}: Povprečje (Sprememba)`, '▲▼', `${names[0]}: Ugodni`, `${names[0]}: Ugodni (Sprememba)`, '▲▼']);
    expect(cats.rowCount).toBe(1 + CATEGORIES.length);
    CATEGORIES.forEach((cat, r) => {
      expect(cats.getRow(r + 2).getCell(1).value).toBe(cat.title.sl);
      figures.columns.forEach((c, i) => {
        const item = c.categories.find((x) => x.id === cat.id)!;
        expectBlock(cats, r + 2, `${names[i]}: Povprečje`, 'Sprememba', item.mean);
        expectBlock(cats, r + 2, `${names[i]}: Ugodni`, 'Sprememba', item.favourable, true);
      });
    });
    expect(cats.getRow(2).getCell(column(cats, `${names[0]}: Ugodni`)).numFmt).toBe('0.0%');
    expect(markerCount(cats)).toBe(significantIn(figures.columns, (c) => c.categories.flatMap((x) => [x.mean, x.favourable])));
    expect(markerCount(cats)).toBeGreaterThan(0);

    const stmts = wb.getWorksheet('Trditve')!;
    expect(header(stmts).slice(0, 4)).toEqual(['ID', 'Kategorija', 'Trditev', `${names[0]}: Povprečje`]);
    expect(stmts.rowCount).toBe(1 + 74);
    const s = STATEMENTS[8]!;
    expect([stmts.getCell('A10').value, stmts.getCell('C10').value]).toEqual([s.id, s.text.sl]);
    expect(stmts.getCell('B10').value).toBe(CATEGORIES.find((c) => c.id === s.category)!.title.sl);
    figures.columns.forEach((c, i) => {
      const item = c.statements.find((x) => x.id === s.id)!;
      expectBlock(stmts, 10, `${names[i]}: Povprečje`, 'Sprememba', item.mean);
      expectBlock(stmts, 10, `${names[i]}: Ugodni`, 'Sprememba', item.favourable, true);
    });
    expect(markerCount(stmts)).toBe(significantIn(figures.columns, (c) => c.statements.flatMap((x) => [x.mean, x.favourable])));
  });

  it("'groups' in English: the whole survey first, every group with its difference, the hidden group with its reason", async () => {
    const figures = sampleComparativeGroups('en');
    const w = words('en');
    const wb = await load(await writeComparativeXlsx({ figures }));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Summary', 'Overview', 'Categories', 'Statements']);

    const summary = summaryOf(wb.getWorksheet('Summary')!);
    expect(summary.get('Comparison')).toBe('By group within a year');
    expect(summary.get('Question group')).toBe('Department');
    expect(summary.get('Change')).toBe(w('comparative.differenceFromTotal'));
    expect(summary.get('▲▼')).toBe(w('comparative.legendGroups'));

    const overview = wb.getWorksheet('Overview')!;
    const groups = ['Proizvodnja', 'Prodaja', 'Razvoj', 'Other: Uprava, Logistika', 'Kakovost'];
    // The whole survey has no difference of its own: a value column alone.
    expect(header(overview)).toEqual(['Figure', 'Whole survey', ...groups.flatMap((g) => [g, `${g} (Change)`, '▲▼'])]);
    expect(overview.getColumn(1).values.slice(2)).toEqual(['Responses', 'ESI', 'eNPS']);
    expect(overview.getCell('B2').value).toBe(152);
    expect(overview.getCell('B3').value).toBe(figures.total!.esi.value);
    figures.columns.slice(0, 4).forEach((c, i) => {
      expect(overview.getRow(2).getCell(column(overview, groups[i]!)).value).toBe(c.n);
      expectBlock(overview, 3, groups[i]!, 'Change', c.esi);
      expectBlock(overview, 4, groups[i]!, 'Change', c.enps);
    });
    // A significantly lower group is marked ▼.
    expect(overview.getRow(3).getCell(column(overview, 'Proizvodnja') + 2).value).toBe('▼');
    expect(overview.getRow(3).getCell(column(overview, 'Prodaja') + 2).value).toBe('▲');

    // The hidden group is there, each of its cells saying why, in grey; no number, no marker.
    const reason = w('labels.reason.complementary', { min: 5 });
    expect(reason).toBe('hidden so that a smaller hidden group cannot be worked out');
    const hidden = column(overview, 'Kakovost');
    for (const r of [2, 3, 4]) {
      expect(overview.getRow(r).getCell(hidden).value).toBe(reason);
      expect(overview.getRow(r).getCell(hidden).font?.italic).toBe(true);
      expect([overview.getRow(r).getCell(hidden + 1).value, overview.getRow(r).getCell(hidden + 2).value]).toEqual([null, null]);
    }
    const stmts = wb.getWorksheet('Statements')!;
    const hiddenMean = column(stmts, 'Kakovost: Mean');
    const hiddenFav = column(stmts, 'Kakovost: Favourable');
    for (let r = 2; r <= 75; r++) expect([stmts.getRow(r).getCell(hiddenMean).value, stmts.getRow(r).getCell(hiddenFav).value]).toEqual([reason, reason]);

    const cats = wb.getWorksheet('Categories')!;
    expect(header(cats).slice(0, 4)).toEqual(['Category', 'Whole survey: Mean', 'Whole survey: Favourable', 'Proizvodnja: Mean']);
    expect(cats.getCell('A2').value).toBe(CATEGORIES[0]!.title.en);
    expect(cats.getCell('B2').value).toBe(figures.total!.categories[0]!.mean.value);
    expect(cats.getCell('C2').value as number).toBeCloseTo(figures.total!.categories[0]!.favourable.value! / 100, 10);
    const shown = figures.columns.filter((c) => !c.hidden);
    expect(markerCount(cats)).toBe(significantIn(shown, (c) => c.categories.flatMap((x) => [x.mean, x.favourable])));
    expect(markerCount(stmts)).toBe(significantIn(shown, (c) => c.statements.flatMap((x) => [x.mean, x.favourable])));
  });

  for (const language of ['mk', 'sl'] as const) {
    it(`'group-years' in ${language}: a sheet per group with the years side by side, hidden years with their reason`, async () => {
      const figures = sampleComparativeGroupYears(language);
      const w = words(language);
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      expect(await writeComparativeXlsx({ figures }, out)).toBeUndefined();
      const wb = await load(Buffer.concat(chunks));
      expect(wb.worksheets.map((s) => s.name)).toEqual([language === 'mk' ? 'Rezime' : 'Povzetek', 'Proizvodnja', 'Prodaja', 'Razvoj']);

      const summary = summaryOf(wb.getWorksheet(1)!);
      expect(summary.get(w('comparative.variant'))).toBe(w('comparative.variants.group-years'));
      expect(summary.get(w('comparative.change'))).toBe(w('comparative.changeFromPrevious'));
      expect([...summary.values()]).toContain(w('comparative.notFollowed'));

      const change = w('comparative.change');
      const sheet = wb.getWorksheet('Proizvodnja')!;
      expect(header(sheet)).toEqual([`${figures.group_title}: Proizvodnja`, ...['2022', '2023', '2024', '2025'].flatMap((y) => [y, `${y} (${change})`, '▲▼'])]);
      const labels = sheet.getColumn(1).values.slice(2);
      const mean = w('labels.mean');
      const favourable = w('labels.favourable');
      expect(labels).toEqual([w('labels.responses'), 'ESI', 'eNPS', ...CATEGORIES.flatMap((c) => [`${c.title[language]}: ${mean}`, `${c.title[language]}: ${favourable}`])]);
      // Macedonian in Cyrillic: no Latin word but the acronyms.
      if (language === 'mk') for (const l of [...labels, change]) expect(String(l).replace(/ESI|eNPS/g, '')).not.toMatch(/[A-Za-z]/);
      const series = figures.series[0]!;
      series.columns.forEach((c, i) => {
        const y = String(c.year);
        expect(sheet.getRow(2).getCell(column(sheet, y)).value).toBe(c.n);
        expectBlock(sheet, 3, y, change, c.esi);
        expectBlock(sheet, 4, y, change, c.enps);
        CATEGORIES.forEach((cat, k) => {
          const item = c.categories.find((x) => x.id === cat.id)!;
          expectBlock(sheet, 5 + 2 * k, y, change, item.mean);
          expectBlock(sheet, 6 + 2 * k, y, change, item.favourable, true);
        });
        if (i === 2) expect(sheet.getRow(3).getCell(column(sheet, y) + 2).value).toBe('▲');
      });

      // Razvoj: not asked in 2022, merged into "Other" in 2023; its 2024 is shown but has nothing to compare with.
      const razvoj = wb.getWorksheet('Razvoj')!;
      const notAsked = w('comparative.hiddenReasons.not-asked');
      const merged = w('comparative.hiddenReasons.merged');
      for (let r = 2; r <= razvoj.rowCount; r++) {
        expect(razvoj.getRow(r).getCell(column(razvoj, '2022')).value).toBe(notAsked);
        expect(razvoj.getRow(r).getCell(column(razvoj, '2023')).value).toBe(merged);
        const shown = razvoj.getRow(r).getCell(column(razvoj, '2024'));
        expect(typeof shown.value).toBe('number');
        expect([razvoj.getRow(r).getCell(shown.col + 1).value, razvoj.getRow(r).getCell(shown.col + 2).value]).toEqual([null, null]);
      }
      const markers = wb.worksheets.slice(1).reduce((n, ws) => n + markerCount(ws), 0);
      expect(markers).toBe(significantIn(figures.series.flatMap((s) => s.columns), (c) => [c.esi, c.enps, ...c.categories.flatMap((x) => [x.mean, x.favourable])]));
    });
  }

  it("'group-years': sheet names stay unique and within Excel's 31 characters; the no-answer group is named", async () => {
    const base = sampleComparativeGroupYears('sl');
    const long = 'Raziskave in razvoj novih izdelkov za tuje trge';
    const series = [
      { ...base.series[0]!, key: 'a', label: long },
      { ...base.series[1]!, key: 'b', label: `${long} (Ljubljana)` },
      { ...base.series[2]!, key: 'c', label: null, no_answer: true },
      { ...base.series[0]!, key: 'd', label: 'Povzetek' },
    ];
    const figures: ComparativeFigures = { ...base, series };
    const wb = await load(await writeComparativeXlsx({ figures }));
    const names = wb.worksheets.map((s) => s.name);
    expect(names).toHaveLength(5);
    for (const n of names) expect(n).toMatch(/^[\x20-\x7e]{1,31}$/);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(5);
    expect(names[3]).toBe('Brez odgovora');
    // The first header names the group in full, whatever the sheet name had to drop.
    expect(wb.worksheets[2]!.getCell('A1').value).toBe(`Oddelek: ${long} (Ljubljana)`);
    expect(wb.worksheets[3]!.getCell('A1').value).toBe('Oddelek: Brez odgovora');
  });
});
