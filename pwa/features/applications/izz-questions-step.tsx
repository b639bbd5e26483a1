/** The IZZ application's "Questions" step: the statements chosen for the report, and the report's options. */
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants';
import { localizedText } from '../../../shared/i18n/localized-text';
import { QUESTION_LANGUAGES, type QuestionLanguageCode } from '../../../shared/locales';
import type { IzzApplicationDraft } from '../../../shared/schemas/application';
import { SelectField, TextareaField } from '../../components/ui/form';
import { useLocale } from '../../i18n/use-locale';
import type { FieldErrors } from '../../lib/form-errors';
import { IZZ_CATEGORIES } from './question-bank';

const FORM = 'izz';

export function IzzQuestionsStep({ draft, errors, idOf: id, setDraft }: { draft: IzzApplicationDraft; errors: FieldErrors; idOf: (path: string) => string; setDraft: Dispatch<SetStateAction<IzzApplicationDraft>> }) {
  const { t } = useTranslation('applications');
  const locale = useLocale();
  return (
    <div className="stack">
      <fieldset className="choice-group">
        <legend id={id('report_questions')} tabIndex={-1}>
          {t('reportQuestions.title', { count: draft.report_questions.length, max: LIMITS.maxChosenQuestions })}
        </legend>
        <p className="hint">{t('reportQuestions.lead', { max: LIMITS.maxChosenQuestions })}</p>
        {IZZ_CATEGORIES.length === 0 ? (
          <p className="notice notice-info">{t('bankUnavailable')}</p>
        ) : (
          IZZ_CATEGORIES.map((cat) => (
            <div key={cat.id} className="bank-category">
              <h3>{localizedText(cat.name, locale)}</h3>
              {cat.questions.map((q) => {
                const checked = draft.report_questions.includes(q.id);
                return (
                  <div className="check" key={q.id}>
                    <input
                      id={`${FORM}-rq-${q.id}`}
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && draft.report_questions.length >= LIMITS.maxChosenQuestions}
                      onChange={(e) => setDraft((prev) => ({ ...prev, report_questions: e.target.checked ? [...prev.report_questions, q.id] : prev.report_questions.filter((x) => x !== q.id) }))}
                    />
                    <label htmlFor={`${FORM}-rq-${q.id}`}>
                      <span className="hint">{q.id}</span> {localizedText(q.text, locale)}
                    </label>
                  </div>
                );
              })}
            </div>
          ))
        )}
        {errors.report_questions && <p className="field-error">{errors.report_questions}</p>}
      </fieldset>
      <fieldset className="choice-group">
        <legend>{t('options.title')}</legend>
        <div className="form-grid">
          <SelectField
            id={id('additional_options.report_language')}
            label={t('options.report_language')}
            value={draft.additional_options.report_language ?? 'hr'}
            options={QUESTION_LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
            onChange={(e) => setDraft((prev) => ({ ...prev, additional_options: { ...prev.additional_options, report_language: e.target.value as QuestionLanguageCode } }))}
          />
        </div>
        <div className="check">
          <input id={`${FORM}-comparative`} type="checkbox" checked={draft.additional_options.comparative_report ?? false} onChange={(e) => setDraft((prev) => ({ ...prev, additional_options: { ...prev.additional_options, comparative_report: e.target.checked } }))} />
          <label htmlFor={`${FORM}-comparative`}>{t('options.comparative_report')}</label>
        </div>
        <div className="check">
          <input id={`${FORM}-benchmark`} type="checkbox" checked={draft.additional_options.benchmark_report ?? false} onChange={(e) => setDraft((prev) => ({ ...prev, additional_options: { ...prev.additional_options, benchmark_report: e.target.checked } }))} />
          <label htmlFor={`${FORM}-benchmark`}>{t('options.benchmark_report')}</label>
        </div>
        <TextareaField
          id={id('additional_options.notes')}
          label={t('options.notes')}
          rows={3}
          maxLength={2000}
          value={draft.additional_options.notes ?? ''}
          onChange={(e) => setDraft((prev) => ({ ...prev, additional_options: { ...prev.additional_options, notes: e.target.value } }))}
        />
      </fieldset>
    </div>
  );
}
