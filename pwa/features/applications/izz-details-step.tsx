/**
 * The IZZ application's "Details" step: name, collection, code type, dates, employees and respondents, the
 * invitation and reminder schedule (following the start date while it is the default one) and the survey's languages.
 */
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants';
import { QUESTION_LANGUAGES, QUESTION_LANGUAGE_CODES, type QuestionLanguageCode } from '../../../shared/locales';
import { CODE_TYPES, COLLECTION_TYPES, defaultSchedule, type IzzApplicationDraft } from '../../../shared/schemas/application';
import { SelectField, TextField } from '../../components/ui/form';
import type { FieldErrors } from '../../lib/form-errors';
import { today } from './format';

type Details = IzzApplicationDraft['details'];

const FORM = 'izz';
const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;

export function IzzDetailsStep({ details: d, errors, idOf: id, setDetails }: { details: Details; errors: FieldErrors; idOf: (path: string) => string; setDetails: (patch: Partial<Details>) => void }) {
  const { t } = useTranslation('applications');
  const languages = d.languages ?? [];

  const onStartDate = (start: string) => {
    const patch: Partial<Details> = { start_date: start };
    if (/^\d{4}-\d{2}-\d{2}$/.test(start)) {
      const schedule = defaultSchedule(start);
      // Follow the start date while the schedule is still the default one of the previous start.
      const previous = d.start_date ? defaultSchedule(d.start_date) : null;
      if (!d.invitation_date || d.invitation_date === previous?.invitation_date) Object.assign(patch, { invitation_date: schedule.invitation_date });
      if (!d.invitation_time) patch.invitation_time = schedule.invitation_time;
      if (!d.reminder_date || d.reminder_date === previous?.reminder_date) Object.assign(patch, { reminder_date: schedule.reminder_date });
      if (!d.reminder_time) patch.reminder_time = schedule.reminder_time;
    }
    setDetails(patch);
  };

  return (
    <div className="stack">
      <div className="form-grid">
        <TextField id={id('details.name')} className="span-2" label={t('fields.name')} value={d.name ?? ''} maxLength={200} onChange={(e) => setDetails({ name: e.target.value })} error={errors['details.name']} required />
        <SelectField
          id={id('details.collection')}
          label={t('fields.collection')}
          value={d.collection ?? ''}
          placeholder={t('form.choose')}
          options={COLLECTION_TYPES.map((c) => ({ value: c, label: t(`collection.${c}`) }))}
          onChange={(e) => {
            const collection = (e.target.value || undefined) as Details['collection'];
            setDetails({ collection, ...(collection === 'online' ? { offline_respondents: 0 } : collection === 'offline' ? { online_respondents: 0 } : {}) });
          }}
          error={errors['details.collection']}
          required
        />
        <SelectField
          id={id('details.code_type')}
          label={t('fields.code_type')}
          value={d.code_type ?? ''}
          placeholder={t('form.choose')}
          options={CODE_TYPES.map((c) => ({ value: c, label: t(`codeType.${c}`) }))}
          hint={t('codeTypeHint')}
          onChange={(e) => setDetails({ code_type: (e.target.value || undefined) as Details['code_type'] })}
          error={errors['details.code_type']}
          required
        />
        <TextField id={id('details.start_date')} type="date" label={t('fields.start_date')} value={d.start_date ?? ''} min={today()} onChange={(e) => onStartDate(e.target.value)} error={errors['details.start_date']} required />
        <TextField id={id('details.end_date')} type="date" label={t('fields.end_date')} value={d.end_date ?? ''} min={d.start_date} onChange={(e) => setDetails({ end_date: e.target.value })} error={errors['details.end_date']} required />
        <TextField
          id={id('details.employees')}
          type="number"
          inputMode="numeric"
          min={1}
          max={LIMITS.maxEmployees}
          label={t('fields.employees')}
          hint={t('employeesHint')}
          value={d.employees ?? ''}
          onChange={(e) => setDetails({ employees: e.target.value === '' ? undefined : Math.max(0, Math.trunc(Number(e.target.value))) })}
          error={errors['details.employees']}
          required
        />
        <TextField
          id={id('details.online_respondents')}
          type="number"
          inputMode="numeric"
          min={0}
          max={LIMITS.maxEmployees}
          label={t('fields.online_respondents')}
          value={d.online_respondents ?? ''}
          disabled={d.collection === 'offline'}
          onChange={(e) => setDetails({ online_respondents: e.target.value === '' ? undefined : Math.max(0, Math.trunc(Number(e.target.value))) })}
          error={errors['details.online_respondents']}
        />
        <TextField
          id={id('details.offline_respondents')}
          type="number"
          inputMode="numeric"
          min={0}
          max={LIMITS.maxEmployees}
          label={t('fields.offline_respondents')}
          value={d.offline_respondents ?? ''}
          disabled={d.collection === 'online'}
          onChange={(e) => setDetails({ offline_respondents: e.target.value === '' ? undefined : Math.max(0, Math.trunc(Number(e.target.value))) })}
          error={errors['details.offline_respondents']}
        />
        <TextField id={id('details.invitation_date')} type="date" label={t('fields.invitation_date')} value={d.invitation_date ?? ''} onChange={(e) => setDetails({ invitation_date: e.target.value })} error={errors['details.invitation_date']} hint={t('invitationHint')} />
        <TextField id={id('details.invitation_time')} type="time" label={t('fields.invitation_time')} value={d.invitation_time ?? ''} onChange={(e) => setDetails({ invitation_time: e.target.value })} error={errors['details.invitation_time']} />
        <TextField id={id('details.reminder_date')} type="date" label={t('fields.reminder_date')} value={d.reminder_date ?? ''} onChange={(e) => setDetails({ reminder_date: e.target.value })} error={errors['details.reminder_date']} hint={t('reminderHint')} />
        <TextField id={id('details.reminder_time')} type="time" label={t('fields.reminder_time')} value={d.reminder_time ?? ''} onChange={(e) => setDetails({ reminder_time: e.target.value })} error={errors['details.reminder_time']} />
      </div>
      <fieldset className="choice-group" aria-describedby={errors['details.languages'] ? `${id('details.languages')}-error` : undefined}>
        <legend id={id('details.languages')} tabIndex={-1}>
          {t('fields.languages')}
        </legend>
        <p className="hint">{t('languagesHint')}</p>
        <div className="choice-grid choice-grid-4">
          {QUESTION_LANGUAGE_CODES.map((code) => (
            <div className="check" key={code}>
              <input
                id={`${FORM}-lang-${code}`}
                type="checkbox"
                checked={languages.includes(code)}
                onChange={(e) => setDetails({ languages: e.target.checked ? QUESTION_LANGUAGE_CODES.filter((c) => c === code || languages.includes(c)) : languages.filter((c) => c !== code) })}
              />
              <label htmlFor={`${FORM}-lang-${code}`}>{languageName(code)}</label>
            </div>
          ))}
        </div>
        {errors['details.languages'] && (
          <p id={`${id('details.languages')}-error`} className="field-error">
            {errors['details.languages']}
          </p>
        )}
      </fieldset>
    </div>
  );
}
