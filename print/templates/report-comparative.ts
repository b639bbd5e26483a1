/**
 * The comparative report as a PDF, in its three variants:
 * - 'years': the company's surveys side by side (oldest first), each figure with its change from the previous
 *   column, the trend over the years as line charts, then every statement;
 * - 'groups': the whole survey and each group of one question, each with its difference from the whole survey;
 * - 'group-years': each group followed over the years, one table per group.
 * A change the figures mark as significant carries ▲ (a rise) or ▼ (a fall); the legend says what that means.
 *
 * Pure: ComparativeFigures (shared/schemas/comparison.ts) -> PDF bytes. The renderer computes, tests and hides
 * nothing: a hidden column (hidden = true, values null) is hatched and its reason named under the table.
 */
import type { FocusHistoryCard } from '../../shared/focus-follow-up.js';
import { focusHistorySection } from './report-follow-up.js';
import { CATEGORIES, STATEMENTS } from '../../shared/question-banks/index.js';
import { localizedText } from '../../shared/i18n/localized-text.js';
import { textsFor } from '../../shared/i18n/node.js';
import type { ComparativeFigures, ComparedHiddenReason, ComparedValue, ComparisonColumn } from '../../shared/schemas/comparison.js';
import { groupDisplayLabel } from '../../shared/schemas/report.js';
import { COLORS, drawLineChart } from '../blocks/charts.js';
import { wrapText } from '../blocks/text.js';
import { A4, CONTENT_W, HIDDEN_MARK, M, ReportLayout, type CoverInput, type ReportLogo } from './report-common.js';
import { evenBlocks as blocks, FlowTable, labelLines, layoutColumns, type TableColumn } from './report-table.js';

export interface ComparativeReportInput {
  figures: ComparativeFigures;
  /** The earlier surveys' focus areas and their actions (shared/focus-follow-up.ts; 'years' only). */
  focusHistory?: readonly FocusHistoryCard[];
  logo?: ReportLogo | undefined;
  /** The day the report is made (printed on the cover). */
  generatedOn: Date | string;
}

type Lang = ComparativeFigures['language'];

/** At most this many value columns side by side on A4 portrait; more continue in another table. */
const MAX_COLUMNS = 5;
const UP = '▲';
const DOWN = '▼';

/** One row of a compared table: the label, the figure it reads from a column, and how its value and change are written. */
interface RowSpec {
  label: string;
  pick: (c: ComparisonColumn) => ComparedValue | null;
  value: (v: number) => string;
  change: (v: number) => string;
  size?: number;
}

/** A table column over one compared column: its head, and the name its hidden reason is listed under. */
interface ColumnSpec {
  title: string;
  note?: string | undefined;
  name: string;
  reference?: boolean;
  source: ComparisonColumn;
}

interface RowGroup {
  heading?: string;
  rows: RowSpec[];
}

const categoryTitle = (id: string, lang: Lang): string => localizedText(CATEGORIES.find((c) => c.id === id)?.title, lang) || id;

/** A column's (or series') name: its label, "Other: a, b", "No answer" or "Withheld for anonymity". */
function groupLabel(L: ReportLayout, g: { key: string; label: string | null; no_answer: boolean; merged?: readonly (string | null)[]; withheld?: boolean }): string {
  return groupDisplayLabel({ merged: [], withheld: false, ...g }, { other: L.t('labels.other'), noAnswer: L.t('labels.noAnswer'), withheld: L.t('labels.withheld') });
}

const yearOf = (c: ComparisonColumn): string => (c.year === null ? (c.label ?? c.key) : String(c.year));

/** Why a column is hidden, in the report language. */
function reasonText(L: ReportLayout, reason: ComparedHiddenReason | null): string {
  if (reason === 'merged' || reason === 'not-asked' || reason === 'left-out') return L.t(`comparative.hiddenReasons.${reason}`);
  return L.t(`labels.reason.${reason ?? 'below-minimum'}`, { min: L.minGroupSize });
}


// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

const plain = (v: number | null): ComparedValue => ({ value: v, change: null, significant: false });

function figureRows(L: ReportLayout, withOccupancy: boolean): RowSpec[] {
  const { fmt, t } = L;
  const rows: RowSpec[] = [{ label: t('labels.responses'), pick: (c) => plain(c.n), value: (v) => String(v), change: () => '' }];
  if (withOccupancy) rows.push({ label: t('labels.occupancy'), pick: (c) => c.occupancy, value: (v) => fmt.pct(v, 1), change: (v) => fmt.sign(v, 1) });
  rows.push(
    { label: 'ESI', pick: (c) => c.esi, value: (v) => fmt.num(v, 1), change: (v) => fmt.sign(v, 1) },
    { label: 'eNPS', pick: (c) => c.enps, value: (v) => fmt.sign(v, 1), change: (v) => fmt.sign(v, 1) },
  );
  return rows;
}

function categoryRows(L: ReportLayout, lang: Lang): RowSpec[] {
  return CATEGORIES.map((cat) => ({
    label: localizedText(cat.title, lang),
    pick: (c) => c.categories.find((x) => x.id === cat.id)?.mean ?? null,
    value: (v) => L.fmt.num(v, 2),
    change: (v) => L.fmt.sign(v, 2),
  }));
}

/** Every statement, grouped under its category. */
function statementGroups(L: ReportLayout, lang: Lang): RowGroup[] {
  return CATEGORIES.map((cat) => ({
    heading: localizedText(cat.title, lang),
    rows: STATEMENTS.filter((s) => s.category === cat.id).map((s) => ({
      label: localizedText(s.text, lang) || s.id,
      pick: (c) => c.statements.find((x) => x.id === s.id)?.mean ?? null,
      value: (v) => L.fmt.num(v, 2),
      change: (v) => L.fmt.sign(v, 2),
      size: 7.5,
    })),
  }));
}

// ---------------------------------------------------------------------------------------------
// Table
// ---------------------------------------------------------------------------------------------

/** The marker of a significant change: ▲ for a rise, ▼ for a fall (the figures say whether it is significant). */
function marker(cv: ComparedValue): string {
  if (!cv.significant || cv.change === null || cv.change === 0) return '';
  return cv.change > 0 ? UP : DOWN;
}

function drawCell(L: ReportLayout, table: FlowTable, col: TableColumn, top: number, h: number, cv: ComparedValue | null, spec: RowSpec): void {
  if (cv === null || cv.value === null) {
    table.text(col, '–', top - h / 2 - 3, { font: L.fonts.regular, size: 8.5, color: COLORS.muted });
    return;
  }
  const hasChange = cv.change !== null && spec.change(cv.change) !== '';
  const valueY = hasChange ? top - h / 2 + 1.5 : top - h / 2 - 3;
  table.text(col, spec.value(cv.value), valueY, { font: L.fonts.bold, size: 8.5 });
  if (!hasChange) return;
  const mark = marker(cv);
  const color = mark === UP ? COLORS.accent : mark === DOWN ? COLORS.detractors : COLORS.muted;
  table.text(col, `${spec.change(cv.change!)}${mark ? ` ${mark}` : ''}`, valueY - 10, { font: mark ? L.fonts.bold : L.fonts.regular, size: 7, color });
}

/** A table of compared columns: the label column, then one value column per compared column. */
function comparedTable(L: ReportLayout, cols: readonly ColumnSpec[], groups: readonly RowGroup[], labelHead: string): void {
  const { labelW, colW } = layoutColumns(cols.length, { minLabelW: 165, maxColW: 72 });
  const labelCol: TableColumn = { x: M.left, w: labelW, title: labelHead, align: 'left' };
  const valueCols: TableColumn[] = cols.map((c, i) => ({ x: M.left + labelW + i * colW, w: colW, title: c.title, note: c.note, align: 'right', tint: c.reference === true }));
  const table = new FlowTable(L, [labelCol, ...valueCols]);
  const laid = groups.map((g) => ({
    heading: g.heading,
    rows: g.rows.map((spec) => {
      const size = spec.size ?? 8.5;
      const values = cols.map((c) => spec.pick(c.source));
      const anyChange = values.some((v) => v?.change != null && spec.change(v.change) !== '');
      return { spec, size, values, ...labelLines(spec.label, L.fonts.regular, size, labelW - 6, anyChange ? 27 : 19) };
    }),
  }));
  // A table that fits on a page is not split.
  const height = table.headHeight + laid.reduce((s, g) => s + (g.heading ? 18 : 0) + g.rows.reduce((r, x) => r + x.h, 0), 0);
  if (height < A4.height - M.top - L.bottom - 40) L.ensure(height);
  table.head(60);
  for (const g of laid) {
    if (g.heading) table.heading(g.heading);
    for (const { spec, size, values, lines, h } of g.rows) {
      table.row(h, (top) => {
        table.label(labelCol, lines, top, h, { font: L.fonts.regular, size });
        cols.forEach((c, i) => {
          const col = valueCols[i]!;
          if (c.source.hidden) table.hidden(col, top, h);
          else drawCell(L, table, col, top, h, values[i] ?? null, spec);
        });
      });
    }
  }
  L.y -= 10;
}

/** What the small figure under a value is, and what ▲ and ▼ mean. */
function changeLegend(L: ReportLayout, what: 'comparative.changeFromPrevious' | 'comparative.differenceFromTotal'): void {
  const { regular, bold } = L.fonts;
  L.ensure(18);
  const y = L.y - 9;
  let x = M.left;
  const part = (text: string, font = regular, color = COLORS.muted): void => {
    L.page.drawText(text, { x, y, size: 7.5, font, color });
    x += font.widthOfTextAtSize(text, 7.5);
  };
  part('±', bold, COLORS.ink);
  part(` ${L.t(what)}     `);
  part(UP, bold, COLORS.accent);
  part(` ${L.t('comparative.significantUp')}     `);
  part(DOWN, bold, COLORS.detractors);
  part(` ${L.t('comparative.significantDown')}`);
  L.y -= 18;
}

/** The hidden columns, each with its reason. */
function hiddenLegend(L: ReportLayout, cols: readonly ColumnSpec[]): void {
  for (const c of cols) if (c.source.hidden) L.hiddenNote(null, M.left, `${c.name}: ${reasonText(L, c.source.reason)}`);
}

function significanceNote(L: ReportLayout, variant: ComparativeFigures['variant']): void {
  L.paragraph(L.t(variant === 'groups' ? 'comparative.legendGroups' : 'comparative.legend'), { size: 7.5 });
  L.paragraph(L.t('comparative.legendCategoryN'), { size: 7.5 });
  L.y -= 6;
}

// ---------------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------------

const surveyColumns = (columns: readonly ComparisonColumn[], withName: boolean): ColumnSpec[] =>
  columns.map((c) => ({ title: yearOf(c), note: [withName ? c.label : null, c.hidden ? HIDDEN_MARK : null].filter(Boolean).join(' ') || undefined, name: yearOf(c), source: c }));

function yearsOverview(L: ReportLayout, f: ComparativeFigures): void {
  L.section(L.t('comparative.variants.years'));
  L.paragraph(L.t('comparative.variantHints.years'), { size: 8.5 });
  changeLegend(L, 'comparative.changeFromPrevious');
  significanceNote(L, f.variant);
  const cols = surveyColumns(f.columns, true);
  for (const block of blocks(cols, MAX_COLUMNS)) {
    comparedTable(L, block, [{ rows: figureRows(L, true) }, { heading: L.t('labels.sections.categories'), rows: categoryRows(L, f.language) }], L.t('comparative.survey'));
  }
  hiddenLegend(L, cols);
}

/** One line chart of the trend: its title, axis and a value per survey (null: hidden). */
interface TrendChart {
  title: string;
  min: number;
  max: number;
  ticks: number[];
  values: (number | null)[];
  format: (v: number) => string;
  tick: (v: number) => string;
}

/** Room a point needs beside the next one (its value label and year), and what a chart takes besides its points. */
const POINT_SPACE = 28;
const CHART_FRAME = 50;

/**
 * Charts in rows of at most `maxPerRow`, fewer when many surveys would crowd their points and labels; each with its
 * title (up to two lines) above the plot.
 */
function chartGrid(L: ReportLayout, charts: readonly TrendChart[], xLabels: readonly string[], opts: { maxPerRow: number; height: number; titleSize: number }): void {
  const gap = 18;
  const widthOf = (n: number) => (CONTENT_W - gap * (n - 1)) / n;
  const needed = CHART_FRAME + POINT_SPACE * Math.max(1, xLabels.length - 1);
  let perRow = opts.maxPerRow;
  while (perRow > 1 && widthOf(perRow) < needed) perRow -= 1;
  const w = widthOf(perRow);
  const { bold, regular } = L.fonts;
  const lh = opts.titleSize + 2;
  for (const row of blocks(charts, perRow)) {
    const titles = row.map((c) => wrapText(c.title, bold, opts.titleSize, w).slice(0, 2));
    // The plot's top line sits below the longer title, with room for a value label above it.
    const titleH = lh * Math.max(...titles.map((x) => x.length)) + 14;
    L.ensure(titleH + opts.height + 14);
    const top = L.y;
    row.forEach((c, i) => {
      const x = M.left + i * (w + gap);
      titles[i]!.forEach((line, j) => L.page.drawText(line, { x, y: top - opts.titleSize - j * lh, size: opts.titleSize, font: bold, color: COLORS.ink }));
      const y = top - titleH - (opts.height - 10);
      drawLineChart(L.page, { x, y, width: w, height: opts.height, min: c.min, max: c.max, ticks: c.ticks, xLabels: [...xLabels], series: [{ name: c.title, values: c.values }], font: regular, format: c.format, tickFormat: c.tick, hiddenMark: HIDDEN_MARK });
    });
    L.y = top - titleH - opts.height - 14;
  }
}

/** ESI and eNPS, then one small chart per category: lines over the years, every point labelled. */
function yearsTrend(L: ReportLayout, f: ComparativeFigures): void {
  const { t, fmt } = L;
  L.section(t('comparative.trend'));
  const xLabels = f.columns.map(yearOf);
  const values = (pick: (c: ComparisonColumn) => ComparedValue | null) => f.columns.map((c) => (c.hidden ? null : (pick(c)?.value ?? null)));
  chartGrid(
    L,
    [
      { title: t('labels.esi'), min: 0, max: 100, ticks: [0, 25, 50, 75, 100], values: values((c) => c.esi), format: (v) => fmt.num(v, 1), tick: (v) => fmt.num(v, 0) },
      { title: t('pdf.enps'), min: -100, max: 100, ticks: [-100, -50, 0, 50, 100], values: values((c) => c.enps), format: (v) => fmt.sign(v, 1), tick: (v) => fmt.sign(v, 0) },
    ],
    xLabels,
    { maxPerRow: 2, height: 110, titleSize: 9 },
  );
  L.subheading(`${t('labels.sections.categories')} · ${t('labels.mean')} 1–4`, 120);
  const categories = CATEGORIES.map((cat) => ({
    title: categoryTitle(cat.id, f.language),
    min: 1,
    max: 4,
    ticks: [1, 2, 3, 4],
    values: values((c) => c.categories.find((x) => x.id === cat.id)?.mean ?? null),
    format: (v: number) => fmt.num(v, 2),
    tick: (v: number) => fmt.num(v, 0),
  }));
  chartGrid(L, categories, xLabels, { maxPerRow: 3, height: 78, titleSize: 8 });
  if (f.columns.some((c) => c.hidden)) hiddenLegend(L, surveyColumns(f.columns, false));
}

function yearsStatements(L: ReportLayout, f: ComparativeFigures): void {
  L.section(L.t('labels.sections.statements'));
  changeLegend(L, 'comparative.changeFromPrevious');
  significanceNote(L, f.variant);
  const cols = surveyColumns(f.columns, false);
  for (const block of blocks(cols, MAX_COLUMNS)) comparedTable(L, block, statementGroups(L, f.language), L.t('labels.statement'));
  hiddenLegend(L, cols);
}

/** The whole survey first (the reference, tinted), then the groups; a wide table repeats the whole survey in each block. */
function groupColumns(L: ReportLayout, f: ComparativeFigures): { total: ColumnSpec | null; groups: ColumnSpec[] } {
  const nNote = (c: ComparisonColumn) => (c.hidden ? HIDDEN_MARK : `n = ${c.n ?? '–'}`);
  const total = f.total ? { title: L.t('comparative.total'), note: nNote(f.total), name: L.t('comparative.total'), reference: true, source: f.total } : null;
  const groups = f.columns.map((c) => {
    const name = groupLabel(L, c);
    return { title: name, note: nNote(c), name, source: c };
  });
  return { total, groups };
}

function groupBlocks(L: ReportLayout, f: ComparativeFigures): ColumnSpec[][] {
  const { total, groups } = groupColumns(L, f);
  if (!total) return blocks(groups, MAX_COLUMNS);
  return blocks(groups, MAX_COLUMNS - 1).map((b) => [total, ...b]);
}

function groupsOverview(L: ReportLayout, f: ComparativeFigures): void {
  L.section(L.t('labels.breakdown', { group: f.group_title ?? f.group ?? '' }));
  L.paragraph(L.t('comparative.variantHints.groups'), { size: 8.5 });
  changeLegend(L, 'comparative.differenceFromTotal');
  significanceNote(L, f.variant);
  for (const block of groupBlocks(L, f)) {
    comparedTable(L, block, [{ rows: figureRows(L, false) }, { heading: L.t('labels.sections.categories'), rows: categoryRows(L, f.language) }], L.t('labels.group'));
  }
  hiddenLegend(L, groupColumns(L, f).groups);
}

function groupsStatements(L: ReportLayout, f: ComparativeFigures): void {
  L.section(L.t('labels.sections.statements'));
  changeLegend(L, 'comparative.differenceFromTotal');
  significanceNote(L, f.variant);
  for (const block of groupBlocks(L, f)) comparedTable(L, block, statementGroups(L, f.language), L.t('labels.statement'));
  hiddenLegend(L, groupColumns(L, f).groups);
}

function groupYears(L: ReportLayout, f: ComparativeFigures): void {
  L.section(`${L.t('comparative.variants.group-years')}: ${f.group_title ?? f.group ?? ''}`);
  L.paragraph(L.t('comparative.variantHints.group-years'), { size: 8.5 });
  L.paragraph(L.t('comparative.notFollowed'), { size: 8.5 });
  changeLegend(L, 'comparative.changeFromPrevious');
  significanceNote(L, f.variant);
  const rows = [{ rows: figureRows(L, false) }, { heading: L.t('labels.sections.categories'), rows: categoryRows(L, f.language) }];
  for (const s of f.series) {
    // A series' table (about 15 rows) stays on one page with its heading.
    L.ensure(390);
    L.subheading(groupLabel(L, s), 0);
    const cols = surveyColumns(s.columns, false);
    for (const block of blocks(cols, MAX_COLUMNS)) comparedTable(L, block, rows, L.t('comparative.year'));
    hiddenLegend(L, cols);
    L.y -= 10;
  }
}

// ---------------------------------------------------------------------------------------------

function coverFor(L: ReportLayout, f: ComparativeFigures, input: ComparativeReportInput): CoverInput {
  const { t, fmt } = L;
  const years = (cols: readonly ComparisonColumn[]) => (cols.length > 0 ? [...new Set([yearOf(cols[0]!), yearOf(cols[cols.length - 1]!)])].join(' – ') : '–');
  const variant = t(`comparative.variants.${f.variant}`);
  const details: [string, string][] = [[t('comparative.variant'), variant]];
  if (f.group_title) details.push([t('comparative.group'), f.group_title]);
  let highlights: [string, string][] = [];
  if (f.variant === 'years') {
    details.push([t('comparative.year'), years(f.columns)]);
    const last = f.columns[f.columns.length - 1];
    if (last) {
      const y = yearOf(last);
      highlights = [
        [`${t('labels.responses')} ${y}`, last.n === null ? HIDDEN_MARK : String(last.n)],
        [`ESI ${y}`, last.esi.value === null ? HIDDEN_MARK : fmt.num(last.esi.value, 1)],
        [`eNPS ${y}`, last.enps.value === null ? HIDDEN_MARK : fmt.sign(last.enps.value, 1)],
      ];
    }
  } else if (f.variant === 'groups' && f.total) {
    highlights = [
      [t('labels.responses'), f.total.n === null ? HIDDEN_MARK : String(f.total.n)],
      ['ESI', f.total.esi.value === null ? HIDDEN_MARK : fmt.num(f.total.esi.value, 1)],
      ['eNPS', f.total.enps.value === null ? HIDDEN_MARK : fmt.sign(f.total.enps.value, 1)],
    ];
  } else if (f.variant === 'group-years') {
    details.push([t('comparative.year'), years(f.series[0]?.columns ?? [])]);
  }
  return {
    title: t('comparative.title'),
    company: f.company,
    survey: f.survey.name,
    startDate: null,
    endDate: null,
    details,
    generatedOn: input.generatedOn,
    logo: input.logo,
    minGroupSize: f.min_group_size,
    highlights,
  };
}

const SECTIONS: Record<ComparativeFigures['variant'], ((L: ReportLayout, f: ComparativeFigures) => void)[]> = {
  years: [yearsOverview, yearsTrend, yearsStatements],
  groups: [groupsOverview, groupsStatements],
  'group-years': [groupYears],
};

export async function renderComparativeReport(input: ComparativeReportInput): Promise<Uint8Array> {
  const f = input.figures;
  const t = textsFor(f.language, 'reports');
  const L = await ReportLayout.create(f.language, `${f.company} · ${t('comparative.title')} · ${f.survey.name}`, f.min_group_size, `${t('comparative.title')} · ${f.survey.name}`);
  const logo = await L.embedLogo(input.logo);
  L.cover(coverFor(L, f, input), logo);
  const history = f.variant === 'years' ? (input.focusHistory ?? []) : [];
  const sections = [...SECTIONS[f.variant], ...(history.length > 0 ? [(layout: ReportLayout) => focusHistorySection(layout, history, f.language)] : [])];
  L.reserveContents(sections.length);
  for (const s of sections) s(L, f);
  return L.finish(f.company);
}
