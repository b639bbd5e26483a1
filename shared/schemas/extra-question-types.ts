/**
 * The home of the extra (own) question types: per type, what its draft keeps, which answers it takes and how they are
 * stored, how its answers are counted in a report, how it is laid out on the paper form and keyed from it. Renderers
 * (the questionnaire, paper entry, the paper form, the reports and their Excel files) key their own tables by type with
 * `satisfies Record<ExtraQuestionType, …>`, so a new type does not compile until every one of them handles it.
 */
import { EXTRA_QUESTION_TYPES, type ExtraQuestion, type ExtraQuestionType } from './extra-question.js';

/** A radio or checkbox answer's option index: an integer, or a string of 1 to 3 digits (as stored answers may hold it); else null. */
export function answerIndex(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,3}$/.test(v)) return Number(v);
  return null;
}

const isInt = (v: unknown, min: number, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** What is wrong with an answer that is not blank. */
export type ExtraAnswerIssue = 'invalid' | 'out-of-range' | 'too-long';

/** How a report counts a type's answers (the shape of its ExtraResult). */
export type ExtraAggregation = 'options' | 'distribution' | 'texts';

/** What the paper form prints for a type: option boxes (mark one or any), a row of rating boxes, or writing lines. */
export type ExtraPaperLayout = { kind: 'choice'; mark: 'one' | 'any' } | { kind: 'rating' } | { kind: 'lines'; lines: number };

/** How paper entry keys a type's answer: one option number, several option numbers, a rating, or text. */
export type ExtraKeying = { kind: 'option' } | { kind: 'options' } | { kind: 'rating' } | { kind: 'text'; maxLength: number };

export interface ExtraQuestionTypeRule {
  /** The draft rule: whether the application form's draft keeps answer options, and a scale (bounds and end labels). */
  draft: { answers: boolean; scale: boolean };
  /** The answer schema: the issue of a value that is not blank, or null when it is valid for the question. */
  answerIssue(q: Pick<ExtraQuestion, 'answers' | 'scale'>, value: unknown): ExtraAnswerIssue | null;
  /** The stored form of a value that is not blank (undefined when it has none). */
  stored(value: unknown): string | number | number[] | undefined;
  /** The stored value of an answer left blank with only a comment. */
  blankStored(): '' | number[];
  aggregation: ExtraAggregation;
  /** Whether its answers split respondents into disjoint groups (one answer each), so a report can group and filter by it. */
  groupable: boolean;
  paper: ExtraPaperLayout;
  keying: ExtraKeying;
}

/** The bounds of a scale question (1-5 unless the draft says otherwise). */
export const scaleBounds = (q: Pick<ExtraQuestion, 'scale'>): { min: number; max: number } => ({ min: q.scale?.min ?? 1, max: q.scale?.max ?? 5 });

/** The maximum length of a text type's answer. */
export const EXTRA_TEXT_MAX_LENGTH = { text250: 250, text1000: 1000 } as const;

function textType(maxLength: number, lines: number): ExtraQuestionTypeRule {
  return {
    draft: { answers: false, scale: false },
    answerIssue: (_q, v) => (typeof v !== 'string' ? 'invalid' : v.length > maxLength ? 'too-long' : null),
    stored: (v) => (typeof v === 'string' ? v : undefined),
    blankStored: () => '',
    aggregation: 'texts',
    groupable: false,
    paper: { kind: 'lines', lines },
    keying: { kind: 'text', maxLength },
  };
}

export const EXTRA_QUESTION_TYPE_RULES = {
  text250: textType(EXTRA_TEXT_MAX_LENGTH.text250, 3),
  text1000: textType(EXTRA_TEXT_MAX_LENGTH.text1000, 7),
  radio: {
    draft: { answers: true, scale: false },
    answerIssue: (q, v) => {
      const i = Array.isArray(v) ? null : answerIndex(v);
      if (i === null) return 'invalid';
      return i < 0 || i >= q.answers.length ? 'out-of-range' : null;
    },
    stored: (v) => answerIndex(v) ?? undefined,
    blankStored: () => '',
    aggregation: 'options',
    groupable: true,
    paper: { kind: 'choice', mark: 'one' },
    keying: { kind: 'option' },
  },
  checkbox: {
    draft: { answers: true, scale: false },
    answerIssue: (q, v) => {
      if (!Array.isArray(v)) return 'invalid';
      const seen = new Set<number>();
      for (const item of v) {
        const i = answerIndex(item);
        if (i === null) return 'invalid';
        if (i < 0 || i >= q.answers.length || seen.has(i)) return 'out-of-range';
        seen.add(i);
      }
      return null;
    },
    stored: (v) => (Array.isArray(v) ? v.map(answerIndex).filter((i): i is number => i !== null) : undefined),
    blankStored: () => [],
    aggregation: 'options',
    groupable: false,
    paper: { kind: 'choice', mark: 'any' },
    keying: { kind: 'options' },
  },
  scale: {
    draft: { answers: false, scale: true },
    answerIssue: (q, v) => {
      const { min, max } = scaleBounds(q);
      if (typeof v !== 'number') return 'invalid';
      return isInt(v, min, max) ? null : 'out-of-range';
    },
    stored: (v) => (typeof v === 'number' ? v : undefined),
    blankStored: () => '',
    aggregation: 'distribution',
    groupable: true,
    paper: { kind: 'rating' },
    keying: { kind: 'rating' },
  },
} as const satisfies Record<ExtraQuestionType, ExtraQuestionTypeRule>;

/** The rule of a type. */
export const extraTypeRule = (type: ExtraQuestionType): ExtraQuestionTypeRule => EXTRA_QUESTION_TYPE_RULES[type];


/** The types whose answers split respondents into disjoint groups: a report can group and filter by them. */
export const GROUPABLE_EXTRA_TYPES: readonly ExtraQuestionType[] = EXTRA_QUESTION_TYPES.filter((type) => EXTRA_QUESTION_TYPE_RULES[type].groupable);

/** Whether a report can group and filter by a question of this type (false for a type it does not know). */
export const isGroupableExtraType = (type: string): boolean => (EXTRA_QUESTION_TYPES as readonly string[]).includes(type) && EXTRA_QUESTION_TYPE_RULES[type as ExtraQuestionType].groupable;

/**
 * The answers a report's filter offers for a groupable question: each scale point (value and label the number), or each
 * option (value its index); a type that is not groupable offers none. `label` turns an option's index into its text.
 */
export function groupAnswerChoices(q: Pick<ExtraQuestion, 'type' | 'answers' | 'scale'>, label: (index: number) => string): { value: string; label: string }[] {
  const rule = EXTRA_QUESTION_TYPE_RULES[q.type];
  if (!rule.groupable) return [];
  if (rule.aggregation === 'distribution') {
    const { min, max } = scaleBounds(q);
    return Array.from({ length: max - min + 1 }, (_, i) => ({ value: String(min + i), label: String(min + i) }));
  }
  return q.answers.map((_, i) => ({ value: String(i), label: label(i) }));
}
