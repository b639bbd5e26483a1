/** The kiosk setup's form: which running survey, and the password again (the page sends it: POST /api/kiosk/setup). */
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationSummary } from '../../../../shared/schemas/application';
import { formatDate } from '../../../lib/dates';

/** What the setup reads of GET /api/applications (the shared ApplicationSummary). */
export type SurveySummary = Pick<ApplicationSummary, 'id' | 'type' | 'state' | 'name' | 'end_date'>;

interface KioskSetupFormProps {
  surveys: readonly SurveySummary[];
  surveyId: string;
  onSurvey(id: string): void;
  password: string;
  onPassword(password: string): void;
  error: string | null;
  busy: boolean;
  online: boolean;
  onSubmit(e: FormEvent): void;
}

export function KioskSetupForm({ surveys, surveyId, onSurvey, password, onPassword, error, busy, online, onSubmit }: KioskSetupFormProps) {
  const { t } = useTranslation('kiosk');
  const id = useId();
  return (
    <form className="card stack" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {!online && <p className="notice notice-info">{t('setup.offline')}</p>}
      <fieldset className="field kiosk-surveys">
        <legend className="label">{t('setup.survey')}</legend>
        {surveys.map((s) => (
          <div className="check" key={String(s.id)}>
            <input type="radio" id={`${id}-s${String(s.id)}`} name="survey" value={String(s.id)} checked={surveyId === String(s.id)} onChange={() => onSurvey(String(s.id))} />
            <label htmlFor={`${id}-s${String(s.id)}`}>{t('setup.surveyLabel', { name: s.name ?? '', type: s.type.toUpperCase(), end: s.end_date ? formatDate(s.end_date) : '' })}</label>
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-pw`}>{t('setup.password')}</label>
        <input
          id={`${id}-pw`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => onPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-pw-hint ${id}-error`}
        />
        <p id={`${id}-pw-hint`} className="hint">
          {t('setup.passwordHint')}
        </p>
      </div>
      <p id={`${id}-error`} className="field-error" role="alert" data-testid="kiosk-setup-error">
        {error ?? ''}
      </p>
      <button type="submit" className="btn btn-primary" disabled={busy || !online}>
        {busy ? t('setup.busy') : t('setup.submit')}
      </button>
    </form>
  );
}
