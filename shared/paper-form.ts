/**
 * The order of the items on a printed IZZ paper form (print/templates/paper-form.ts draws them in
 * this order and prints each item's number), so HR data entry can follow the paper item by item.
 * Pure data from the questionnaire package: the same package gives the same list.
 */
import { ENPS_QUESTION_ID, ESI_QUESTION_IDS, STATEMENTS, DEMOGRAPHIC_QUESTIONS, type IzzCategoryId } from './question-banks/index.js';
import type { ExtraQuestionType } from './schemas/application.js';
import type { QuestionnairePackage } from './schemas/questionnaire.js';

/** What a paper form needs from the questionnaire package (IZZ). */
export type PaperFormPackage = Pick<QuestionnairePackage, 'statement_ids' | 'demographic_ids' | 'departments' | 'locations' | 'extra_questions'>;

interface Base {
  /** 1-based number printed beside the item on the paper. */
  number: number;
  /** Where the answer goes in ResponseAnswers (shared/schemas/questionnaire.ts), e.g. 'statements.JC01'. */
  path: string;
}

export type PaperFormItem =
  | (Base & { kind: 'statement'; id: string; category: IzzCategoryId; min: 1; max: 4; required: true })
  | (Base & { kind: 'enps'; id: typeof ENPS_QUESTION_ID; min: 0; max: 10; required: true })
  | (Base & { kind: 'esi'; id: (typeof ESI_QUESTION_IDS)[number]; min: 1; max: 10; required: true })
  /** options: the option ids (demographics) or the names (department, location), in printed order. */
  | (Base & { kind: 'demographic'; id: string; options: string[]; required: false })
  | (Base & { kind: 'department' | 'location'; id: 'department' | 'location'; options: string[]; required: false })
  /** radio/checkbox: `options` answers (indexes 0..options-1); scale: min..max; text: lines. */
  | (Base & { kind: 'extra'; id: string; type: ExtraQuestionType; options: number; min?: number; max?: number; required: boolean; comment: boolean })
  | (Base & { kind: 'praise_critique'; id: 'praise_critique'; required: false });

export type PaperFormItemKind = PaperFormItem['kind'];

/**
 * The items of a paper form in printed order: the statements (bank order, grouped by category),
 * eNPS, the three ESI questions, the demographic questions asked (in the package's order), department and location (when
 * the survey lists them), the extra questions, and praise/critique.
 */
export function paperFormItems(pkg: PaperFormPackage): PaperFormItem[] {
  const items: PaperFormItem[] = [];
  let n = 0;
  const asked = new Set(pkg.statement_ids);
  for (const s of STATEMENTS) {
    if (asked.has(s.id)) items.push({ kind: 'statement', id: s.id, category: s.category, number: ++n, path: `statements.${s.id}`, min: 1, max: 4, required: true });
  }
  items.push({ kind: 'enps', id: ENPS_QUESTION_ID, number: ++n, path: ENPS_QUESTION_ID, min: 0, max: 10, required: true });
  for (const id of ESI_QUESTION_IDS) items.push({ kind: 'esi', id, number: ++n, path: id, min: 1, max: 10, required: true });
  for (const id of pkg.demographic_ids) {
    const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === id);
    if (q) items.push({ kind: 'demographic', id: q.id, number: ++n, path: `demographics.${q.id}`, options: q.options.map((o) => o.id), required: false });
  }
  if (pkg.departments.length > 0) items.push({ kind: 'department', id: 'department', number: ++n, path: 'department', options: [...pkg.departments], required: false });
  if (pkg.locations.length > 0) items.push({ kind: 'location', id: 'location', number: ++n, path: 'location', options: [...pkg.locations], required: false });
  for (const q of pkg.extra_questions) {
    const scale = q.type === 'scale' ? { min: q.scale?.min ?? 1, max: q.scale?.max ?? 5 } : {};
    items.push({
      kind: 'extra',
      id: q.id,
      number: ++n,
      path: `extra.${q.id}`,
      type: q.type,
      options: q.type === 'radio' || q.type === 'checkbox' ? q.answers.length : 0,
      ...scale,
      required: q.required,
      comment: q.allow_comments,
    });
  }
  items.push({ kind: 'praise_critique', id: 'praise_critique', number: ++n, path: 'praise_critique', required: false });
  return items;
}
