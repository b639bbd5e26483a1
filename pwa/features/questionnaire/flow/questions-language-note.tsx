/** Where the question language differs from the page's: a short note saying which language the questions are in. */
import type { TFunction } from 'i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../../shared/locales';

export function QuestionsLanguageNote({ t, language, locale }: { t: TFunction; language: QuestionLanguageCode; locale: string }) {
  if (language === locale) return null;
  const name = QUESTION_LANGUAGES.find((l) => l.code === language)?.name ?? language;
  return (
    <p className="hint qf-questions-language" data-testid="questions-language">
      {t('flow.questionsIn', { language: name })}
    </p>
  );
}
