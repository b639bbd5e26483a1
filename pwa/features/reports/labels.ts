/**
 * Texts of the report's content in the REPORT language (statements, categories, demographic and
 * extra questions) from the shared question banks and the survey definition. The page's own
 * labels come from the 'reports' namespace in the UI language.
 */
import { CATEGORIES, DEMOGRAPHIC_QUESTIONS, pulsQuestionById, statementById, type IzzCategoryId } from '../../../shared/question-banks';
import type { QuestionLanguageCode } from '../../../shared/locales';
import type { ExtraQuestion } from '../../../shared/schemas/application';
import { groupAnswerChoices } from '../../../shared/schemas/extra-question-types';
import { BASE_OTHER_KEY, BASE_WITHHELD_KEY, dimensionName, groupDisplayLabel, type BaseDimension, type ReportOptions } from '../../../shared/schemas/report';
import { localizedText } from '../../../shared/i18n/localized-text';

type Lang = QuestionLanguageCode;

export const statementText = (id: string, lang: Lang): string => localizedText(statementById(id)?.text, lang) || id;
export const categoryTitle = (id: IzzCategoryId, lang: Lang): string => localizedText(CATEGORIES.find((c) => c.id === id)?.title, lang) || id;
export const pulsQuestionText = (id: string, lang: Lang): string => localizedText(pulsQuestionById(id)?.text, lang) || id;

export function demographicQuestion(id: string) {
  return DEMOGRAPHIC_QUESTIONS.find((q) => q.id === id);
}

/** A filter key's question ('department', 'demographic:gender', 'extra:<id>') in words. */
export function filterQuestionLabel(key: string, lang: Lang, extra: readonly ExtraQuestion[], words: { department: string; location: string }): string {
  if (key === 'department') return words.department;
  if (key === 'location') return words.location;
  if (key.startsWith('demographic:')) return localizedText(demographicQuestion(key.slice(12))?.question, lang) || key;
  if (key.startsWith('extra:')) return localizedText(extra.find((q) => q.id === key.slice(6))?.title, lang) || key;
  return key;
}

/**
 * A dimension's short name as the PDF and Excel write it (shared dimensionName): `groupWord(id)` is
 * 'labels.groups.<id>' of the 'reports' namespace; an extra question's title is in the report language.
 */
export function dimensionLabel(key: string, lang: Lang, extra: readonly ExtraQuestion[], groupWord: (id: string) => string): string {
  return dimensionName(key, { group: groupWord, extraTitle: (id) => localizedText(extra.find((q) => q.id === id)?.title, lang) });
}

/** The answers one can select for a filter key: value (as sent) and label. */
export function filterAnswerChoices(key: string, lang: Lang, survey: { departments: readonly string[]; locations: readonly string[]; extra_questions: readonly ExtraQuestion[] }): { value: string; label: string }[] {
  if (key === 'department') return survey.departments.map((d) => ({ value: d, label: d }));
  if (key === 'location') return survey.locations.map((d) => ({ value: d, label: d }));
  if (key.startsWith('demographic:')) return (demographicQuestion(key.slice(12))?.options ?? []).map((o) => ({ value: o.id, label: localizedText(o.label, lang) }));
  if (key.startsWith('extra:')) {
    const q = survey.extra_questions.find((x) => x.id === key.slice(6));
    return q ? groupAnswerChoices(q, (i) => localizedText(q.answers[i], lang) || String(i + 1)) : [];
  }
  return [];
}

/** A group's (or answer's) label for a key: demographic option ids become words. */
export function groupValueLabel(key: string, value: string, lang: Lang, survey: { departments: readonly string[]; locations: readonly string[]; extra_questions: readonly ExtraQuestion[] }): string {
  return filterAnswerChoices(key, lang, survey).find((c) => c.value === value)?.label ?? value;
}

/** The words a group's name is made of, in the UI language: "Other", "No answer" (as a group), "no answer" (inside a list of merged values), "Withheld". */
export interface ValueWords {
  other: string;
  noAnswer: string;
  noAnswerInList: string;
  withheld: string;
}

type SurveyValues = Pick<ReportOptions, 'departments' | 'locations' | 'extra_questions'>;

/**
 * A group's name as the report shows it (shared groupDisplayLabel): its label, "Other: a, b",
 * "No answer" or "Withheld". `merged` are labels (null = no answer).
 */
export function groupName(g: { key: string; label: string | null; no_answer: boolean; merged: readonly (string | null)[]; withheld: boolean }, words: ValueWords): string {
  return groupDisplayLabel({ ...g, merged: g.merged.map((m) => m ?? words.noAnswerInList) }, { other: words.other, noAnswer: words.noAnswer, withheld: words.withheld });
}

/** A released value of the reporting base ('~other', '~withheld', '' or a raw value) in words; raw values in the report language. */
export function baseValueLabel(question: string, value: string, lang: Lang, survey: SurveyValues & { base: ReportOptions['base'] }, words: ValueWords): string {
  const merged = survey.base?.dimensions.find((d) => d.question === question)?.values.find((v) => v.key === value)?.merged ?? [];
  return groupName(
    {
      key: value,
      label: value === '' || value === BASE_OTHER_KEY || value === BASE_WITHHELD_KEY ? null : groupValueLabel(question, value, lang, survey),
      no_answer: value === '',
      merged: merged.map((m) => (m === '' ? null : groupValueLabel(question, m, lang, survey))),
      withheld: value === BASE_WITHHELD_KEY,
    },
    words,
  );
}

/** The values of a base dimension one can select as an answer: every released value except "no answer" and "withheld"; "Other" labelled with what it holds. */
export function baseAnswerChoices(dim: BaseDimension, lang: Lang, survey: SurveyValues & { base: ReportOptions['base'] }, words: ValueWords): { value: string; label: string }[] {
  return dim.values
    .filter((v) => v.key !== '' && v.key !== BASE_WITHHELD_KEY)
    .map((v) => ({ value: v.key, label: baseValueLabel(dim.question, v.key, lang, survey, words) }));
}
