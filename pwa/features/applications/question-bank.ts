/**
 * The question banks as the pickers need them. shared/question-banks is written by another issue;
 * until it lands these lists are empty and the pickers say so (the draft keeps whatever ids it has).
 */
import type { QuestionLanguageCode } from '../../../shared/locales';

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

export const IZZ_CATEGORIES: BankCategory[] = [];
export const DEMOGRAPHIC_QUESTIONS: BankQuestion[] = [];
export const PULS_QUESTIONS: BankQuestion[] = [];

/** The text in the UI language, falling back to English, then any. */
export function bankText(text: BankText, language: string): string {
  return text[language as QuestionLanguageCode] ?? text.en ?? Object.values(text)[0] ?? '';
}
