/** The IZZ application's "Demographics" step: the demographic questions asked, and the company's departments and locations. */
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedText } from '../../../shared/i18n/localized-text';
import { APPLICATION_LIMITS, type IzzApplicationDraft } from '../../../shared/schemas/application';
import { TextareaField } from '../../components/ui/form';
import { useLocale } from '../../i18n/use-locale';
import { DEMOGRAPHIC_QUESTIONS } from './question-bank';

const FORM = 'izz';
const lines = (text: string) => text.split('\n').map((s) => s.trim());

export function IzzDemographicsStep({ draft, idOf: id, setDraft }: { draft: IzzApplicationDraft; idOf: (path: string) => string; setDraft: Dispatch<SetStateAction<IzzApplicationDraft>> }) {
  const { t } = useTranslation('applications');
  const locale = useLocale();
  return (
    <div className="stack">
      <fieldset className="choice-group">
        <legend>{t('demographics.questions')}</legend>
        {DEMOGRAPHIC_QUESTIONS.length === 0 ? (
          <p className="notice notice-info">{t('bankUnavailable')}</p>
        ) : (
          <div className="choice-grid">
            {DEMOGRAPHIC_QUESTIONS.map((q) => {
              const checked = draft.demographics.questions.includes(q.id);
              return (
                <div className="check" key={q.id}>
                  <input
                    id={`${FORM}-dq-${q.id}`}
                    type="checkbox"
                    checked={checked}
                    onChange={(e) =>
                      setDraft((prev) => ({
                        ...prev,
                        demographics: { ...prev.demographics, questions: e.target.checked ? [...prev.demographics.questions, q.id] : prev.demographics.questions.filter((x) => x !== q.id) },
                      }))
                    }
                  />
                  <label htmlFor={`${FORM}-dq-${q.id}`}>{localizedText(q.text, locale)}</label>
                </div>
              );
            })}
          </div>
        )}
      </fieldset>
      <div className="form-grid">
        <TextareaField
          id={id('demographics.departments')}
          label={t('demographics.departments')}
          hint={t('demographics.oneLine', { max: APPLICATION_LIMITS.maxDepartments })}
          rows={6}
          value={draft.demographics.departments.join('\n')}
          onChange={(e) => setDraft((prev) => ({ ...prev, demographics: { ...prev.demographics, departments: lines(e.target.value) } }))}
          onBlur={() => setDraft((prev) => ({ ...prev, demographics: { ...prev.demographics, departments: prev.demographics.departments.filter(Boolean) } }))}
        />
        <TextareaField
          id={id('demographics.locations')}
          label={t('demographics.locations')}
          hint={t('demographics.oneLine', { max: APPLICATION_LIMITS.maxLocations })}
          rows={6}
          value={draft.demographics.locations.join('\n')}
          onChange={(e) => setDraft((prev) => ({ ...prev, demographics: { ...prev.demographics, locations: lines(e.target.value) } }))}
          onBlur={() => setDraft((prev) => ({ ...prev, demographics: { ...prev.demographics, locations: prev.demographics.locations.filter(Boolean) } }))}
        />
      </div>
    </div>
  );
}
