/** The settings of a report that has only its language (benchmark, PULS): the language, then 'Show report'. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../shared/locales';

/**
 * Opens in `initial` (the options' default language) until the user picks another; each submit applies the language
 * picked then. `id` names the form's heading and select (`<id>-settings-h`, `<id>-lang`).
 */
export function ReportLanguageForm({ id, initial, busy, onApply }: { id: string; initial: QuestionLanguageCode; busy: boolean; onApply: (language: QuestionLanguageCode) => void }) {
  const { t } = useTranslation('reports');
  const [picked, setLanguage] = useState<QuestionLanguageCode | null>(null);
  const language = picked ?? initial;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(language);
  };
  return (
    <form className="card report-settings" onSubmit={submit} aria-labelledby={`${id}-settings-h`} data-testid="report-settings">
      <h2 id={`${id}-settings-h`}>{t('settings.title')}</h2>
      <div className="field">
        <label htmlFor={`${id}-lang`}>{t('labels.reportLanguage')}</label>
        <select id={`${id}-lang`} value={language} onChange={(e) => setLanguage(e.target.value as QuestionLanguageCode)}>
          {QUESTION_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('settings.loading') : t('settings.apply')}
      </button>
    </form>
  );
}
