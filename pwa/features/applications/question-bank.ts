/** The question banks (shared/question-banks) shaped for the pickers: IZZ statements by category, demographics, PULS. */
import type { QuestionLanguageCode } from '../../../shared/locales';
import { CATEGORIES, DEMOGRAPHIC_QUESTIONS as DEMOGRAPHICS, PULS_QUESTIONS as PULS, STATEMENTS } from '../../../shared/question-banks';

export type BankText = Partial<Record<QuestionLanguageCode, string>>;
export interface BankQuestion {
  id: string;
  text: BankText;
}
export interface BankCategory {
  id: string;
  name: BankText;
  questions: BankQuestion[];
}

export const IZZ_CATEGORIES: BankCategory[] = [...CATEGORIES]
  .sort((a, b) => a.order - b.order)
  .map((c) => ({ id: c.id, name: c.title, questions: STATEMENTS.filter((s) => s.category === c.id).map((s) => ({ id: s.id, text: s.text })) }));
export const DEMOGRAPHIC_QUESTIONS: BankQuestion[] = DEMOGRAPHICS.map((q) => ({ id: q.id, text: q.question }));
export const PULS_QUESTIONS: BankQuestion[] = PULS.map((q) => ({ id: q.id, text: q.text }));
