/**
 * The basic IZZ report as a PDF: cover, contents, participation, ESI, eNPS, the 9 categories, top
 * and bottom statements, the chosen questions, every statement, the breakdown by the filter group,
 * the department heatmap, the additional questions and the praise/critique comments.
 *
 * Pure: ReportFigures (server/modules/reports/figures/figures.ts) -> PDF bytes. The renderer computes nothing
 * statistical and hides nothing: a value the figures hide (null, suppressed) is printed as a marked
 * "hidden" cell with its reason. Groups are named as the reporting base releases them ("Other: a,
 * b", "No answer", "Withheld for anonymity"), and a section after the participation says what the
 * base merged, left out and withheld (`figures.protection`).
 */
import type { PDFImage } from 'pdf-lib';
import { CATEGORIES, DEMOGRAPHIC_QUESTIONS, SCALE_LABELS, statementById } from '../../shared/question-banks/index.js';
import type { IzzCategoryId } from '../../shared/question-banks/types.js';
import { localizedText } from '../../shared/i18n/localized-text.js';
import { textsFor } from '../../shared/i18n/node.js';
import { BASE_OTHER_KEY, dimensionName, groupDisplayLabel, type FigureSet, type LeftOutReason, type ReportFigures, type ReportGroup, type StatementFigures, type SuppressionReason } from '../../shared/schemas/report.js';
import {
  COLORS,
  drawCentered,
  drawColumns,
  drawGauge,
  drawHatch,
  drawLegend,
  drawRight,
  drawStackedBar,
  drawValueBar,
  inkOn,
  shade,
} from '../blocks/charts.js';
import { fitLine, wrapText } from '../blocks/text.js';
import { A4, CONTENT_W, HIDDEN_MARK, M, ReportLayout, type ReportLogo } from './report-common.js';

export interface BasicReportInput {
  figures: ReportFigures;
  logo?: ReportLogo | undefined;
  /** The day the report is made (printed on the cover). */
  generatedOn: Date | string;
}

type Lang = ReportFigures['language'];

const categoryTitle = (id: IzzCategoryId, lang: Lang): string => localizedText(CATEGORIES.find((c) => c.id === id)?.title, lang) || id;
const statementText = (id: string, lang: Lang): string => localizedText(statementById(id)?.text, lang) || id;

/** A dimension's short name in the report language (the web report and Excel use the same words). */
function groupName(question: string, figures: ReportFigures, L: ReportLayout): string {
  return dimensionName(question, { group: (id) => L.t(`labels.groups.${id}`, { defaultValue: id }), extraTitle: (id) => figures.extra_questions.find((q) => q.id === id)?.title });
}

/** Words for the groups the reporting base makes, in the report language. */
const groupWords = (L: ReportLayout) => ({ other: L.t('labels.other'), noAnswer: L.t('labels.noAnswer'), withheld: L.t('labels.withheld') });

/** A group's or heatmap column's name: its label, "Other: a, b", "No answer" or "Withheld for anonymity". */
function groupLabel(L: ReportLayout, g: { key: string; label: string | null; no_answer: boolean; merged: readonly (string | null)[]; withheld: boolean }): string {
  return groupDisplayLabel(g, groupWords(L));
}

/** A selected answer of the population filter, worded. */
function filterAnswerText(a: { question: string; value: string }, figures: ReportFigures, L: ReportLayout): string {
  let value = a.value;
  if (a.value === BASE_OTHER_KEY) {
    // The base's "Other" value: named with the answers merged into it.
    const merged = figures.protection.merged.find((m) => m.question === a.question)?.values ?? [];
    value = groupLabel(L, { key: a.value, label: null, no_answer: false, merged, withheld: false });
  } else if (a.question.startsWith('demographic:')) {
    const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === a.question.slice('demographic:'.length));
    value = localizedText(q?.options.find((o) => o.id === a.value)?.label, figures.language) || a.value;
  } else if (a.question.startsWith('extra:')) {
    const q = figures.extra_questions.find((e) => e.id === a.question.slice('extra:'.length));
    if (q && 'options' in q) value = q.options.find((o) => String(o.index) === a.value)?.label ?? a.value;
  }
  return `${groupName(a.question, figures, L)}: ${value}`;
}

// ---------------------------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------------------------

function tiles(L: ReportLayout, items: [string, string][]): void {
  const { bold, regular } = L.fonts;
  const h = 58;
  L.ensure(h + 10);
  const w = (CONTENT_W - 10 * (items.length - 1)) / items.length;
  items.forEach(([label, value], i) => {
    const x = M.left + i * (w + 10);
    L.page.drawRectangle({ x, y: L.y - h, width: w, height: h, color: COLORS.accentSoft });
    L.page.drawText(fitLine(value, bold, 18, w - 16), { x: x + 10, y: L.y - 26, size: 18, font: bold, color: COLORS.ink });
    wrapText(label, regular, 7.5, w - 16)
      .slice(0, 2)
      .forEach((line, j) => L.page.drawText(line, { x: x + 10, y: L.y - 40 - j * 9, size: 7.5, font: regular, color: COLORS.muted }));
  });
  L.y -= h + 16;
}

function participation(L: ReportLayout, f: ReportFigures): void {
  const t = L.t;
  const { regular, bold } = L.fonts;
  const r = f.meta.responses;
  L.section(t('labels.sections.overview'));
  const moe = (v: number | null) => (v === null ? '–' : `± ${L.fmt.num(v, 1)}`);
  // Without a population there is no response rate and no margin of error to print.
  const margin = f.meta.margin_of_error.p95 !== null;
  tiles(L, [
    [t('labels.responses'), String(r.total)],
    [t('labels.employees'), f.meta.employees === null ? '–' : String(f.meta.employees)],
    [t('labels.occupancy'), f.meta.occupancy_pct === null ? '–' : L.fmt.pct(f.meta.occupancy_pct)],
    ...(margin ? [[`${t('pdf.marginOfError')} (${t('pdf.confidence', { p: 95 })})`, moe(f.meta.margin_of_error.p95)] as [string, string]] : []),
  ]);

  L.subheading(t('labels.responses'));
  const channels: [string, number, number][] = [
    [t('labels.channels.online'), r.online, 0],
    [t('labels.channels.kiosk'), r.kiosk, 1],
    [t('labels.channels.paper'), r.paper, 2],
  ];
  const colors = [COLORS.accent, COLORS.scale4[2], COLORS.scale4[1]];
  L.ensure(60);
  drawStackedBar(L.page, {
    x: M.left,
    y: L.y - 22,
    width: CONTENT_W,
    height: 22,
    font: bold,
    size: 8,
    segments: channels.map(([name, n, i]) => ({ value: n, color: colors[i]!, label: r.total > 0 ? `${name} ${L.fmt.pct((100 * n) / r.total, 0)}` : '' })),
  });
  L.y -= 32;
  L.y -= drawLegend(L.page, {
    x: M.left,
    y: L.y - 8,
    width: CONTENT_W,
    font: regular,
    items: channels.map(([name, n, i]) => ({ color: colors[i]!, text: `${name}: ${n} (${r.total > 0 ? L.fmt.pct((100 * n) / r.total) : '–'})` })),
  });
  L.y -= 10;

  if (margin) {
    L.subheading(t('pdf.marginOfError'));
    for (const p of [90, 95] as const) {
      L.ensure(16);
      L.page.drawText(t('pdf.confidence', { p }), { x: M.left, y: L.y - 10, size: 9, font: regular, color: COLORS.ink });
      L.page.drawText(moe(p === 90 ? f.meta.margin_of_error.p90 : f.meta.margin_of_error.p95), { x: M.left + 150, y: L.y - 10, size: 9, font: bold, color: COLORS.ink });
      L.y -= 16;
    }
    L.y -= 6;
  }
  if (f.filter.answers.length > 0 || f.population.suppressed) {
    L.subheading(t('pdf.population'));
    for (const a of f.filter.answers) L.paragraph(`${t('labels.filter')}: ${filterAnswerText(a, f, L)}`, { color: COLORS.ink, size: 9 });
    if (f.population.suppressed) L.hiddenNote(f.population.reason);
    else L.paragraph(`${t('labels.responses')}: ${f.population.n ?? '–'}`, { color: COLORS.ink, size: 9, font: bold });
  }
}

/** A bold term in a left column and its text wrapped beside it. */
function definitionRow(L: ReportLayout, term: string, text: string): void {
  const { regular, bold } = L.fonts;
  const termW = 150;
  const size = 9;
  const lh = 12;
  const termLines = wrapText(term, bold, size, termW - 10);
  const textLines = wrapText(text, regular, size, CONTENT_W - termW);
  const h = Math.max(termLines.length, textLines.length) * lh + 4;
  L.ensure(h);
  termLines.forEach((line, i) => L.page.drawText(line, { x: M.left, y: L.y - size - i * lh, size, font: bold, color: COLORS.ink }));
  textLines.forEach((line, i) => L.page.drawText(line, { x: M.left + termW, y: L.y - size - i * lh, size, font: regular, color: COLORS.ink }));
  L.y -= h;
}

/**
 * How the reporting base protects the survey (figures.protection): the minimum every shown group
 * holds, the rare answers merged into "Other" per question, the questions left out as groups and
 * filters (by why), and the respondents withheld as one group.
 */
function protectionSection(L: ReportLayout, f: ReportFigures): void {
  const t = L.t;
  const p = f.protection;
  L.section(t('labels.sections.protection'), { newPage: false, minSpace: 160 });
  L.paragraph(t('labels.protection.intro', { min: f.min_group_size }), { size: 9, color: COLORS.ink });
  if (p.merged.length > 0) {
    L.subheading(t('labels.protection.merged'), 30);
    for (const m of p.merged) definitionRow(L, groupName(m.question, f, L), m.values.map((v) => v ?? t('labels.noAnswer')).join(', '));
    L.y -= 4;
  }
  if (p.left_out.length > 0) {
    L.subheading(t('labels.protection.leftOut'), 40);
    const lead: Record<LeftOutReason, string> = {
      'small-combinations': 'labels.protection.smallCombinations',
      'one-group': 'labels.protection.oneGroup',
      spread: 'labels.protection.spread',
    };
    for (const reason of ['small-combinations', 'one-group', 'spread'] as const) {
      const questions = p.left_out.filter((l) => l.reason === reason).map((l) => groupName(l.question, f, L));
      if (questions.length === 0) continue;
      L.paragraph(t(lead[reason], { min: f.min_group_size }), { size: 9 });
      L.paragraph(questions.join(', '), { size: 9, color: COLORS.ink, font: L.fonts.bold });
    }
  }
  if (p.withheld > 0) {
    L.y -= 4;
    L.paragraph(t('labels.protection.withheld', { count: p.withheld, group: t('labels.withheld') }), { size: 9, color: COLORS.ink });
  }
  if (p.merged.length === 0 && p.left_out.length === 0 && p.withheld === 0) L.paragraph(t('labels.protection.nothing'), { size: 9 });
}

function esiSection(L: ReportLayout, f: ReportFigures): void {
  const t = L.t;
  L.section(t('labels.esi'), { newPage: false, minSpace: 200 });
  L.ensure(150);
  const cx = M.left + 110;
  drawGauge(L.page, {
    cx,
    cy: L.y - 110,
    r: 80,
    thickness: 20,
    value: f.esi.score,
    valueText: f.esi.score === null ? `${HIDDEN_MARK} ${L.hiddenText(f.esi.n === 0 ? 'empty' : 'below-minimum')}` : L.fmt.num(f.esi.score, 1),
    font: f.esi.score === null ? L.fonts.regular : L.fonts.bold,
    labelFont: L.fonts.regular,
  });
  const top = L.y;
  L.y = top - 20;
  const x = M.left + 240;
  L.paragraph(t('pdf.esiNote'), { size: 9 }, CONTENT_W - 240, x);
  L.paragraph(`n = ${f.esi.n}`, { size: 9, color: COLORS.ink, font: L.fonts.bold }, CONTENT_W - 240, x);
  L.y = top - 140;
}

function enpsSection(L: ReportLayout, f: ReportFigures): void {
  const t = L.t;
  const { regular, bold } = L.fonts;
  const e = f.enps;
  L.section(t('pdf.enps'), { newPage: false, minSpace: 300 });
  L.ensure(220);
  const hidden = e.score === null;
  L.page.drawText(hidden ? `${HIDDEN_MARK} ${L.hiddenText(e.n === 0 ? 'empty' : 'below-minimum')}` : L.fmt.sign(e.score!, 1), {
    x: M.left,
    y: L.y - (hidden ? 14 : 30),
    size: hidden ? 10 : 32,
    font: hidden ? regular : bold,
    color: hidden ? COLORS.hiddenInk : COLORS.ink,
  });
  L.paragraph(t('pdf.enpsNote'), { size: 9 }, CONTENT_W - 150, M.left + 150);
  L.paragraph(`n = ${e.n}`, { size: 9, color: COLORS.ink, font: bold }, CONTENT_W - 150, M.left + 150);
  L.y = Math.min(L.y, L.y - 10);
  if (hidden) return;
  const segs = [
    { name: t('labels.detractors'), n: e.detractors, pct: e.detractors_pct, color: COLORS.detractors, range: '0–6' },
    { name: t('labels.passives'), n: e.passives, pct: e.passives_pct, color: COLORS.passives, range: '7–8' },
    { name: t('labels.promoters'), n: e.promoters, pct: e.promoters_pct, color: COLORS.promoters, range: '9–10' },
  ];
  L.y -= 8;
  const spans = drawStackedBar(L.page, {
    x: M.left,
    y: L.y - 26,
    width: CONTENT_W,
    height: 26,
    font: bold,
    size: 9,
    segments: segs.map((s) => ({ value: s.n, color: s.color, label: s.pct === null ? '' : L.fmt.pct(s.pct) })),
  });
  L.y -= 40;
  // Names under the bar (not colour alone); if a segment is too narrow its name goes in the legend row.
  segs.forEach((s, i) => {
    const span = spans[i]!;
    const name = `${s.name} (${s.range})`;
    if (regular.widthOfTextAtSize(name, 8) + 4 <= span.w) {
      drawCentered(L.page, name, span.x + span.w / 2, L.y, { font: bold, size: 8 });
      drawCentered(L.page, `n = ${s.n}`, span.x + span.w / 2, L.y - 11, { font: regular, size: 7.5, color: COLORS.muted });
    }
  });
  L.y -= 22;
  L.y -= drawLegend(L.page, {
    x: M.left,
    y: L.y - 4,
    width: CONTENT_W,
    font: regular,
    items: segs.map((s) => ({ color: s.color, text: `${s.name} ${s.range}: ${s.n} (${s.pct === null ? '–' : L.fmt.pct(s.pct)})` })),
  });
  L.y -= 10;
  L.subheading(t('pdf.grades'), 110);
  drawColumns(L.page, {
    x: M.left,
    y: L.y - 90,
    width: CONTENT_W,
    height: 86,
    values: e.distribution,
    labels: e.distribution.map((_, i) => String(i)),
    colors: e.distribution.map((_, i) => (i <= 6 ? COLORS.detractors : i <= 8 ? COLORS.passives : COLORS.promoters)),
    font: regular,
  });
  L.y -= 112;
}

function categoriesSection(L: ReportLayout, f: ReportFigures): void {
  const t = L.t;
  const { regular, bold } = L.fonts;
  L.section(t('labels.sections.categories'));
  L.paragraph(t('pdf.scaleNote'));
  L.y -= 4;
  const labelW = 170;
  const barX = M.left + labelW + 8;
  const barW = CONTENT_W - labelW - 8 - 70;
  // Scale ticks 1..4 above the bars.
  L.ensure(20);
  for (let v = 1; v <= 4; v++) {
    const x = barX + ((v - 1) / 3) * barW;
    drawCentered(L.page, L.fmt.num(v, 0), x, L.y - 8, { font: regular, size: 7, color: COLORS.muted });
  }
  drawRight(L.page, t('labels.favourable'), A4.width - M.right, L.y - 8, { font: bold, size: 7.5, color: COLORS.muted });
  L.y -= 14;
  const rowsTop = L.y;
  for (const c of f.categories) {
    const lines = wrapText(categoryTitle(c.id, f.language), regular, 9, labelW);
    const h = Math.max(26, lines.length * 11 + 10);
    L.ensure(h);
    lines.forEach((line, i) => L.page.drawText(line, { x: M.left, y: L.y - 12 - i * 11, size: 9, font: regular, color: COLORS.ink }));
    const mid = L.y - h / 2;
    // The bar runs from the scale's start (1), so its length is the mean's position on 1..4.
    drawValueBar(L.page, {
      x: barX,
      y: mid - 8,
      width: barW,
      height: 16,
      value: c.mean,
      min: 1,
      max: 4,
      label: c.mean === null ? `${HIDDEN_MARK} ${L.hiddenText(c.n === 0 ? 'empty' : 'below-minimum')}` : L.fmt.num(c.mean, 2),
      font: c.mean === null ? regular : bold,
      size: 8.5,
    });
    drawRight(L.page, c.favourable_pct === null ? '–' : L.fmt.pct(c.favourable_pct, 0), A4.width - M.right, mid - 3, { font: bold, size: 9 });
    L.y -= h;
  }
  // Light gridlines at 2 and 3 over the rows drawn on this page.
  if (L.y < rowsTop) {
    for (const v of [2, 3]) {
      const x = barX + ((v - 1) / 3) * barW;
      L.page.drawLine({ start: { x, y: Math.min(rowsTop, A4.height - M.top) }, end: { x, y: L.y }, thickness: 0.4, color: COLORS.paper, opacity: 0.8, dashArray: [2, 2] });
    }
  }
}

function scaleLegend(L: ReportLayout, lang: Lang): void {
  L.ensure(30);
  L.y -= drawLegend(L.page, {
    x: M.left,
    y: L.y - 8,
    width: CONTENT_W,
    font: L.fonts.regular,
    items: SCALE_LABELS.map((s, i) => ({ color: COLORS.scale4[i]!, text: `${s.value} ${localizedText(s.label, lang)}` })),
  });
  L.paragraph(`${L.t('pdf.distribution')}: %`, { size: 7 });
}


function statementRows(L: ReportLayout, f: ReportFigures, rows: StatementFigures[], ranked = false): void {
  L.statementHeader();
  rows.forEach((s, i) =>
    L.statementRow({
      text: statementText(s.id, f.language),
      mean: s.mean,
      favourable: s.favourable_pct,
      distribution: s.distribution,
      suppressed: s.suppressed,
      n: s.n,
      colors: COLORS.scale4,
      ...(ranked ? { rank: `${i + 1}.` } : {}),
    }),
  );
  L.y -= 10;
}

function topBottomSection(L: ReportLayout, f: ReportFigures): void {
  L.section(L.t('pdf.topBottom'));
  const shown = f.statements.filter((s) => !s.suppressed && s.mean !== null);
  if (shown.length === 0) {
    L.hiddenNote(f.population.reason ?? 'below-minimum');
    return;
  }
  const order = (a: StatementFigures, b: StatementFigures) => b.mean! - a.mean! || (b.favourable_pct ?? 0) - (a.favourable_pct ?? 0) || a.id.localeCompare(b.id);
  const sorted = [...shown].sort(order);
  scaleLegend(L, f.language);
  L.subheading(L.t('pdf.top'));
  statementRows(L, f, sorted.slice(0, 5), true);
  L.subheading(L.t('pdf.bottom'));
  statementRows(L, f, sorted.slice(-5).reverse(), true);
}

function chosenSection(L: ReportLayout, f: ReportFigures): void {
  L.section(L.t('labels.sections.chosen'));
  scaleLegend(L, f.language);
  const rows = f.chosen_questions.map((id) => f.statements.find((s) => s.id === id)).filter((s): s is StatementFigures => s !== undefined);
  statementRows(L, f, rows);
}

function statementsSection(L: ReportLayout, f: ReportFigures): void {
  L.section(L.t('labels.sections.statements'));
  scaleLegend(L, f.language);
  for (const c of CATEGORIES) {
    const rows = f.statements.filter((s) => s.category === c.id);
    if (rows.length === 0) continue;
    const cat = f.categories.find((x) => x.id === c.id);
    const summary = cat?.mean != null ? `  ·  ${L.t('labels.mean')} ${L.fmt.num(cat.mean, 2)}` : '';
    L.subheading(`${localizedText(c.title, f.language)}${summary}`, 80);
    statementRows(L, f, rows);
  }
}

/** Shading range of the category means: most real means lie between 2 and 3.5, so 1.5..3.5 spreads them (the number is always printed). */
const HEAT_SCALE: [number, number] = [1.5, 3.5];

interface MatrixColumn {
  label: string;
  n: number | null;
  suppressed: boolean;
  reason: SuppressionReason | null;
}

/**
 * A categories × groups table with shaded cells (darker = higher mean, the number always printed).
 * Hidden columns and cells are hatched and marked; the legend explains the marks. Wide tables
 * continue in blocks of at most 7 columns.
 */
function matrix(L: ReportLayout, columns: MatrixColumn[], rows: { label: string; cells: (number | null)[]; format: (v: number) => string; scale: [number, number] }[]): void {
  const { regular, bold } = L.fonts;
  const labelW = 150;
  const perBlock = 7;
  const cellH = 22;
  for (let from = 0; from < columns.length; from += perBlock) {
    const cols = columns.slice(from, from + perBlock);
    const colW = (CONTENT_W - labelW) / cols.length;
    const headers = cols.map((c) => {
      const lines = wrapText(c.label, bold, 7, colW - 6);
      return lines.length > 3 ? [...lines.slice(0, 2), fitLine(lines.slice(2).join(' '), bold, 7, colW - 6)] : lines;
    });
    const headH = Math.max(...headers.map((h) => h.length)) * 9 + 14;
    L.ensure(headH + cellH * rows.length + 10);
    let y = L.y;
    cols.forEach((c, i) => {
      const cx = M.left + labelW + i * colW + colW / 2;
      headers[i]!.forEach((line, j) => drawCentered(L.page, line, cx, y - 8 - j * 9, { font: bold, size: 7 }));
      const nText = c.suppressed ? HIDDEN_MARK : `n = ${c.n ?? '–'}`;
      drawCentered(L.page, nText, cx, y - headH + 4, { font: regular, size: 7, color: COLORS.muted });
    });
    y -= headH;
    L.page.drawLine({ start: { x: M.left, y }, end: { x: A4.width - M.right, y }, thickness: 0.6, color: COLORS.rule });
    for (const row of rows) {
      const lines = wrapText(row.label, regular, 8, labelW - 6).slice(0, 2);
      lines.forEach((line, j) => L.page.drawText(line, { x: M.left, y: y - (lines.length === 1 ? 14 : 9) - j * 9, size: 8, font: regular, color: COLORS.ink }));
      cols.forEach((c, i) => {
        const x = M.left + labelW + i * colW;
        const v = row.cells[from + i] ?? null;
        if (c.suppressed || v === null) {
          drawHatch(L.page, x + 1, y - cellH + 1, colW - 2, cellH - 2);
          drawCentered(L.page, HIDDEN_MARK, x + colW / 2, y - 14, { font: regular, size: 9, color: COLORS.hiddenInk });
        } else {
          const fillColor = shade((v - row.scale[0]) / (row.scale[1] - row.scale[0]));
          L.page.drawRectangle({ x: x + 1, y: y - cellH + 1, width: colW - 2, height: cellH - 2, color: fillColor });
          drawCentered(L.page, row.format(v), x + colW / 2, y - 14, { font: bold, size: 8.5, color: inkOn(fillColor) });
        }
      });
      y -= cellH;
    }
    L.y = y - 12;
  }
  // Legend: the shading ramp and the hidden marks that occur.
  L.ensure(40);
  const rampW = 120;
  for (let i = 0; i < 24; i++) L.page.drawRectangle({ x: M.left + (rampW / 24) * i, y: L.y - 10, width: rampW / 24 + 0.3, height: 8, color: shade(i / 23) });
  L.page.drawText(`≤ ${L.fmt.num(HEAT_SCALE[0], 1)}`, { x: M.left, y: L.y - 20, size: 6.5, font: regular, color: COLORS.muted });
  drawRight(L.page, `≥ ${L.fmt.num(HEAT_SCALE[1], 1)}`, M.left + rampW, L.y - 20, { font: regular, size: 6.5, color: COLORS.muted });
  L.paragraph(L.t('pdf.heatmapNote'), { size: 7.5 }, CONTENT_W - rampW - 12, M.left + rampW + 12);
  L.y = Math.min(L.y, L.y - 12);
  const reasons = new Set<SuppressionReason | 'below-minimum'>();
  for (const c of columns) if (c.suppressed) reasons.add(c.reason ?? 'below-minimum');
  if (rows.some((r) => r.cells.some((v, i) => v === null && !columns[i]?.suppressed))) reasons.add('below-minimum');
  for (const r of reasons) L.hiddenNote(r);
}

function breakdownSection(L: ReportLayout, f: ReportFigures): void {
  const b = f.breakdown!;
  const { regular, bold } = L.fonts;
  L.section(L.t('labels.breakdown', { group: groupName(b.question, f, L) }));
  // Summary table: group, n, ESI, eNPS.
  const cols = { n: M.left + 270, esi: M.left + 340, enps: M.left + 410 };
  L.ensure(30);
  const head = { font: bold, size: 7.5, color: COLORS.muted };
  L.page.drawText(L.t('labels.group'), { x: M.left, y: L.y - 8, ...head });
  drawRight(L.page, 'n', cols.n, L.y - 8, head);
  drawRight(L.page, 'ESI', cols.esi, L.y - 8, head);
  drawRight(L.page, 'eNPS', cols.enps, L.y - 8, head);
  L.y -= 13;
  L.page.drawLine({ start: { x: M.left, y: L.y }, end: { x: A4.width - M.right, y: L.y }, thickness: 0.6, color: COLORS.rule });
  const row = (g: ReportGroup) => {
    // "Other: a, b, …" can be long: up to three lines, the last one shortened.
    const wrapped = wrapText(groupLabel(L, g), regular, 9, 230);
    const lines = wrapped.length > 3 ? [...wrapped.slice(0, 2), fitLine(wrapped.slice(2).join(' '), regular, 9, 230)] : wrapped;
    const h = 20 + (lines.length - 1) * 11;
    L.ensure(h);
    lines.forEach((line, i) => L.page.drawText(line, { x: M.left, y: L.y - 13 - i * 11, size: 9, font: regular, color: COLORS.ink }));
    if (g.suppressed || !g.figures) {
      drawHatch(L.page, cols.n - 40, L.y - 17, A4.width - M.right - cols.n + 40, 14);
      L.page.drawText(`${HIDDEN_MARK} ${L.hiddenText(g.reason)}`, { x: cols.n - 36, y: L.y - 13, size: 7.5, font: regular, color: COLORS.hiddenInk });
    } else {
      const fs: FigureSet = g.figures;
      drawRight(L.page, String(g.n ?? '–'), cols.n, L.y - 13, { font: regular, size: 9 });
      drawRight(L.page, fs.esi.score === null ? HIDDEN_MARK : L.fmt.num(fs.esi.score, 1), cols.esi, L.y - 13, { font: bold, size: 9 });
      drawRight(L.page, fs.enps.score === null ? HIDDEN_MARK : L.fmt.sign(fs.enps.score, 1), cols.enps, L.y - 13, { font: bold, size: 9 });
    }
    L.y -= h;
    L.page.drawLine({ start: { x: M.left, y: L.y }, end: { x: A4.width - M.right, y: L.y }, thickness: 0.3, color: COLORS.rule });
  };
  b.groups.forEach(row);
  L.y -= 14;
  L.subheading(L.t('labels.sections.categories'), 120);
  const columns = b.groups.map((g) => ({ label: groupLabel(L, g), n: g.n, suppressed: g.suppressed || !g.figures, reason: g.reason }));
  matrix(
    L,
    columns,
    CATEGORIES.map((c) => ({
      label: localizedText(c.title, f.language),
      cells: b.groups.map((g) => g.figures?.categories.find((x) => x.id === c.id)?.mean ?? null),
      format: (v: number) => L.fmt.num(v, 2),
      scale: HEAT_SCALE,
    })),
  );
}

function heatmapSection(L: ReportLayout, f: ReportFigures): void {
  const h = f.heatmap!;
  L.section(L.t('labels.sections.heatmap'));
  const columns = h.columns.map((c) => ({ label: groupLabel(L, c), n: c.n, suppressed: c.suppressed, reason: c.reason }));
  matrix(
    L,
    columns,
    h.categories.map((cat) => ({
      label: categoryTitle(cat, f.language),
      cells: h.columns.map((c) => {
        const cell = c.cells.find((x) => x.category === cat);
        return cell && !cell.suppressed ? cell.mean : null;
      }),
      format: (v: number) => L.fmt.num(v, 2),
      scale: HEAT_SCALE,
    })),
  );
}

// ---------------------------------------------------------------------------------------------

export async function renderBasicReport(input: BasicReportInput): Promise<Uint8Array> {
  const f = input.figures;
  const lang = f.language;
  const L = await ReportLayout.create(lang, `${f.meta.company} · ${f.meta.name}`, f.min_group_size, `${textsFor(lang, 'reports')('pdf.basicTitle')} · ${f.meta.name}`);
  const logo: PDFImage | null = await L.embedLogo(input.logo);

  const sections: ((l: ReportLayout, figures: ReportFigures) => void)[] = [participation, protectionSection, esiSection, enpsSection, categoriesSection, topBottomSection];
  if (f.chosen_questions.length > 0) sections.push(chosenSection);
  sections.push(statementsSection);
  if (f.breakdown) sections.push(breakdownSection);
  if (f.heatmap && f.heatmap.columns.length > 0) sections.push(heatmapSection);
  if (f.extra_questions.length > 0) sections.push((l) => {
    l.section(l.t('labels.sections.extra'));
    l.extraResults(f.extra_questions, f.protection.left_out);
  });
  sections.push((l) => {
    l.section(l.t('labels.sections.comments'));
    if (f.population.suppressed) l.hiddenNote(f.population.reason);
    else l.textList(f.comments.praise_critique);
  });

  L.cover(
    {
      title: L.t('pdf.basicTitle'),
      company: f.meta.company,
      survey: f.meta.name,
      startDate: f.meta.start_date,
      endDate: f.meta.end_date,
      generatedOn: input.generatedOn,
      logo: input.logo,
      minGroupSize: f.min_group_size,
      highlights: [
        [L.t('labels.responses'), String(f.meta.responses.total)],
        ['ESI', f.esi.score === null ? HIDDEN_MARK : L.fmt.num(f.esi.score, 1)],
        ['eNPS', f.enps.score === null ? HIDDEN_MARK : L.fmt.sign(f.enps.score, 1)],
        [L.t('labels.occupancy'), f.meta.occupancy_pct === null ? '–' : L.fmt.pct(f.meta.occupancy_pct)],
      ],
    },
    logo,
  );
  L.reserveContents(sections.length);
  for (const s of sections) s(L, f);
  return L.finish(f.meta.company);
}
