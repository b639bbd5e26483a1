import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../../shared/locales';
import type { MissingEntry } from './builder-ops';

const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** The texts still missing, each a link to its field (the builder switches the tab first); "none missing" once there are questions. */
export function MissingTexts({ missing, hasQuestions, onGoTo }: { missing: MissingEntry[]; hasQuestions: boolean; onGoTo: (m: MissingEntry) => void }) {
  const { t } = useTranslation('applications');
  if (missing.length === 0) {
    return hasQuestions ? (
      <p className="notice notice-success" data-testid="missing-texts-none">
        {t('builder.noneMissing')}
      </p>
    ) : null;
  }
  return (
  <div className="notice notice-error eq-missing" data-testid="missing-texts">
    <p className="error-summary-title">{t('builder.missingTitle', { count: missing.length })}</p>
    <ul>
      {missing.map((m) => (
        <li key={m.fieldId}>
          <a
            href={`#${m.fieldId}`}
            onClick={(e) => {
              e.preventDefault();
              onGoTo(m);
            }}
          >
            {t('builder.missingItem', {
              number: m.number,
              field: m.field === 'answer' ? t('builder.answerN', { n: (m.answer_index ?? 0) + 1 }) : t(`builder.fields.${m.field}`),
              language: languageName(m.language),
            })}
          </a>
        </li>
      ))}
    </ul>
  </div>
  );
}
