import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema } from '../../../shared/schemas/account';
import { ErrorSummary, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale } from '../../i18n/use-locale';
import { validateWith } from '../../lib/form-errors';
import { submitFailure } from '../../lib/submit-errors';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { changePassword } from './profile-api';
import './profile.css';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** A password change needs the current password and ends every other session (server). */
export default function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const form = useFormState('password', EMPTY);
  const [done, setDone] = useState(false);
  const doneRef = useFocusOnChange<HTMLParagraphElement>(done);
  useDocumentTitle(t('password.title'));
  const labels = { current_password: t('fields.current_password'), password: t('fields.new_password'), password_confirmation: t('fields.password_confirmation') };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.busy) return;
    setDone(false);
    const checked = validateWith(changePasswordSchema, form.values, locale, t('form.invalid'));
    if (!checked.ok) {
      form.fail(t('form.summaryTitle'), checked.errors);
      return;
    }
    form.reset();
    form.setBusy(true);
    try {
      await changePassword(checked.data);
      form.setValues(EMPTY);
      setDone(true);
    } catch (err) {
      const failure = submitFailure(err, locale, { summary: t('form.summaryTitle'), network: t('form.networkError') }, { 'wrong-password': 'current_password' });
      form.fail(failure.title, failure.fields);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <div className="page profile-page">
      <div className="container account-narrow-profile">
        <header className="page-header">
          <h1>{t('password.title')}</h1>
          <p className="lead">{t('password.lead')}</p>
        </header>
        <form className="card stack" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
          {form.summary && <ErrorSummary ref={form.summaryRef} title={form.summary} items={form.summaryItems(labels)} />}
          {done && (
            <p ref={doneRef} tabIndex={-1} className="notice notice-success" role="status">
              {t('password.done')}
            </p>
          )}
          <div>
            {FIELDS.map((name) => (
              <TextField
                key={name}
                id={form.id(name)}
                name={name}
                type="password"
                autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
                label={labels[name]}
                hint={name === 'password' ? t('register.passwordHint') : undefined}
                value={form.values[name]}
                onChange={(e) => form.set(name, e.target.value)}
                error={form.errors[name]}
                disabled={form.busy}
                required
              />
            ))}
          </div>
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={form.busy}>
              {t('password.submit')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
