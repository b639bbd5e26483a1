/**
 * Before the first question: who takes part (IZZ: not owners, directors or board members), the
 * anonymity promise, how long it takes, how to answer, and the choice of the question language
 * among the survey's languages. Everything here is in the page's language (the intro texts come from the question
 * banks, which hold all eight); a note says which language the questions will be in where it differs.
 *
 * Props: pkg, language (the current choice), onLanguageChange(language), onStart().
 */
import { useId } from 'react';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../../shared/locales';
import { INTRO_TEXTS, PULS_INTRO_TEXTS } from '../../../../shared/question-banks';
import type { QuestionnairePackage } from '../../../../shared/schemas/questionnaire';
import { localizedText } from '../../../../shared/i18n/localized-text';
import { useLocale } from '../../../i18n/use-locale';
import { QuestionsLanguageNote } from './questions-language-note';
import { useRespondentT } from './use-flow';

export interface QuestionnaireIntroProps {
  pkg: QuestionnairePackage;
  language: QuestionLanguageCode;
  onLanguageChange(language: QuestionLanguageCode): void;
  onStart(): void;
  busy?: boolean;
}

export function QuestionnaireIntro({ pkg, language, onLanguageChange, onStart, busy }: QuestionnaireIntroProps) {
  const t = useRespondentT();
  const locale = useLocale();
  const page = locale as QuestionLanguageCode;
  const id = useId();
  if (!t) return <div className="spinner" role="status" aria-label="…" />;
  const izz = pkg.type === 'izz';
  const texts = izz ? INTRO_TEXTS : PULS_INTRO_TEXTS;
  const languages = QUESTION_LANGUAGES.filter((l) => pkg.languages.includes(l.code));
  return (
    <div className="qf qf-intro">
      <p className="qf-company">{t('intro.forCompany', { company: pkg.company_name })}</p>
      <h1 className="qf-title">{localizedText(texts.title, page)}</h1>
      <p className="lead">{localizedText(texts.purpose, page)}</p>
      <p className="qf-duration">{localizedText(texts.duration, page)}</p>

      {izz && (
        <section className="qf-card" aria-labelledby={`${id}-who`}>
          <h2 id={`${id}-who`}>{t('intro.whoTitle')}</h2>
          <p>{localizedText(INTRO_TEXTS.participation, page)}</p>
        </section>
      )}
      <section className="qf-card qf-card-trust" aria-labelledby={`${id}-anon`}>
        <h2 id={`${id}-anon`}>{t('intro.anonymityTitle')}</h2>
        <p>{localizedText(texts.anonymity, page)}</p>
        <p>{localizedText(texts.reporting, page)}</p>
      </section>
      <section className="qf-card" aria-labelledby={`${id}-how`}>
        <h2 id={`${id}-how`}>{t('intro.howTitle')}</h2>
        <p>{localizedText(texts.answering, page)}</p>
        <p className="hint">{t('intro.savedNote')}</p>
      </section>

      <form
        className="qf-form"
        onSubmit={(e) => {
          e.preventDefault();
          onStart();
        }}
      >
        {languages.length > 1 && (
          <fieldset className="q-item">
            <legend className="q-legend">{t('intro.languageLabel')}</legend>
            <div className="q-options q-options-list q-options-langs">
              {languages.map((l) => (
                <label key={l.code} className="q-option" lang={l.code}>
                  <input type="radio" name={`${id}-lang`} value={l.code} checked={language === l.code} onChange={() => onLanguageChange(l.code)} />
                  <span className="q-option-text">{l.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <QuestionsLanguageNote t={t} language={language} locale={locale} />
        <div className="qf-nav">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('intro.start')}
          </button>
        </div>
      </form>
    </div>
  );
}
