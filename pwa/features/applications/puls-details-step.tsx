/** The PULS application's "Details" step: name, cadence and rounds, code type, dates, employees and respondents, the invitation, the languages. */
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants';
import { QUESTION_LANGUAGES, QUESTION_LANGUAGE_CODES, type QuestionLanguageCode } from '../../../shared/locales';
import { APPLICATION_LIMITS, CODE_TYPES, PULS_CADENCES, type PulsApplicationDraft } from '../../../shared/schemas/application';
import { SelectField, TextField } from '../../components/ui/form';
import type { FieldErrors } from '../../lib/form-errors';

type Details = PulsApplicationDraft['details'];
const FORM = 'puls';
const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;
const num = (v: string) => (v === '' ? undefined : Math.max(0, Math.trunc(Number(v))));

export function PulsDetailsStep({ details: d, errors, idOf: id, setDetails }: { details: Details; errors: FieldErrors; idOf: (path: string) => string; setDetails: (patch: Partial<Details>) => void }) {
  const { t } = useTranslation('applications');
  const languages = d.languages ?? [];
  return (
    <div className="stack">
      <div className="form-grid">
        <TextField id={id('details.name')} className="span-2" label={t('fields.name')} value={d.name ?? ''} onChange={(e) => setDetails({ name: e.target.value })} error={errors['details.name']} />
        <SelectField id={id('details.cadence')} label={t('fields.cadence')} value={d.cadence ?? ''} placeholder={t('form.choose')} options={PULS_CADENCES.map((c) => ({ value: c, label: t(`cadence.${c}`) }))} onChange={(e) => setDetails({ cadence: (e.target.value || undefined) as Details['cadence'], ...(e.target.value === 'one-off' ? { rounds: 1 } : {}) })} error={errors['details.cadence']} />
        <TextField id={id('details.rounds')} type="number" min={1} max={APPLICATION_LIMITS.maxPulsRounds} label={t('fields.rounds')} value={d.rounds ?? ''} disabled={d.cadence === 'one-off'} onChange={(e) => setDetails({ rounds: num(e.target.value) })} error={errors['details.rounds']} />
        <SelectField id={id('details.code_type')} label={t('fields.code_type')} value={d.code_type ?? ''} placeholder={t('form.choose')} options={CODE_TYPES.map((c) => ({ value: c, label: t(`codeType.${c}`) }))} onChange={(e) => setDetails({ code_type: (e.target.value || undefined) as Details['code_type'] })} error={errors['details.code_type']} />
        <TextField id={id('details.start_date')} type="date" label={t('fields.start_date')} value={d.start_date ?? ''} onChange={(e) => setDetails({ start_date: e.target.value, ...(d.invitation_date ? {} : { invitation_date: e.target.value, invitation_time: d.invitation_time ?? '09:00' }) })} error={errors['details.start_date']} />
        <TextField id={id('details.end_date')} type="date" label={t('fields.end_date')} value={d.end_date ?? ''} onChange={(e) => setDetails({ end_date: e.target.value })} error={errors['details.end_date']} />
        <TextField id={id('details.employees')} type="number" min={1} max={LIMITS.maxEmployees} label={t('fields.employees')} hint={t('employeesHint')} value={d.employees ?? ''} onChange={(e) => setDetails({ employees: num(e.target.value) })} error={errors['details.employees']} />
        <TextField id={id('details.online_respondents')} type="number" min={0} max={LIMITS.maxEmployees} label={t('fields.online_respondents')} value={d.online_respondents ?? ''} onChange={(e) => setDetails({ online_respondents: num(e.target.value) })} error={errors['details.online_respondents']} />
        <TextField id={id('details.offline_respondents')} type="number" min={0} max={LIMITS.maxEmployees} label={t('fields.offline_respondents')} value={d.offline_respondents ?? ''} onChange={(e) => setDetails({ offline_respondents: num(e.target.value) })} error={errors['details.offline_respondents']} />
        <TextField id={id('details.invitation_date')} type="date" label={t('fields.invitation_date')} value={d.invitation_date ?? ''} onChange={(e) => setDetails({ invitation_date: e.target.value })} error={errors['details.invitation_date']} />
        <TextField id={id('details.invitation_time')} type="time" label={t('fields.invitation_time')} value={d.invitation_time ?? ''} onChange={(e) => setDetails({ invitation_time: e.target.value })} error={errors['details.invitation_time']} />
      </div>
      <fieldset className="choice-group">
        <legend>{t('fields.languages')}</legend>
        <div className="choice-grid choice-grid-4">
          {QUESTION_LANGUAGE_CODES.map((code) => (
            <div className="check" key={code}>
              <input id={`${FORM}-lang-${code}`} type="checkbox" checked={languages.includes(code)} onChange={(e) => setDetails({ languages: e.target.checked ? QUESTION_LANGUAGE_CODES.filter((c) => c === code || languages.includes(c)) : languages.filter((c) => c !== code) })} />
              <label htmlFor={`${FORM}-lang-${code}`}>{languageName(code)}</label>
            </div>
          ))}
        </div>
        {errors['details.languages'] && <p className="field-error">{errors['details.languages']}</p>}
      </fieldset>
    </div>
  );
}
