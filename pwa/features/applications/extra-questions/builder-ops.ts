/**
 * The extra-question builder's operations as pure functions over the list (spec section 3):
 * add, update, remove, duplicate (the copy goes right after its original, with a new id) and
 * reorder. The component only calls these, so the rules are tested without a DOM.
 */
import { missingTranslations, type ExtraQuestion, type ExtraQuestionType, type MissingText } from '../../../../shared/schemas/application';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import { extraTypeRule } from '../../../../shared/schemas/extra-question-types';

export type NewId = () => string;
const defaultId: NewId = () => crypto.randomUUID();

const needsAnswers = (type: ExtraQuestionType) => extraTypeRule(type).draft.answers;
const hasScale = (type: ExtraQuestionType) => extraTypeRule(type).draft.scale;

/** A new, empty question: required and comments allowed by default; one empty answer for choice types. */
export function newQuestion(type: ExtraQuestionType = 'text250', newId: NewId = defaultId): ExtraQuestion {
  return {
    id: newId(),
    type,
    title: {},
    description: {},
    answers: needsAnswers(type) ? [{}] : [],
    ...(hasScale(type) ? { scale: { min: 1, max: 5, min_label: {}, max_label: {} } } : {}),
    required: true,
    allow_comments: true,
  };
}

export function addQuestion(list: readonly ExtraQuestion[], question: ExtraQuestion): ExtraQuestion[] {
  return [...list, question];
}

export function updateQuestion(list: readonly ExtraQuestion[], id: string, patch: Partial<Omit<ExtraQuestion, 'id'>>): ExtraQuestion[] {
  return list.map((q) => (q.id === id ? { ...q, ...patch } : q));
}

/** Changes the type, keeping texts; choice types get one empty answer, a scale gets its bounds. */
export function changeType(question: ExtraQuestion, type: ExtraQuestionType): Partial<ExtraQuestion> {
  return {
    type,
    answers: needsAnswers(type) ? (question.answers.length ? question.answers : [{}]) : [],
    scale: hasScale(type) ? (question.scale ?? { min: 1, max: 5, min_label: {}, max_label: {} }) : undefined,
  };
}

export function removeQuestion(list: readonly ExtraQuestion[], id: string): ExtraQuestion[] {
  return list.filter((q) => q.id !== id);
}

/** A deep copy with a new id, inserted right after the original. */
export function duplicateQuestion(list: readonly ExtraQuestion[], id: string, newId: NewId = defaultId): { list: ExtraQuestion[]; copyId: string | null } {
  const index = list.findIndex((q) => q.id === id);
  if (index < 0) return { list: [...list], copyId: null };
  const copy: ExtraQuestion = { ...(structuredClone(list[index]) as ExtraQuestion), id: newId() };
  return { list: [...list.slice(0, index + 1), copy, ...list.slice(index + 1)], copyId: copy.id };
}

/** Moves the question at `from` to position `to` (both clamped); the others keep their order. */
export function moveQuestion(list: readonly ExtraQuestion[], from: number, to: number): ExtraQuestion[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/** The DOM id of one text field of the builder, so the missing-texts list can link to it. */
export function textFieldId(questionId: string, field: MissingText['field'], language: QuestionLanguageCode, answerIndex?: number): string {
  return `eq-${questionId}-${field}${answerIndex !== undefined ? `-${answerIndex}` : ''}-${language}`;
}

export interface MissingEntry extends MissingText {
  /** 1-based position of the question in the list. */
  number: number;
  fieldId: string;
}

/** The missing texts in the order of the questions, each with the question's number and the field to focus. */
export function missingEntries(list: readonly ExtraQuestion[], languages: readonly QuestionLanguageCode[]): MissingEntry[] {
  const position = new Map(list.map((q, i) => [q.id, i + 1]));
  return missingTranslations(list, languages).map((m) => ({
    ...m,
    number: position.get(m.question_id) ?? 0,
    fieldId: textFieldId(m.question_id, m.field, m.language, m.answer_index),
  }));
}
