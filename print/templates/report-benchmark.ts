/**
 * The benchmark report as a PDF: the company's survey of a year against the market of that year, its
 * size class and its industry (as frozen at the publication). Cover, the comparison groups (how the market is made,
 * each group's companies, and why a group is not offered), the company's position in each market as bands (median
 * band to the best figure shown, a tick at the top 25 %, the company as a dot, its position in words), then tables of
 * ESI and eNPS, the categories and every statement: the company's value and, per offered group, median band, top
 * 25 %, top 10 % and the company's position.
 *
 * Pure: BenchmarkFigures (shared/schemas/comparison.ts) -> PDF bytes. A market or a figure the figures leave out
 * (null: too few companies, or withheld so that no company can be singled out) prints as an en dash.
 */
import { CATEGORIES, STATEMENTS } from '../../shared/question-banks/index.js';
import { localizedText } from '../../shared/i18n/localized-text.js';
import { textsFor } from '../../shared/i18n/node.js';
import { LIMITS } from '../../shared/constants.js';
import { roundHalfAwayFromZero } from '../../shared/rounding.js';
import { MIN_BENCHMARK_COMPANIES, type BenchmarkFigures, type BenchmarkGroup, type BenchmarkItem, type BenchmarkMarket } from '../../shared/schemas/comparison.js';
import { COLORS, drawCentered, drawMarketBand, drawRight } from '../blocks/charts.js';
import { wrapText } from '../blocks/text.js';
import { A4, CONTENT_W, M, ReportLayout, type CoverInput, type ReportLogo } from './report-common.js';
import { clampLines, FlowTable, labelLines, type TableColumn } from './report-table.js';

export interface BenchmarkReportInput {
  figures: BenchmarkFigures;
  logo?: ReportLogo | undefined;
  /** The day the report is made (printed on the cover). */
  generatedOn: Date | string;
}

const DASH = '–';

type Kind = BenchmarkItem['kind'];

/** An offered group with its position in `figures.groups` (its index into every item's `markets`). */
interface Offered {
  group: BenchmarkGroup;
  index: number;
}

const offered = (f: BenchmarkFigures): Offered[] => f.groups.map((group, index) => ({ group, index })).filter((o) => o.group.available);

/** The group's short name: "All companies", "Your size class", "Your industry". */
const groupShort = (L: ReportLayout, g: BenchmarkGroup): string => L.t(`benchmark.groups.${g.kind}`);

function sizeName(L: ReportLayout, f: BenchmarkFigures): string {
  return f.size_class ? L.t(`benchmark.sizes.${f.size_class}`) : DASH;
}

const industryName = (f: BenchmarkFigures): string => (f.industry ? textsFor(f.language, 'account')(`industries.${f.industry}`) : DASH);

/** What the group holds: the size class's or the industry's name (nothing for the whole market). */
function groupDetail(L: ReportLayout, f: BenchmarkFigures, g: BenchmarkGroup): string | null {
  if (g.kind === 'size') return f.size_class ? sizeName(L, f) : null;
  if (g.kind === 'industry') return f.industry ? industryName(f) : null;
  return null;
}

function itemLabel(item: BenchmarkItem, lang: BenchmarkFigures['language']): string {
  if (item.kind === 'esi') return 'ESI';
  if (item.kind === 'enps') return 'eNPS';
  if (item.kind === 'category') return localizedText(CATEGORIES.find((c) => c.id === item.id)?.title, lang) || item.id;
  return localizedText(STATEMENTS.find((s) => s.id === item.id)?.text, lang) || item.id;
}

/** ESI with one decimal, eNPS signed with one, means with two. */
function formatter(L: ReportLayout, kind: Kind): (v: number | null) => string {
  return (v) => (v === null ? DASH : kind === 'esi' ? L.fmt.num(v, 1) : kind === 'enps' ? L.fmt.sign(v, 1) : L.fmt.num(v, 2));
}

// ---------------------------------------------------------------------------------------------
// Comparison groups
// ---------------------------------------------------------------------------------------------

function groupsSection(L: ReportLayout, f: BenchmarkFigures): void {
  const { t } = L;
  const { bold, regular } = L.fonts;
  L.section(t('pdf.benchmarkGroups'));
  L.paragraph(t('benchmark.method', { year: f.year, min: MIN_BENCHMARK_COMPANIES }), { size: 9, color: COLORS.ink });
  if (!f.in_market) L.paragraph(t('benchmark.notInMarket'), { size: 9, color: COLORS.ink, font: bold });
  L.paragraph(t('benchmark.dash', { min: MIN_BENCHMARK_COMPANIES }), { size: 8.5, color: COLORS.ink });
  L.y -= 8;
  for (const g of f.groups) {
    const detail = groupDetail(L, f, g);
    const name = detail ? `${groupShort(L, g)}: ${detail}` : groupShort(L, g);
    // A company without a size class (or industry) has no such group to count.
    const count = g.key === null ? '' : t('benchmark.companies', { count: g.companies });
    const lines = wrapText(name, bold, 9.5, CONTENT_W - 130);
    L.ensure(lines.length * 12 + 30);
    L.page.drawRectangle({ x: M.left, y: L.y - lines.length * 12 - 6, width: 3, height: lines.length * 12 + 4, color: g.available ? COLORS.accent : COLORS.hidden });
    lines.forEach((line, i) => L.page.drawText(line, { x: M.left + 12, y: L.y - 11 - i * 12, size: 9.5, font: bold, color: g.available ? COLORS.ink : COLORS.muted }));
    drawRight(L.page, count, A4.width - M.right, L.y - 11, { font: regular, size: 9.5, color: g.available ? COLORS.ink : COLORS.muted });
    L.y -= lines.length * 12 + 8;
    if (!g.available && g.reason) L.paragraph(t(`benchmark.reasons.${g.reason}`, { min: MIN_BENCHMARK_COMPANIES, year: f.year }), { size: 8.5, color: COLORS.hiddenInk }, CONTENT_W - 12, M.left + 12);
    L.y -= 6;
  }
}

// ---------------------------------------------------------------------------------------------
// Position in the market
// ---------------------------------------------------------------------------------------------

/** An axis over the values to show, in whole steps, within the scale's bounds. */
function axis(values: readonly number[], step: number, lo: number, hi: number): { min: number; max: number; ticks: number[] } {
  if (values.length === 0) return { min: lo, max: hi, ticks: [lo, hi] };
  let min = Math.max(lo, Math.floor(Math.min(...values) / step) * step);
  let max = Math.min(hi, Math.ceil(Math.max(...values) / step) * step);
  if (max - min < 2 * step) {
    min = Math.max(lo, min - step);
    max = Math.min(hi, max + step);
  }
  const every = (max - min) / step > 6 ? 2 * step : step;
  const ticks: number[] = [];
  for (let v = min; v <= max + 1e-9; v += every) ticks.push(roundHalfAwayFromZero(v, 2));
  return { min, max, ticks };
}

const SCALES: Record<'esi' | 'enps' | 'category', { step: number; lo: number; hi: number }> = {
  esi: { step: 10, lo: 0, hi: 100 },
  enps: { step: 20, lo: -100, hi: 100 },
  category: { step: 0.5, lo: 1, hi: 4 },
};

/** Columns of the position chart: item, your value, group, band, position. */
const POS = (() => {
  const labelW = 138;
  const valueR = M.left + labelW + 42;
  const groupX = valueR + 12;
  const bandX = groupX + 92;
  const pctR = A4.width - M.right;
  return { labelW, valueR, groupX, groupW: 86, bandX, bandW: pctR - 84 - bandX, pctR, pctW: 78 };
})();

function positionHead(L: ReportLayout, ax: { min: number; max: number; ticks: number[] }, fmt: (v: number) => string): void {
  const { bold, regular } = L.fonts;
  L.ensure(60);
  const y = L.y - 9;
  const head = { font: bold, size: 7.5, color: COLORS.muted };
  drawRight(L.page, L.t('benchmark.yourCompany'), POS.valueR, y, { ...head, size: 6.5 });
  drawRight(L.page, L.t('benchmark.yourPosition'), POS.pctR, y, { ...head, size: 6.5 });
  for (const v of ax.ticks) drawCentered(L.page, fmt(v), POS.bandX + (POS.bandW * (v - ax.min)) / (ax.max - ax.min), y, { font: regular, size: 7, color: COLORS.muted });
  L.y -= 14;
  L.page.drawLine({ start: { x: M.left, y: L.y }, end: { x: A4.width - M.right, y: L.y }, thickness: 0.6, color: COLORS.rule });
}

interface PositionRowLayout {
  item: BenchmarkItem;
  names: string[][];
  /** Per group, the company's position in words (up to two lines). */
  positions: string[][];
  subs: number[];
  subsH: number;
  lines: string[];
  h: number;
}

/** A position row's lines and heights: a group's name takes up to two lines, its band sits in the middle of its sub-row. */
function positionLayout(L: ReportLayout, f: BenchmarkFigures, item: BenchmarkItem, groups: readonly Offered[]): PositionRowLayout {
  const { regular } = L.fonts;
  const names = groups.map((o) => clampLines(groupShort(L, o.group), regular, 7, POS.groupW, 2));
  const positions = groups.map((o) => {
    const m = item.markets[o.index] ?? null;
    return clampLines(m ? positionText(L, m) : DASH, regular, 7.5, POS.pctW, 2);
  });
  const subs = names.map((n, i) => Math.max(15, Math.max(n.length, positions[i]!.length) * 8 + 5));
  const subsH = subs.reduce((a, b) => a + b, 0);
  const { lines, h: labelH } = labelLines(itemLabel(item, f.language), regular, 8.5, POS.labelW, 0);
  return { item, names, positions, subs, subsH, lines, h: Math.max(labelH, subsH + 8, 22) };
}

/** One item: its label and value, and per offered group the band and the position; a new page repeats the axis (`head`). */
function positionRow(L: ReportLayout, row: PositionRowLayout, groups: readonly Offered[], ax: { min: number; max: number; ticks: number[] }, head: () => void): void {
  const { bold, regular } = L.fonts;
  const { item, names, positions, subs, subsH, lines, h } = row;
  const fmt = formatter(L, item.kind);
  if (L.y - h < L.bottom) {
    L.newPage();
    head();
  }
  const top = L.y;
  const first = top - (h - lines.length * 10.5) / 2 - 7.5;
  lines.forEach((line, i) => L.page.drawText(line, { x: M.left, y: first - i * 10.5, size: 8.5, font: regular, color: COLORS.ink }));
  drawRight(L.page, fmt(item.value), POS.valueR, top - h / 2 - 3, { font: bold, size: 9, color: item.value === null ? COLORS.muted : COLORS.ink });
  let subTop = top - (h - subsH) / 2;
  for (const v of ax.ticks) {
    const x = POS.bandX + (POS.bandW * (v - ax.min)) / (ax.max - ax.min);
    L.page.drawLine({ start: { x, y: top - 2 }, end: { x, y: top - h + 2 }, thickness: 0.4, color: COLORS.rule, dashArray: [1.5, 1.5] });
  }
  groups.forEach((o, i) => {
    const mid = subTop - subs[i]! / 2;
    subTop -= subs[i]!;
    const first = mid - 2.5 + ((names[i]!.length - 1) * 8) / 2;
    names[i]!.forEach((line, j) => L.page.drawText(line, { x: POS.groupX, y: first - j * 8, size: 7, font: regular, color: COLORS.muted }));
    const m: BenchmarkMarket | null = item.markets[o.index] ?? null;
    const words = positions[i]!;
    const wordsFirst = mid - 2.5 + ((words.length - 1) * 8) / 2;
    words.forEach((line, j) => drawRight(L.page, line, POS.pctR, wordsFirst - j * 8, { font: regular, size: 7.5, color: m ? COLORS.ink : COLORS.muted }));
    if (m) drawMarketBand(L.page, { x: POS.bandX, y: mid - 3.5, width: POS.bandW, height: 7, min: ax.min, max: ax.max, median: m.median, top25: m.top25, top10: m.top10, value: item.value });
  });
  L.y = top - h;
  L.page.drawLine({ start: { x: M.left, y: L.y }, end: { x: A4.width - M.right, y: L.y }, thickness: 0.3, color: COLORS.rule });
}

/** The company's position among a group in words, or a dash. */
const positionText = (L: ReportLayout, m: BenchmarkMarket): string => (m.position === null ? DASH : L.t(`benchmark.positions.${m.position}`));

/** A drawn key: the band (median band to top 10 %), the tick (top 25 %) and the dot (your company). */
function positionKey(L: ReportLayout): void {
  const { regular } = L.fonts;
  L.ensure(24);
  const y = L.y - 12;
  let x = M.left;
  drawMarketBand(L.page, { x, y: y - 1, width: 60, height: 7, min: 0, max: 100, median: 10, top25: 45, top10: 90, value: 70 });
  x += 70;
  const item = (text: string) => {
    L.page.drawText(text, { x, y, size: 7.5, font: regular, color: COLORS.ink });
    x += regular.widthOfTextAtSize(text, 7.5) + 16;
  };
  item(`${L.t('benchmark.median')} – ${L.t('benchmark.top10')}`);
  L.page.drawLine({ start: { x, y: y - 2 }, end: { x, y: y + 8 }, thickness: 1, color: COLORS.ink });
  x += 5;
  item(L.t('benchmark.top25'));
  L.page.drawCircle({ x: x + 4, y: y + 2.5, size: 4.7, color: COLORS.ink, borderColor: COLORS.paper, borderWidth: 1 });
  x += 12;
  item(L.t('benchmark.yourCompany'));
  L.y -= 24;
}

function positionSection(L: ReportLayout, f: BenchmarkFigures): void {
  L.section(L.t('benchmark.position'), { newPage: false, minSpace: 320 });
  L.paragraph(L.t('benchmark.positionHint'), { size: 8.5, color: COLORS.ink });
  L.paragraph(L.t('benchmark.dash', { min: MIN_BENCHMARK_COMPANIES }), { size: 7.5 });
  positionKey(L);
  const groups = offered(f);
  for (const kind of ['esi', 'enps', 'category'] as const) {
    const items = f.items.filter((i) => i.kind === kind);
    if (items.length === 0) continue;
    const markets = (i: BenchmarkItem) => groups.flatMap((o) => [i.markets[o.index]?.median ?? null, i.markets[o.index]?.top25 ?? null, i.markets[o.index]?.top10 ?? null].filter((v): v is number => v !== null));
    const values = items.flatMap((i) => [...(i.value === null ? [] : [i.value]), ...markets(i)]);
    const s = SCALES[kind];
    const ax = axis(values, s.step, s.lo, s.hi);
    const rows = items.map((i) => positionLayout(L, f, i, groups));
    // A block that fits on a page is kept together (the categories: about 350 points).
    const height = rows.reduce((a, r) => a + r.h, 0) + 20 + (kind === 'category' ? 40 : 6);
    if (height < A4.height - M.top - L.bottom - 40) L.ensure(height);
    L.y -= 6;
    if (kind === 'category') L.subheading(`${L.t('labels.sections.categories')} · ${L.t('labels.mean')} 1–4`, 80);
    const head = () => positionHead(L, ax, (v) => (kind === 'enps' ? L.fmt.sign(v, 0) : L.fmt.num(v, kind === 'category' ? 1 : 0)));
    head();
    for (const row of rows) positionRow(L, row, groups, ax, head);
  }
  L.y -= 8;
}

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

/** Columns: item, your company, group, median band, top 25 %, top 10 %, your position. */
function tableColumns(L: ReportLayout, labelHead: string): TableColumn[] {
  const widths = [54, 84, 46, 46, 46, 72];
  const labelW = CONTENT_W - widths.reduce((a, b) => a + b, 0);
  const titles = [L.t('benchmark.yourCompany'), L.t('labels.group'), L.t('benchmark.median'), L.t('benchmark.top25'), L.t('benchmark.top10'), L.t('benchmark.yourPosition')];
  const cols: TableColumn[] = [{ x: M.left, w: labelW, title: labelHead, align: 'left' }];
  let x = M.left + labelW;
  widths.forEach((w, i) => {
    cols.push({ x, w, title: titles[i]!, align: i === 1 ? 'left' : 'right', tint: i === 0 });
    x += w;
  });
  return cols;
}

function tableRow(L: ReportLayout, table: FlowTable, f: BenchmarkFigures, item: BenchmarkItem, groups: readonly Offered[], size: number): void {
  const { bold, regular } = L.fonts;
  const cols = table.columns;
  const fmt = formatter(L, item.kind);
  const names = groups.map((o) => clampLines(groupShort(L, o.group), regular, 7, cols[2]!.w - 10, 2));
  const positions = groups.map((o) => {
    const m = item.markets[o.index] ?? null;
    return clampLines(m ? positionText(L, m) : DASH, bold, 7.5, cols[6]!.w - 8, 2);
  });
  const subH = names.map((n, i) => Math.max(13, Math.max(n.length, positions[i]!.length) * 8.5 + 4.5));
  const { lines, h: labelH } = labelLines(itemLabel(item, f.language), regular, size, cols[0]!.w - 6, 20);
  const h = Math.max(labelH, subH.reduce((a, b) => a + b, 0) + 8);
  table.row(h, (top) => {
    table.label(cols[0]!, lines, top, h, { font: regular, size });
    table.text(cols[1]!, fmt(item.value), top - h / 2 - 3, { font: bold, size: 8.5, color: item.value === null ? COLORS.muted : COLORS.ink });
    let y = top - (h - subH.reduce((a, b) => a + b, 0)) / 2;
    groups.forEach((o, i) => {
      const baseline = y - subH[i]! / 2 - 2.5 + ((names[i]!.length - 1) * 8.5) / 2;
      names[i]!.forEach((line, j) => table.text(cols[2]!, line, baseline - j * 8.5, { font: regular, size: 7, color: COLORS.muted }));
      const m = item.markets[o.index] ?? null;
      const cells = m ? [fmt(m.median), fmt(m.top25), fmt(m.top10)] : [DASH, DASH, DASH];
      cells.forEach((text, k) => table.text(cols[3 + k]!, text, y - subH[i]! / 2 - 3, { font: regular, size: 8, color: m ? COLORS.ink : COLORS.muted }));
      const words = positions[i]!;
      const wordsFirst = y - subH[i]! / 2 - 3 + ((words.length - 1) * 8.5) / 2;
      words.forEach((line, j) => table.text(cols[6]!, line, wordsFirst - j * 8.5, { font: bold, size: 7.5, color: m ? COLORS.ink : COLORS.muted }));
      y -= subH[i]!;
    });
  });
}

function itemTable(L: ReportLayout, f: BenchmarkFigures, items: readonly BenchmarkItem[], labelHead: string, grouped: boolean): void {
  const groups = offered(f);
  L.paragraph(L.t('benchmark.dash', { min: MIN_BENCHMARK_COMPANIES }), { size: 7.5 });
  const table = new FlowTable(L, tableColumns(L, labelHead));
  table.head(60);
  const size = grouped ? 7.5 : 8.5;
  if (!grouped) {
    for (const item of items) tableRow(L, table, f, item, groups, size);
  } else {
    for (const cat of CATEGORIES) {
      const rows = items.filter((i) => STATEMENTS.find((s) => s.id === i.id)?.category === cat.id);
      if (rows.length === 0) continue;
      table.heading(localizedText(cat.title, f.language));
      for (const item of rows) tableRow(L, table, f, item, groups, size);
    }
  }
  L.y -= 8;
}

function keyFiguresSection(L: ReportLayout, f: BenchmarkFigures): void {
  L.section(L.t('labels.sections.keyFigures'), { newPage: false, minSpace: 220 });
  itemTable(L, f, f.items.filter((i) => i.kind === 'esi' || i.kind === 'enps'), '', false);
}

function categoriesSection(L: ReportLayout, f: BenchmarkFigures): void {
  L.section(L.t('labels.sections.categories'), { newPage: false, minSpace: 300 });
  itemTable(L, f, f.items.filter((i) => i.kind === 'category'), L.t('labels.category'), false);
}

function statementsSection(L: ReportLayout, f: BenchmarkFigures): void {
  L.section(L.t('labels.sections.statements'));
  itemTable(L, f, f.items.filter((i) => i.kind === 'statement'), L.t('labels.statement'), true);
}

// ---------------------------------------------------------------------------------------------

function coverFor(L: ReportLayout, f: BenchmarkFigures, input: BenchmarkReportInput): CoverInput {
  const { t } = L;
  const market = offered(f)[0];
  const esi = f.items.find((i) => i.kind === 'esi');
  const enps = f.items.find((i) => i.kind === 'enps');
  const position = market && esi ? (esi.markets[market.index] ?? null) : null;
  const highlights: [string, string][] = [
    ['ESI', formatter(L, 'esi')(esi?.value ?? null)],
    ['eNPS', formatter(L, 'enps')(enps?.value ?? null)],
  ];
  if (market) highlights.push([`ESI · ${t('benchmark.yourPosition')} · ${groupShort(L, market.group)}`, position ? positionText(L, position) : DASH]);
  return {
    title: t('benchmark.title'),
    company: f.company,
    survey: f.survey.name,
    startDate: null,
    endDate: null,
    details: [
      [t('comparative.year'), String(f.year)],
      [t('benchmark.groups.size'), sizeName(L, f)],
      [t('benchmark.groups.industry'), industryName(f)],
      [t('labels.responses'), String(f.survey.responses)],
    ],
    generatedOn: input.generatedOn,
    logo: input.logo,
    minGroupSize: null,
    highlights,
  };
}

export async function renderBenchmarkReport(input: BenchmarkReportInput): Promise<Uint8Array> {
  const f = input.figures;
  const t = textsFor(f.language, 'reports');
  const title = `${t('benchmark.title')} ${f.year}`;
  const L = await ReportLayout.create(f.language, `${f.company} · ${title} · ${f.survey.name}`, LIMITS.minGroupSizeDefault, `${title} · ${f.survey.name}`);
  const logo = await L.embedLogo(input.logo);
  L.cover({ ...coverFor(L, f, input), title }, logo);
  const sections = [groupsSection, positionSection, keyFiguresSection, categoriesSection, statementsSection];
  L.reserveContents(sections.length);
  for (const s of sections) s(L, f);
  return L.finish(f.company);
}
