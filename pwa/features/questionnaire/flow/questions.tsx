// What each page asks, as data the page view and the review both use: one entry per question with
// its answer path, its text in the question language and how to show its answer.
import type { TFunction } from 'i18next';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import {
  CATEGORIES,
  DEMOGRAPHIC_QUESTIONS,
  DEPARTMENT_QUESTION,
  ENPS_QUESTION,
  ESI_QUESTIONS,
  LOCATION_QUESTION,
  PRAISE_CRITIQUE_MAX_LENGTH,
  PRAISE_CRITIQUE_QUESTION,
  PULS_QUESTIONS,
  PULS_SCALE_LABELS,
  PULS_TEXT_MAX_LENGTH,
  SCALE_LABELS,
  STATEMENTS,
} from '../../../../shared/question-banks';
import { EXTRA_COMMENT_MAX_LENGTH, EXTRA_TEXT_MAX_LENGTH, type QuestionnairePackage } from '../../../../shared/schemas/questionnaire';
import type { ExtraQuestionType } from '../../../../shared/schemas/extra-question';
import { scaleBounds } from '../../../../shared/schemas/extra-question-types';
import type { Option } from './inputs';
import type { FlowPage } from './pages';
import { localizedText } from '../../../../shared/i18n/localized-text';

export type Question =
  | { kind: 'radio'; path: string; text: string; hint?: string; options: Option[]; layout: 'scale' | 'list' | 'numbers'; ends?: { min: string; max: string }; required: boolean; clearable?: boolean }
  | { kind: 'checkbox'; path: string; text: string; hint?: string; options: Option[]; required: boolean }
  | { kind: 'text'; path: string; text: string; hint?: string; maxLength: number; multiline: boolean; required: boolean; comment?: boolean };

const statementById = new Map(STATEMENTS.map((s) => [s.id, s]));
const pulsById = new Map(PULS_QUESTIONS.map((q) => [q.id, q]));

function numbers(min: number, max: number): Option[] {
  return Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: String(min + i) }));
}

interface ExtraQuestionView {
  q: QuestionnairePackage['extra_questions'][number];
  path: string;
  text: string;
  hint: string | undefined;
  lang: QuestionLanguageCode;
}

const extraOptions = ({ q, lang }: ExtraQuestionView): Option[] => q.answers.map((a, i) => ({ value: i, label: localizedText(a, lang) }));
const extraText =
  (maxLength: number, multiline: boolean) =>
  ({ q, path, text, hint }: ExtraQuestionView): Question => ({ kind: 'text', path, text, hint, maxLength, multiline, required: q.required });

/** How the questionnaire asks each extra question type. */
const EXTRA_QUESTION = {
  radio: (v) => ({ kind: 'radio', path: v.path, text: v.text, hint: v.hint, options: extraOptions(v), layout: 'list', required: v.q.required, clearable: !v.q.required }),
  checkbox: (v) => ({ kind: 'checkbox', path: v.path, text: v.text, hint: v.hint, options: extraOptions(v), required: v.q.required }),
  scale: ({ q, path, text, hint, lang }) => {
    const { min, max } = scaleBounds(q);
    const minLabel = localizedText(q.scale?.min_label, lang);
    const maxLabel = localizedText(q.scale?.max_label, lang);
    return {
      kind: 'radio',
      path,
      text,
      hint,
      options: numbers(min, max),
      layout: 'numbers',
      ...(minLabel || maxLabel ? { ends: { min: minLabel ? `${min} – ${minLabel}` : '', max: maxLabel ? `${max} – ${maxLabel}` : '' } } : {}),
      required: q.required,
      clearable: !q.required,
    };
  },
  text250: extraText(EXTRA_TEXT_MAX_LENGTH.text250, false),
  text1000: extraText(EXTRA_TEXT_MAX_LENGTH.text1000, true),
} satisfies Record<ExtraQuestionType, (v: ExtraQuestionView) => Question>;

/** True when the page's title is question content (a category, the praise question), in the question language. */
export function titleIsQuestionText(page: FlowPage): boolean {
  return page.kind === 'category' || page.kind === 'praise';
}

/** The page's title: question content in the question language `lang`, the others through `t` (the page's language). */
export function pageTitle(page: FlowPage, lang: QuestionLanguageCode, t: TFunction): string {
  switch (page.kind) {
    case 'category':
      return localizedText(CATEGORIES.find((c) => c.id === page.category)?.title, lang);
    case 'ratings':
      return t('flow.ratingsTitle');
    case 'about':
      return t('flow.aboutTitle');
    case 'extra':
      return t('flow.extraTitle');
    case 'praise':
      return localizedText(PRAISE_CRITIQUE_QUESTION.question, lang);
    case 'puls':
      return t('flow.pulsTitle');
  }
}

/** Every question of a page, in order. */
export function pageQuestions(pkg: QuestionnairePackage, page: FlowPage, lang: QuestionLanguageCode): Question[] {
  switch (page.kind) {
    case 'category': {
      const options = SCALE_LABELS.map((s) => ({ value: s.value, label: localizedText(s.label, lang) }));
      return page.statementIds.map((id) => ({ kind: 'radio', path: `statements.${id}`, text: localizedText(statementById.get(id)?.text, lang), options, layout: 'scale', required: true }));
    }
    case 'ratings':
      return [ENPS_QUESTION, ...ESI_QUESTIONS].map((q) => ({
        kind: 'radio',
        path: q.id,
        text: localizedText(q.question, lang),
        options: numbers(q.min, q.max),
        layout: 'numbers',
        ends: { min: `${q.min} – ${localizedText(q.minLabel, lang)}`, max: `${q.max} – ${localizedText(q.maxLabel, lang)}` },
        required: true,
      }));
    case 'about': {
      const out: Question[] = [];
      for (const id of pkg.demographic_ids) {
        const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === id);
        if (!q) continue;
        out.push({ kind: 'radio', path: `demographics.${q.id}`, text: localizedText(q.question, lang), options: q.options.map((o) => ({ value: o.id, label: localizedText(o.label, lang) })), layout: 'list', required: false, clearable: true });
      }
      if (pkg.departments.length)
        out.push({ kind: 'radio', path: 'department', text: localizedText(DEPARTMENT_QUESTION.question, lang), options: pkg.departments.map((d) => ({ value: d, label: d })), layout: 'list', required: false, clearable: true });
      if (pkg.locations.length)
        out.push({ kind: 'radio', path: 'location', text: localizedText(LOCATION_QUESTION.question, lang), options: pkg.locations.map((d) => ({ value: d, label: d })), layout: 'list', required: false, clearable: true });
      return out;
    }
    case 'extra': {
      const out: Question[] = [];
      for (const q of pkg.extra_questions) {
        const path = `extra.${q.id}.value`;
        const text = localizedText(q.title, lang);
        const hint = localizedText(q.description, lang) || undefined;
        out.push(EXTRA_QUESTION[q.type]({ q, path, text, hint, lang }));
        if (q.allow_comments) out.push({ kind: 'text', path: `extra.${q.id}.comment`, text, maxLength: EXTRA_COMMENT_MAX_LENGTH, multiline: true, required: false, comment: true });
      }
      return out;
    }
    case 'praise':
      return [{ kind: 'text', path: 'praise_critique', text: localizedText(PRAISE_CRITIQUE_QUESTION.question, lang), hint: localizedText(PRAISE_CRITIQUE_QUESTION.hint, lang), maxLength: PRAISE_CRITIQUE_MAX_LENGTH, multiline: true, required: false }];
    case 'puls':
      return page.questionIds.flatMap((id): Question[] => {
        const q = pulsById.get(id);
        if (!q) return [];
        const path = `puls.${id}`;
        const text = localizedText(q.text, lang);
        if (q.kind === 'scale5') return [{ kind: 'radio', path, text, options: PULS_SCALE_LABELS.map((s) => ({ value: s.value, label: localizedText(s.label, lang) })), layout: 'scale', required: true }];
        if (q.kind === 'enps')
          return [{ kind: 'radio', path, text, options: numbers(0, 10), layout: 'numbers', ends: { min: `0 – ${localizedText(ENPS_QUESTION.minLabel, lang)}`, max: `10 – ${localizedText(ENPS_QUESTION.maxLabel, lang)}` }, required: true }];
        return [{ kind: 'text', path, text, maxLength: PULS_TEXT_MAX_LENGTH, multiline: true, required: false }];
      });
  }
}

/** The value at a dot path of the answers. */
export function answerAt(answers: Record<string, unknown>, path: string): unknown {
  let node: unknown = answers;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** An answer in words for the review ('' when not answered). */
export function answerText(q: Question, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (q.kind === 'text') return typeof value === 'string' ? value : '';
  if (q.kind === 'checkbox') {
    const list = Array.isArray(value) ? value.map(Number) : [];
    return q.options
      .filter((o) => list.includes(Number(o.value)))
      .map((o) => o.label)
      .join(', ');
  }
  const o = q.options.find((opt) => opt.value === value);
  if (!o) return String(value);
  return q.layout === 'numbers' ? String(o.value) : o.label;
}
