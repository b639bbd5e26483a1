/**
 * Report Excel, version 1: aggregated tables (product-decisions.md, "Reports"). Sheets: Summary
 * (with what the reporting base merged into "Other", left out and withheld), Categories, Statements, one sheet per allowed filter group (department,
 * location, each demographic question, radio/scale extra questions), Extra questions, Comments.
 *
 * The per-group sheets come from the statistics module's groupFigures over the survey's reporting
 * base (one split per dimension of the base, under the report's answers filter), the same classes
 * as the web report; a hidden group is written with a marker, never left out silently. A question
 * the base leaves out has no sheet.
 */
import type { Writable } from 'node:stream';
import { CATEGORIES, DEMOGRAPHIC_QUESTIONS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import { BASE_OTHER_KEY, byExtraType, extraTexts, groupDisplayLabel, type ExtraResult, type ExtraResultOf, type ExtraResultTable, type FilterAnswer, type ReportFigures, type ReportGroup } from '../../../../shared/schemas/report.js';
import { clampMinGroupSize } from '../figures/anonymity.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';
import { dimensionHeader, formatDate, hiddenMarker, optionLabel, protectionRows, share, t, XlsxWriter, type Cell, type ColumnSpec, type Format, type ReportLanguage } from './excel.js';
import type { ReportSurvey } from '../figures/figures.js';
import type { ReportingBase } from '../figures/reporting-base.js';
import { analyseFilter } from '../figures/filters.js';
import { groupFigures, rawValueLabel } from '../figures/statistics.js';

export interface XlsxV1Input {
  figures: ReportFigures;
  survey: ReportSurvey;
  /**
   * The survey's reporting base: with it every dimension of the base gets its sheet; without it only
   * the figures' own breakdown (and the department heatmap) can be written.
   */
  base?: ReportingBase;
  /** Defaults to the figures' language. */
  language?: ReportLanguage;
}

type Marker = { marker: string };
type Value = Cell | Marker;

const categoryTitle = (id: string, language: ReportLanguage) => localizedText(CATEGORIES.find((c) => c.id === id)?.title, language) || id;

/** The groups a report may be broken down by (the dimensions of the base), with their sheet titles. */
export function allowedGroups(survey: ReportSurvey, language: ReportLanguage, dimensions: readonly string[]): { question: string; title: string }[] {
  const out: { question: string; title: string }[] = [];
  for (const question of dimensions) {
    const known =
      question === 'department' ||
      question === 'location' ||
      (question.startsWith('demographic:') && DEMOGRAPHIC_QUESTIONS.some((q) => `demographic:${q.id}` === question)) ||
      survey.extraQuestions.some((x) => `extra:${x.id}` === question);
    if (known) out.push({ question, title: dimensionHeader(question, survey, language) });
  }
  return out;
}

/**
 * Writes version 1 to `output`, or returns it as a Buffer when no stream is given.
 */
export async function writeReportXlsxV1(input: XlsxV1Input, output?: Writable): Promise<Buffer | undefined> {
  const { figures, survey } = input;
  const language = input.language ?? figures.language;
  const min = clampMinGroupSize(figures.min_group_size);
  const hidden = (reason?: string | null): Marker => ({ marker: hiddenMarker(language, min, reason) });
  const orHidden = (v: number | null | undefined, suppressed: boolean, reason?: string | null): Value => (v === null || v === undefined ? (suppressed ? hidden(reason) : null) : v);
  const xlsx = new XlsxWriter(output);
  const words = { other: t(language, 'labels.other'), noAnswer: t(language, 'labels.noAnswer'), withheld: t(language, 'labels.withheld') };
  /** A selected answer of the population filter, worded ("Other: <the answers merged into it>"). */
  const answerText = (a: FilterAnswer): string => {
    if (a.value !== BASE_OTHER_KEY) return rawValueLabel(a.question, a.value, survey, language) ?? words.noAnswer;
    const merged = figures.protection.merged.find((m) => m.question === a.question)?.values ?? [];
    return groupDisplayLabel({ key: a.value, label: null, no_answer: false, merged, withheld: false }, words);
  };

  // --- Summary ---------------------------------------------------------------------------------
  const summary = xlsx.sheet(t(language, 'excel.sheets.summary'), [
    { header: t(language, 'excel.figure'), width: 34 },
    { header: t(language, 'excel.value'), width: 40 },
  ]);
  const m = figures.meta;
  const pop = figures.population;
  const popHidden = pop.suppressed;
  const line = (label: string, value: Value, format?: Format) => summary.row([label, value], { formats: [undefined, format] });
  line(t(language, 'excel.company'), m.company);
  line(t(language, 'excel.survey'), m.name);
  line(t(language, 'labels.period'), [formatDate(m.start_date), formatDate(m.end_date)].filter(Boolean).join(' – '));
  line(t(language, 'labels.responses'), m.responses.total, 'int');
  line(`  ${t(language, 'labels.channels.online')}`, m.responses.online, 'int');
  line(`  ${t(language, 'labels.channels.kiosk')}`, m.responses.kiosk, 'int');
  line(`  ${t(language, 'labels.channels.paper')}`, m.responses.paper, 'int');
  line(t(language, 'labels.employees'), m.employees, 'int');
  line(t(language, 'labels.occupancy'), share(m.occupancy_pct), 'pct');
  line(t(language, 'excel.moe90'), m.margin_of_error.p90, 'one');
  line(t(language, 'excel.moe95'), m.margin_of_error.p95, 'one');
  if (figures.filter.answers.length > 0) {
    line(t(language, 'labels.filter'), figures.filter.answers.map((a) => `${dimensionHeader(a.question, survey, language)} = ${answerText(a)}`).join('; '));
    line(`${t(language, 'labels.filter')}: ${t(language, 'excel.n')}`, popHidden ? hidden(pop.reason) : pop.n, 'int');
  }
  line(t(language, 'excel.esi'), orHidden(figures.esi.score, popHidden || figures.esi.n > 0), 'one');
  line(t(language, 'excel.enps'), orHidden(figures.enps.score, popHidden || figures.enps.n > 0), 'one');
  line(`  ${t(language, 'labels.promoters')}`, orHidden(share(figures.enps.promoters_pct), popHidden || figures.enps.n > 0), 'pct');
  line(`  ${t(language, 'labels.passives')}`, orHidden(share(figures.enps.passives_pct), popHidden || figures.enps.n > 0), 'pct');
  line(`  ${t(language, 'labels.detractors')}`, orHidden(share(figures.enps.detractors_pct), popHidden || figures.enps.n > 0), 'pct');
  line(t(language, 'labels.minGroup'), min, 'int');
  for (const [label, text] of protectionRows(figures.protection, (q) => dimensionHeader(q, survey, language), language)) line(label, text);
  summary.commit();

  // --- Categories --------------------------------------------------------------------------------
  const cats = xlsx.sheet(t(language, 'excel.sheets.categories'), [
    { header: t(language, 'labels.category'), width: 36 },
    { header: t(language, 'labels.mean'), width: 10, format: 'mean' },
    { header: t(language, 'labels.favourable'), width: 14, format: 'pct' },
    { header: t(language, 'excel.n'), width: 8, format: 'int' },
  ]);
  for (const c of figures.categories) {
    const hide = popHidden || c.n > 0;
    cats.row([categoryTitle(c.id, language), orHidden(c.mean, hide, pop.reason), orHidden(share(c.favourable_pct), hide, pop.reason), popHidden ? null : c.n]);
  }
  cats.commit();

  // --- Statements --------------------------------------------------------------------------------
  const stmts = xlsx.sheet(
    t(language, 'excel.sheets.statements'),
    [
      { header: t(language, 'excel.id'), width: 7 },
      { header: t(language, 'labels.category'), width: 24 },
      { header: t(language, 'labels.statement'), width: 70 },
      { header: t(language, 'labels.mean'), width: 9, format: 'mean' },
      { header: t(language, 'labels.favourable'), width: 13, format: 'pct' },
      { header: '1', width: 6, format: 'int' },
      { header: '2', width: 6, format: 'int' },
      { header: '3', width: 6, format: 'int' },
      { header: '4', width: 6, format: 'int' },
      { header: t(language, 'excel.n'), width: 7, format: 'int' },
    ],
    3,
  );
  const textOf = new Map(STATEMENTS.map((s) => [s.id, localizedText(s.text, language)]));
  for (const s of figures.statements) {
    const hide = popHidden || s.suppressed;
    const dist: Value[] = hide ? [null, null, null, null] : s.distribution;
    stmts.row([s.id, categoryTitle(s.category, language), textOf.get(s.id) ?? s.id, orHidden(s.mean, hide, pop.reason), orHidden(share(s.favourable_pct), hide, pop.reason), ...dist, popHidden ? null : s.n]);
  }
  stmts.commit();

  // --- One sheet per allowed filter group ------------------------------------------------------------
  const groupColumns: ColumnSpec[] = [
    { header: t(language, 'labels.group'), width: 28 },
    { header: t(language, 'excel.n'), width: 24, format: 'int' },
    { header: t(language, 'excel.esi'), width: 8, format: 'one' },
    { header: t(language, 'excel.enps'), width: 8, format: 'one' },
  ];
  for (const c of CATEGORIES) {
    const title = localizedText(c.title, language);
    groupColumns.push({ header: `${title}: ${t(language, 'labels.mean')}`, width: 14, format: 'mean' }, { header: `${title}: ${t(language, 'labels.favourable')}`, width: 14, format: 'pct' });
  }
  const base = input.base;
  const filter = base ? analyseFilter(base.respondents, figures.filter.answers, min) : null;
  const dimensions = base ? base.summary.dimensions.map((d) => d.question) : [figures.breakdown?.question, figures.heatmap ? 'department' : undefined].filter((q): q is string => q !== undefined);
  for (const { question, title } of allowedGroups(survey, language, [...new Set(dimensions)])) {
    let groups: ReportGroup[] | null = null;
    if (base && filter) groups = groupFigures(base.respondents, { question, base: base.summary, survey, filter, minGroupSize: min, language, seed: '', comments: false });
    else if (figures.breakdown?.question === question) groups = figures.breakdown.groups;
    if (!groups && question === 'department' && figures.heatmap) {
      const sheet = xlsx.sheet(title, groupColumns, 1);
      for (const col of figures.heatmap.columns) {
        const label = groupDisplayLabel(col, words);
        if (col.suppressed) sheet.row([label, hidden(col.reason)]);
        else sheet.row([label, col.n, null, null, ...col.cells.flatMap((cell): Value[] => [orHidden(cell.mean, cell.suppressed), orHidden(share(cell.favourable_pct), cell.suppressed)])]);
      }
      sheet.commit();
      continue;
    }
    if (!groups) continue;
    const sheet = xlsx.sheet(title, groupColumns, 1);
    for (const g of groups) {
      const label = groupDisplayLabel(g, words);
      if (g.suppressed || !g.figures) {
        sheet.row([label, g.n === 0 ? 0 : hidden(g.reason)]);
        continue;
      }
      const f = g.figures;
      const cells: Value[] = [label, g.n, orHidden(f.esi.score, f.esi.n > 0), orHidden(f.enps.score, f.enps.n > 0)];
      for (const c of CATEGORIES) {
        const cf = f.categories.find((x) => x.id === c.id);
        const hide = (cf?.n ?? 0) > 0;
        cells.push(orHidden(cf?.mean, hide), orHidden(share(cf?.favourable_pct), hide));
      }
      sheet.row(cells);
    }
    sheet.commit();
  }

  // --- Extra questions --------------------------------------------------------------------------------
  const extra = xlsx.sheet(t(language, 'excel.sheets.extraQuestions'), [
    { header: t(language, 'excel.question'), width: 40 },
    { header: t(language, 'excel.answer'), width: 30 },
    { header: t(language, 'labels.count'), width: 9, format: 'int' },
    { header: t(language, 'labels.share'), width: 9, format: 'pct' },
    { header: t(language, 'labels.mean'), width: 9, format: 'mean' },
    { header: t(language, 'excel.n'), width: 24, format: 'int' },
  ]);
  const leftOut = new Set(figures.protection.left_out.map((l) => l.question));
  const optionRows = (q: ExtraResultOf<'radio' | 'checkbox'>, note: string | null) => {
    extra.row([q.title, note, null, null, null, q.n], { bold: true });
    for (const o of q.options) extra.row([null, optionLabel(o, language), o.suppressed ? hidden('below-minimum') : o.count, share(o.pct)]);
  };
  const textRow = (q: ExtraResult) => extra.row([q.title, null, null, null, null, q.n], { bold: true });
  for (const q of figures.extra_questions) {
    if (q.suppressed) {
      // A question the reporting base leaves out is hidden however many answered it.
      extra.row([q.title, null, null, null, null, q.reason === 'not-released' ? hidden('not-released') : leftOut.has(`extra:${q.id}`) ? { marker: t(language, 'excel.hiddenProtect') } : hidden('below-minimum')]);
      continue;
    }
    // A question left out as a group and filter: its answers over every respondent, stored at the freeze.
    const note = q.overall_only ? t(language, 'labels.overallOnly') : null;
    byExtraType(
      {
        radio: (r) => optionRows(r, note),
        checkbox: (r) => optionRows(r, note),
        scale: (r) => {
          extra.row([r.title, `${r.min}–${r.max}`, null, null, r.mean, r.n], { bold: true });
          if (note) extra.row([null, note]);
          r.distribution.forEach((count, i) => extra.row([null, String(r.min + i), count]));
        },
        // Free texts: their count here, the texts on the comments sheet.
        text250: textRow,
        text1000: textRow,
      } satisfies ExtraResultTable<void>,
      q,
    );
  }
  extra.commit();

  // --- Comments (each list shuffled by the statistics module) --------------------------------------------
  const comments = xlsx.sheet(t(language, 'excel.sheets.comments'), [
    { header: t(language, 'excel.question'), width: 30 },
    { header: t(language, 'excel.text'), width: 100 },
  ]);
  for (const text of figures.comments.praise_critique) comments.row([t(language, 'labels.sections.comments'), text]);
  for (const q of figures.extra_questions) {
    for (const text of extraTexts(q)) comments.row([q.title, text]);
    for (const text of q.comments) comments.row([t(language, 'excel.commentOn', { q: q.title }), text]);
  }
  comments.commit();

  return xlsx.finish();
}
