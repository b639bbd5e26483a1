/**
 * Benchmark report Excel, version 1 only: BenchmarkFigures (shared/schemas/comparison.ts) as they are.
 *
 * Sheets: Summary (year, company, survey, responses, size class, industry, how the market is made, what a dash means,
 * whether the survey is part of it, and every group with its companies or why it is not offered), then one sheet with
 * every item (ESI, eNPS, categories, statements): the company's value and, per offered group, median band, top 25 %,
 * top 10 % and the company's position in words. A group that is not offered has no columns (the Summary says why); a
 * figure the market or the company does not have, or that is withheld, is a grey dash in its cell, never a zero.
 */
import type { Writable } from 'node:stream';
import { CATEGORIES, STATEMENTS } from '../../../../shared/question-banks/index.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';
import type { BenchmarkFigures, BenchmarkGroup, BenchmarkItem } from '../../../../shared/schemas/comparison.js';
import { MIN_BENCHMARK_COMPANIES } from '../figures/comparison-stats.js';
import { industryName, t, XlsxWriter, type Cell, type ColumnSpec, type Format, type ReportLanguage } from './excel.js';

export interface XlsxBenchmarkInput {
  figures: BenchmarkFigures;
  /** Defaults to the figures' language. */
  language?: ReportLanguage;
}

type Value = Cell | { marker: string };

/** The columns of each offered group, in order. */
const MARKET_COLUMNS = ['benchmark.median', 'benchmark.top25', 'benchmark.top10', 'benchmark.yourPosition'] as const;

/** What a cell without a figure shows. */
export const NO_FIGURE = '–';

/** Writes the benchmark workbook to `output`, or returns it as a Buffer when no stream is given. */
export async function writeBenchmarkXlsx(input: XlsxBenchmarkInput, output?: Writable): Promise<Buffer | undefined> {
  const { figures } = input;
  const language = input.language ?? figures.language;
  const xlsx = new XlsxWriter(output);
  const none = { marker: NO_FIGURE };
  const sizeName = figures.size_class ? t(language, `benchmark.sizes.${figures.size_class}`) : null;
  const industry = figures.industry ? industryName(language, figures.industry) : null;

  /** A group's own name: all companies, the size class or the industry. */
  const groupName = (g: BenchmarkGroup): string => {
    if (g.kind === 'size' && g.key && g.key !== 'all') return t(language, `benchmark.sizes.${g.key}`);
    if (g.kind === 'industry' && g.key && g.key !== 'all') return industryName(language, g.key);
    return t(language, `benchmark.groups.${g.kind}`);
  };
  const reasonText = (g: BenchmarkGroup): string => t(language, `benchmark.reasons.${g.reason ?? 'too-few'}`, { min: MIN_BENCHMARK_COMPANIES, year: figures.year });

  // --- Summary -----------------------------------------------------------------------------------
  const summary = xlsx.sheet(t(language, 'excel.sheets.summary'), [
    { header: t(language, 'excel.figure'), width: 34 },
    { header: t(language, 'excel.value'), width: 100 },
  ]);
  const line = (label: Cell, value: Value, format?: Format) => summary.row([label, value], { formats: [undefined, format] });
  line(t(language, 'comparative.year'), figures.year, 'int');
  line(t(language, 'excel.company'), figures.company);
  line(t(language, 'excel.survey'), figures.survey.name);
  line(t(language, 'labels.responses'), figures.survey.responses, 'int');
  if (figures.survey.employees !== null) line(t(language, 'labels.employees'), figures.survey.employees, 'int');
  // Without a size class the size group's row below says why.
  if (sizeName) line(t(language, 'benchmark.groups.size'), sizeName);
  if (industry) line(t(language, 'benchmark.groups.industry'), industry);
  line(null, t(language, 'benchmark.method', { year: figures.year, min: MIN_BENCHMARK_COMPANIES }));
  line(null, t(language, 'benchmark.dash', { min: MIN_BENCHMARK_COMPANIES }));
  if (!figures.in_market) line(null, t(language, 'benchmark.notInMarket'));
  for (const g of figures.groups) {
    line(groupName(g), g.available ? t(language, 'benchmark.companies', { count: g.companies }) : { marker: reasonText(g) });
  }
  summary.commit();

  // --- Every item -----------------------------------------------------------------------------------
  const offered = figures.groups.map((g, i) => ({ g, i })).filter(({ g }) => g.available);
  const columns: ColumnSpec[] = [
    { header: t(language, 'excel.kind'), width: 12 },
    { header: t(language, 'excel.id'), width: 7 },
    { header: t(language, 'excel.figure'), width: 60 },
    { header: t(language, 'benchmark.yourCompany'), width: 14 },
  ];
  for (const { g } of offered) {
    const name = groupName(g);
    for (const key of MARKET_COLUMNS) columns.push({ header: `${name}: ${t(language, key)}`, width: key === 'benchmark.yourPosition' ? 22 : 14 });
  }
  const sheet = xlsx.sheet(t(language, 'benchmark.title'), columns, 3);
  const kindText = (item: BenchmarkItem): string => {
    if (item.kind === 'esi') return t(language, 'excel.esi');
    if (item.kind === 'enps') return t(language, 'excel.enps');
    return t(language, item.kind === 'category' ? 'labels.category' : 'labels.statement');
  };
  const itemName = (item: BenchmarkItem): string => {
    if (item.kind === 'esi') return t(language, 'labels.esi');
    if (item.kind === 'enps') return t(language, 'excel.enps');
    if (item.kind === 'category') return localizedText(CATEGORIES.find((c) => c.id === item.id)?.title, language) || item.id;
    return localizedText(STATEMENTS.find((s) => s.id === item.id)?.text, language) || item.id;
  };
  for (const item of figures.items) {
    const format: Format = item.kind === 'esi' || item.kind === 'enps' ? 'one' : 'mean';
    const values: Value[] = [kindText(item), item.kind === 'statement' ? item.id : null, itemName(item), item.value ?? none];
    const formats: (Format | undefined)[] = [undefined, undefined, undefined, format];
    for (const { i } of offered) {
      const m = item.markets[i];
      values.push(...(m ? [m.median ?? none, m.top25 ?? none, m.top10 ?? none, m.position === null ? none : t(language, `benchmark.positions.${m.position}`)] : [none, none, none, none]));
      formats.push(format, format, format, undefined);
    }
    sheet.row(values, { formats });
  }
  sheet.commit();

  return xlsx.finish();
}
