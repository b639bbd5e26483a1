/**
 * Respondent e-mails pasted or uploaded (CSV, XLSX): every address is kept or reported, never
 * silently dropped. Invalid addresses and duplicates (case-insensitive, also against the ones
 * already on the list) are returned apart, with the text as the user gave it.
 */
import { respondentEmailSchema } from '../../../shared/schemas/application';
import type { QuestionLanguageCode } from '../../../shared/locales';

export interface RespondentEmail {
  email: string;
  language: QuestionLanguageCode;
}

export interface ParsedEmails {
  valid: string[];
  invalid: string[];
  duplicates: string[];
}

/** Splits on new lines, commas, semicolons, tabs and spaces; strips quotes and "Name <a@b>" wrappers. */
export function splitEmailText(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim().replace(/^["'<(]+|[">)']+$/g, '').replace(/^mailto:/i, ''))
    .filter(Boolean);
}

/** A CSV header cell or a column caption ('email', 'E-mail', 'e-pošta') is not an address. */
const isCaption = (token: string) => /^(e-?mail|e-?pošta|email address|adresa|naslov)$/i.test(token);

export function parseEmails(text: string, existing: readonly string[] = []): ParsedEmails {
  const seen = new Set(existing.map((e) => e.toLowerCase()));
  const result: ParsedEmails = { valid: [], invalid: [], duplicates: [] };
  for (const token of splitEmailText(text)) {
    if (isCaption(token)) continue;
    if (!respondentEmailSchema.shape.email.safeParse(token).success) {
      result.invalid.push(token);
      continue;
    }
    const key = token.toLowerCase();
    if (seen.has(key)) {
      result.duplicates.push(token);
      continue;
    }
    seen.add(key);
    result.valid.push(token);
  }
  return result;
}

/**
 * How many of `valid` fit under the limit of online respondents: the rest is reported as over the
 * limit, not added.
 */
export function splitByLimit<T>(valid: readonly T[], current: number, limit: number): { added: T[]; overLimit: T[] } {
  const room = Math.max(0, limit - current);
  return { added: valid.slice(0, room), overLimit: valid.slice(room) };
}
