import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema } from '../../../shared/schemas/account';
import { FormSummary, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { changePassword } from './profile-api';
import './profile.css';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** A password change needs the current password and ends every other session (server). */
export default function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const labels = { current_password: t('fields.current_password'), password: t('fields.new_password'), password_confirmation: t('fields.password_confirmation') };
  const form = useFormState('password', EMPTY, { labels });
  const [done, setDone] = useState(false);
  const doneRef = useFocusOnChange<HTMLParagraphElement>(done);
  useDocumentTitle(t('password.title'));

  const onSubmit = form.submit({
    schema: changePasswordSchema,
    codeFields: { 'wrong-password': 'current_password' },
    onStart: () => setDone(false),
    send: async (data) => {
      await changePassword(data);
      form.setValues(EMPTY);
      setDone(true);
    },
  });

  return (
    <div className="page profile-page">
      <div className="container account-narrow-profile">
        <header className="page-header">
          <h1>{t('password.title')}</h1>
          <p className="lead">{t('password.lead')}</p>
        </header>
        <form className="card stack" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
          <FormSummary form={form} />
          {done && (
            <p ref={doneRef} tabIndex={-1} className="notice notice-success" role="status">
              {t('password.done')}
            </p>
          )}
          <div>
            {FIELDS.map((name) => (
              <TextField
                key={name}
                {...form.field(name)}
                type="password"
                autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
                hint={name === 'password' ? t('register.passwordHint') : undefined}
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
