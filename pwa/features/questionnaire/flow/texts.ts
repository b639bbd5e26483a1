// Texts of the question banks and of the company's own questions in the chosen question language.
import type { QuestionLanguageCode } from '../../../../shared/locales';

type Texts = Partial<Record<string, string>>;

/** A localized text in `lang`, else English, else the first one given ('' when none). */
export function pick(text: Texts | undefined, lang: QuestionLanguageCode): string {
  if (!text) return '';
  const own = text[lang]?.trim();
  if (own) return own;
  const en = text.en?.trim();
  if (en) return en;
  return Object.values(text).find((v) => v?.trim())?.trim() ?? '';
}
