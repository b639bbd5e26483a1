/**
 * Texts of the report's content in the REPORT language (statements, categories, demographic and
 * extra questions) from the shared question banks and the survey definition. The page's own
 * labels come from the 'reports' namespace in the UI language.
 */
import { CATEGORIES, DEMOGRAPHIC_QUESTIONS, pulsQuestionById, statementById, type IzzCategoryId } from '../../../shared/question-banks';
import type { QuestionLanguageCode } from '../../../shared/locales';
import type { ExtraQuestion } from '../../../shared/schemas/application';

type Lang = QuestionLanguageCode;
type Partial8 = Partial<Record<Lang, string>>;

/** The text in the language, else English, else any. */
export function pick(text: Partial8 | undefined, lang: Lang): string {
  if (!text) return '';
  return text[lang]?.trim() || text.en?.trim() || Object.values(text).find((v) => v?.trim())?.trim() || '';
}

export const statementText = (id: string, lang: Lang): string => pick(statementById(id)?.text, lang) || id;
export const categoryTitle = (id: IzzCategoryId, lang: Lang): string => pick(CATEGORIES.find((c) => c.id === id)?.title, lang) || id;
export const pulsQuestionText = (id: string, lang: Lang): string => pick(pulsQuestionById(id)?.text, lang) || id;

export function demographicQuestion(id: string) {
  return DEMOGRAPHIC_QUESTIONS.find((q) => q.id === id);
}

/** A filter key's question ('department', 'demographic:gender', 'extra:<id>') in words. */
export function filterQuestionLabel(key: string, lang: Lang, extra: readonly ExtraQuestion[], words: { department: string; location: string }): string {
  if (key === 'department') return words.department;
  if (key === 'location') return words.location;
  if (key.startsWith('demographic:')) return pick(demographicQuestion(key.slice(12))?.question, lang) || key;
  if (key.startsWith('extra:')) return pick(extra.find((q) => q.id === key.slice(6))?.title, lang) || key;
  return key;
}

/** The answers one can select for a filter key: value (as sent) and label. */
export function filterAnswerChoices(key: string, lang: Lang, survey: { departments: readonly string[]; locations: readonly string[]; extra_questions: readonly ExtraQuestion[] }): { value: string; label: string }[] {
  if (key === 'department') return survey.departments.map((d) => ({ value: d, label: d }));
  if (key === 'location') return survey.locations.map((d) => ({ value: d, label: d }));
  if (key.startsWith('demographic:')) return (demographicQuestion(key.slice(12))?.options ?? []).map((o) => ({ value: o.id, label: pick(o.label, lang) }));
  if (key.startsWith('extra:')) {
    const q = survey.extra_questions.find((x) => x.id === key.slice(6));
    if (!q) return [];
    if (q.type === 'scale') {
      const min = q.scale?.min ?? 1;
      const max = q.scale?.max ?? 5;
      return Array.from({ length: max - min + 1 }, (_, i) => ({ value: String(min + i), label: String(min + i) }));
    }
    return q.answers.map((a, i) => ({ value: String(i), label: pick(a, lang) || String(i + 1) }));
  }
  return [];
}

/** A group's (or answer's) label for a key: demographic option ids become words. */
export function groupValueLabel(key: string, value: string, lang: Lang, survey: { departments: readonly string[]; locations: readonly string[]; extra_questions: readonly ExtraQuestion[] }): string {
  return filterAnswerChoices(key, lang, survey).find((c) => c.value === value)?.label ?? value;
}
