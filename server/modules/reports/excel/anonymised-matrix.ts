/**
 * The anonymised response matrix behind Excel version 2 (product-decisions.md, "Reports"): the
 * survey's reporting base itself (./reporting-base.ts), one row per respondent in the base's
 * content order, no id, date, channel or questionnaire language.
 *
 * Its groupable columns (department, location, demographics, the company's radio and scale
 * questions) hold the base's released values, so every combination of them is shared by at least
 * the minimum group size, exactly the classes the web report, the PDF and Excel v1 are computed
 * from: no group shown anywhere is finer than a set of whole rows' classes, so nothing in the
 * matrix can be matched back to a finer group. A question the base leaves out has no column.
 *
 * Free text (praise/critique, extra text answers, extra comments) leaves the matrix: a separate
 * list, each source ordered by a hash of the text and the survey, with nothing that points back
 * to a row. A survey under the minimum gives no rows and no text. Repeated downloads are
 * identical.
 */
import { ESI_QUESTIONS, ENPS_QUESTION, STATEMENTS } from '../../../../shared/question-banks/index.js';
import { BASE_OTHER_KEY, BASE_WITHHELD_KEY, dimensionName, type ReportProtection } from '../../../../shared/schemas/report.js';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import { answerIndex } from '../../../../shared/schemas/questionnaire.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';
import { releaseTexts } from '../figures/anonymity.js';
import { t, type ReportLanguage } from './excel.js';
import type { ReportSurvey } from '../figures/figures.js';
import { protectionOf } from '../figures/figures.js';
import type { ReportingBase } from '../figures/reporting-base.js';
import { rawValueLabel } from '../figures/statistics.js';

export type MatrixValue = string | number | null;

export interface MatrixColumn {
  key: string;
  header: string;
  /** What the column holds (question text, answer option), for the legend sheet. */
  meaning: string;
  kind: 'statement' | 'enps' | 'esi' | 'quasi' | 'extra';
}

export interface AnonymisedMatrix {
  minGroupSize: number;
  columns: MatrixColumn[];
  /** Rows in the base's content order; values follow `columns`. */
  rows: MatrixValue[][];
  /** What the base merged, left out and withheld (labels in the report language). */
  protection: ReportProtection;
  /** Free text, each source's list in content order; no row reference. */
  texts: { question: string; text: string }[];
}

export interface MatrixInput {
  survey: ReportSurvey;
  base: ReportingBase;
  language: ReportLanguage;
  /** Orders the free text (the survey id). */
  seed: string;
}

function extraHeader(q: ExtraQuestion, language: ReportLanguage): string {
  return localizedText(q.title, language) || q.id;
}

/** The column header of a groupable question: its short name in the report language, as the web report and the PDF write it. */
export function dimensionHeader(question: string, survey: ReportSurvey, language: ReportLanguage): string {
  return dimensionName(question, {
    group: (id) => t(language, `labels.groups.${id}`, { defaultValue: id }),
    extraTitle: (id) => {
      const q = survey.extraQuestions.find((x) => x.id === id);
      return q && extraHeader(q, language);
    },
  });
}

export function buildAnonymisedMatrix(input: MatrixInput): AnonymisedMatrix {
  const { survey, base, language, seed } = input;
  const respondents = base.respondents;

  // --- columns -----------------------------------------------------------------------------------
  const columns: MatrixColumn[] = [];
  for (const s of STATEMENTS) columns.push({ key: `statement:${s.id}`, header: s.id, meaning: localizedText(s.text, language), kind: 'statement' });
  columns.push({ key: 'enps', header: 'eNPS (0-10)', meaning: localizedText(ENPS_QUESTION.question, language), kind: 'enps' });
  ESI_QUESTIONS.forEach((q, i) => columns.push({ key: q.id, header: `ESI ${i + 1} (1-10)`, meaning: localizedText(q.question, language), kind: 'esi' }));
  const dims = base.summary.dimensions;
  for (const d of dims) {
    const header = dimensionHeader(d.question, survey, language);
    columns.push({ key: d.question, header, meaning: header, kind: 'quasi' });
  }
  const extras: { q: ExtraQuestion; option: number }[] = [];
  for (const q of survey.extraQuestions) {
    if (q.type !== 'checkbox') continue;
    const title = extraHeader(q, language);
    q.answers.forEach((a, i) => {
      extras.push({ q, option: i });
      const option = localizedText(a, language) || String(i + 1);
      columns.push({ key: `extra:${q.id}:${i}`, header: `${title}: ${option}`, meaning: `${title}: ${option} (1 = ✓, 0 = –)`, kind: 'extra' });
    });
  }

  // --- rows ----------------------------------------------------------------------------------------
  const other = t(language, 'labels.other');
  const withheldLabel = t(language, 'labels.withheld');
  const valueLabel = dims.map((d) => {
    const labels = new Map<string, MatrixValue>();
    for (const v of d.values) {
      if (v.key === BASE_OTHER_KEY) labels.set(v.key, other);
      else if (v.key === BASE_WITHHELD_KEY) labels.set(v.key, withheldLabel);
      else if (v.key === '') labels.set(v.key, null);
      else labels.set(v.key, rawValueLabel(d.question, v.key, survey, language));
    }
    return labels;
  });
  const rows: MatrixValue[][] = respondents.map((r) => {
    const a = r.answers;
    const row: MatrixValue[] = [];
    for (const s of STATEMENTS) row.push(a.statements[s.id] ?? null);
    row.push(a.enps_grade ?? null, a.esi_workplace_satisfaction ?? null, a.esi_workplace_expectations ?? null, a.esi_ideal_job_comparison ?? null);
    dims.forEach((d, k) => row.push(valueLabel[k]!.get(r.dims[d.question] ?? '') ?? null));
    for (const { q, option } of extras) {
      const v = a.extra[q.id]?.value;
      row.push(Array.isArray(v) ? (v.some((x) => answerIndex(x) === option) ? 1 : 0) : null);
    }
    return row;
  });

  // --- free text -----------------------------------------------------------------------------------
  const texts: { question: string; text: string }[] = [];
  const shown = respondents.length > 0;
  const add = (question: string, list: (string | undefined)[]) => {
    for (const text of releaseTexts(list, shown, seed)) texts.push({ question, text });
  };
  add(t(language, 'labels.sections.comments'), respondents.map((r) => r.answers.praise_critique));
  for (const q of survey.extraQuestions) {
    const title = extraHeader(q, language);
    if (q.type === 'text250' || q.type === 'text1000')
      add(
        title,
        respondents.map((r) => {
          const v = r.answers.extra[q.id]?.value;
          return typeof v === 'string' ? v : undefined;
        }),
      );
    add(t(language, 'excel.commentOn', { q: title }), respondents.map((r) => r.answers.extra[q.id]?.comment));
  }

  return { minGroupSize: base.minGroupSize, columns, rows, protection: protectionOf(base.summary, survey, language), texts };
}
