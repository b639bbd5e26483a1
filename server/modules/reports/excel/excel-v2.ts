/**
 * Report Excel, version 2: the report's aggregates as one pivot-ready long table (nothing
 * per respondent leaves the server). Two sheets:
 *
 * - Data: one row per population × question × answer — breakdown ("All respondents", or a dimension's
 *   name), group (named as the web report and the PDF name it), question id and text, answer, count,
 *   share (count / the answers to that question in the group) and n (the group's respondents). The
 *   populations are the report's own (everyone, under its selected answers) and every group of every
 *   breakdown the reporting base releases; the questions are the statements, eNPS, the three ESI
 *   questions and the company's radio, checkbox and scale questions, in bank and questionnaire order,
 *   each with every answer (a count of 0 too), so the number of rows depends on the survey's
 *   questions and released groups, never on how many people answered.
 * - Comments: the free text (praise/critique, the text questions' answers, the comments on questions)
 *   of the whole report, and of the groups of ONE breakdown (`comments`), each list in its content
 *   order.
 *
 * Every number is read from ReportFigures (shared/schemas/report.ts) as the statistics module made it;
 * nothing is computed from respondents here. A hidden figure is the grey marker: a hidden group is
 * one row with the marker for its count and n (no answers), a hidden question one row with the
 * marker for its count, a hidden checkbox option its row with the marker. A group nobody is in is
 * one row with n = 0.
 */
import type { Writable } from 'node:stream';
import { ENPS_QUESTION, ESI_QUESTIONS, SCALE_LABELS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';
import { byExtraType, extraTexts, groupDisplayLabel, type ExtraResult, type ExtraResultOf, type ExtraResultTable, type FigureSet, type ReportFigures, type ReportGroup } from '../../../../shared/schemas/report.js';
import { clampMinGroupSize } from '../figures/anonymity.js';
import { ratio } from '../figures/statistics.js';
import { dimensionTitle, hiddenMarker, optionLabel, share, t, XlsxWriter, type Cell, type ReportLanguage } from './excel.js';

export interface ExcelV2Input {
  /** The report's figures: its population (everyone, or those matching its selected answers). */
  whole: ReportFigures;
  /**
   * One figures object per breakdown the reporting base releases, each with its `breakdown`, under the
   * same selected answers as `whole`, in the base's priority order (releasedBreakdowns in
   * ../released-breakdowns.ts). A figures object without a breakdown adds nothing.
   */
  breakdowns: readonly ReportFigures[];
  /** The ONE breakdown whose groups list their free text in the Comments sheet (null: the whole report only). */
  comments: ReportFigures | null;
  /** Defaults to the figures' language. */
  language?: ReportLanguage;
}

type Marker = { marker: string };
type Value = Cell | Marker;

/** Writes version 2 to `output`, or returns it as a Buffer when no stream is given. */
export async function buildExcelV2(input: ExcelV2Input, output?: Writable): Promise<Buffer | undefined> {
  const { whole } = input;
  const language = input.language ?? whole.language;
  const min = clampMinGroupSize(whole.min_group_size);
  const words = { other: t(language, 'labels.other'), noAnswer: t(language, 'labels.noAnswer'), withheld: t(language, 'labels.withheld') };
  const hidden = (reason?: string | null): Marker => ({ marker: hiddenMarker(language, min, reason) });
  const protectedMarker: Marker = { marker: t(language, 'excel.hiddenProtect') };
  const leftOut = new Set(whole.protection.left_out.map((l) => l.question));
  const dimension = (question: string) => dimensionTitle(question, language, (id) => whole.extra_questions.find((e) => e.id === id)?.title || undefined);
  const groupLabel = (g: ReportGroup) => groupDisplayLabel(g, words);
  const everyone = t(language, 'excel.allRespondents');

  // The report's population: everyone, or its selected answers worded as the breakdowns name those groups.
  const answerLabel = (question: string, value: string): string => {
    const g = input.breakdowns.find((b) => b.breakdown?.question === question)?.breakdown?.groups.find((x) => x.key === value);
    return g ? groupLabel(g) : value;
  };
  const population = whole.filter.answers.length > 0 ? whole.filter.answers.map((a) => `${dimension(a.question)} = ${answerLabel(a.question, a.value)}`).join('; ') : everyone;

  const xlsx = new XlsxWriter(output);

  // --- Data ----------------------------------------------------------------------------------------
  const data = xlsx.sheet(
    t(language, 'excel.sheets.data'),
    [
      { header: t(language, 'excel.breakdown'), width: 22 },
      { header: t(language, 'labels.group'), width: 28 },
      { header: t(language, 'excel.questionId'), width: 12 },
      { header: t(language, 'excel.question'), width: 60 },
      { header: t(language, 'excel.answer'), width: 26 },
      { header: t(language, 'labels.count'), width: 9, format: 'int' },
      { header: t(language, 'labels.share'), width: 9, format: 'pct' },
      { header: t(language, 'excel.groupN'), width: 14, format: 'int' },
    ],
    2,
  );
  const shareOf = (count: number, answers: number): number | null => (answers > 0 ? share(ratio(100 * count, answers, 1)) : null);
  const statementText = new Map(STATEMENTS.map((s) => [s.id, localizedText(s.text, language)]));
  const scaleLabels = SCALE_LABELS.map((l) => `${String(l.value)} – ${localizedText(l.label, language)}`);
  const enpsText = localizedText(ENPS_QUESTION.question, language);

  /** Every question × answer of one shown population. */
  const populationRows = (breakdown: string, group: string, n: number, set: FigureSet, extras: readonly ExtraResult[]) => {
    const row = (id: string, question: string, answer: Cell, count: Value, shareValue: number | null) => data.row([breakdown, group, id, question, answer, count, shareValue, n]);
    for (const s of set.statements) {
      const text = statementText.get(s.id) ?? s.id;
      if (s.suppressed) row(s.id, text, null, hidden('below-minimum'), null);
      else s.distribution.forEach((count, i) => row(s.id, text, scaleLabels[i] ?? String(i + 1), count, shareOf(count, s.n)));
    }
    const e = set.enps;
    if (e.n > 0 && e.score === null) row(ENPS_QUESTION.id, enpsText, null, hidden('below-minimum'), null);
    else e.distribution.forEach((count, grade) => row(ENPS_QUESTION.id, enpsText, grade, count, shareOf(count, e.n)));
    for (const q of set.esi_questions) {
      const text = localizedText(ESI_QUESTIONS.find((x) => x.id === q.id)?.question, language) || q.id;
      if (q.suppressed || !q.distribution) row(q.id, text, null, hidden('below-minimum'), null);
      else q.distribution.forEach((count, i) => row(q.id, text, i + 1, count, shareOf(count, q.n)));
    }
    const suppressedRow = (q: ExtraResult): boolean => {
      // A question the reporting base leaves out is hidden however many answered it.
      if (q.suppressed) row(q.id, q.title, null, q.reason === 'not-released' ? hidden('not-released') : leftOut.has(`extra:${q.id}`) ? protectedMarker : hidden('below-minimum'), null);
      return q.suppressed;
    };
    const optionRows = (q: ExtraResultOf<'radio' | 'checkbox'>) => {
      if (suppressedRow(q)) return;
      for (const o of q.options) {
        if (o.suppressed || o.count === null) row(q.id, q.title, optionLabel(o, language), hidden('below-minimum'), null);
        else row(q.id, q.title, optionLabel(o, language), o.count, shareOf(o.count, q.n));
      }
    };
    /** Each type's figure rows; free texts go to the comments sheet. */
    const extraRows = {
      radio: optionRows,
      checkbox: optionRows,
      scale: (q) => {
        if (!suppressedRow(q)) q.distribution.forEach((count, i) => row(q.id, q.title, q.min + i, count, shareOf(count, q.n)));
      },
      text250: () => undefined,
      text1000: () => undefined,
    } satisfies ExtraResultTable<void>;
    for (const q of extras) byExtraType(extraRows, q);
  };
  /** A population without figures: one row, its count and n the marker (or n = 0 for nobody). */
  const hiddenPopulation = (breakdown: string, group: string, n: number | null, reason: string | null) =>
    data.row(n === 0 ? [breakdown, group, null, null, null, null, null, 0] : [breakdown, group, null, null, null, hidden(reason), null, hidden(reason)]);

  if (whole.population.suppressed || whole.population.n === null) hiddenPopulation(everyone, population, whole.population.n, whole.population.reason);
  else populationRows(everyone, population, whole.population.n, whole, whole.extra_questions);
  for (const f of input.breakdowns) {
    if (!f.breakdown) continue;
    const title = dimension(f.breakdown.question);
    for (const g of f.breakdown.groups) {
      if (g.suppressed || !g.figures || g.n === null) hiddenPopulation(title, groupLabel(g), g.n, g.reason);
      else populationRows(title, groupLabel(g), g.n, g.figures, g.extra_questions);
    }
  }
  data.commit();

  // --- Comments (each list in its content order, as the figures release it) ------------------------------
  const comments = xlsx.sheet(
    t(language, 'excel.sheets.comments'),
    [
      { header: t(language, 'excel.breakdown'), width: 22 },
      { header: t(language, 'labels.group'), width: 28 },
      { header: t(language, 'excel.question'), width: 30 },
      { header: t(language, 'excel.text'), width: 100 },
    ],
    2,
  );
  const texts = (breakdown: string, group: string, praise: readonly string[], extras: readonly ExtraResult[]) => {
    for (const text of praise) comments.row([breakdown, group, t(language, 'labels.sections.comments'), text]);
    for (const q of extras) {
      for (const text of extraTexts(q)) comments.row([breakdown, group, q.title, text]);
      for (const text of q.comments) comments.row([breakdown, group, t(language, 'excel.commentOn', { q: q.title }), text]);
    }
  };
  texts(everyone, population, whole.comments.praise_critique, whole.extra_questions);
  const by = input.comments?.breakdown;
  if (by) {
    const title = dimension(by.question);
    for (const g of by.groups) if (!g.suppressed) texts(title, groupLabel(g), g.comments, g.extra_questions);
  }
  comments.commit();

  return xlsx.finish();
}
