import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/error-messages';
import { resetPasswordSchema } from '../../../shared/schemas/account';
import { FormSummary, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { resetPassword } from './accounts-api';
import { tokenExpired } from './token';
import './accounts.css';

const FIELDS = ['password', 'password_confirmation'] as const;

export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const path = useLocalizedPath();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const labels = { password: t('fields.new_password'), password_confirmation: t('fields.password_confirmation') };
  const form = useFormState('reset', { password: '', password_confirmation: '' }, { labels });
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(() => (!token || tokenExpired(token) ? errorMessage('invalid-token', locale) : null));
  const doneRef = useFocusOnChange<HTMLDivElement>(done);
  const invalidRef = useFocusOnChange<HTMLDivElement>(invalid);
  useDocumentTitle(t('reset.title'));

  const onSubmit = form.submit({
    schema: resetPasswordSchema,
    input: (values) => ({ ...values, token }),
    send: async (data) => {
      await resetPassword(data);
      setDone(true);
    },
    onError: (err, failure) => {
      if (err instanceof Error && 'code' in err && err.code === 'invalid-token') {
        setInvalid(failure.title);
        return null;
      }
      return failure;
    },
  });

  return (
    <div className="page account-page">
      <div className="container account-narrow">
        <header className="page-header">
          <h1>{t('reset.title')}</h1>
          {!done && !invalid && <p className="lead">{t('reset.lead')}</p>}
        </header>
        {done ? (
          <>
            <div ref={doneRef} tabIndex={-1} className="notice notice-success" role="status" data-testid="reset-done">
              {t('reset.done')}
            </div>
            <p className="account-after">
              <Link className="btn btn-primary" to={path('login')}>
                {t('reset.toLogin')}
              </Link>
            </p>
          </>
        ) : invalid ? (
          <>
            <div ref={invalidRef} tabIndex={-1} className="notice notice-error" role="alert" data-testid="reset-invalid">
              {invalid}
            </div>
            <p className="account-after">
              <Link className="btn btn-primary" to={path('forgotPassword')}>
                {t('reset.requestNew')}
              </Link>
            </p>
          </>
        ) : (
          <form className="account-form card" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
            <FormSummary form={form} />
            {FIELDS.map((name) => (
              <TextField
                key={name}
                {...form.field(name)}
                type="password"
                autoComplete="new-password"
                hint={name === 'password' ? t('register.passwordHint') : undefined}
                required
              />
            ))}
            <div className="actions">
              <button type="submit" className="btn btn-primary" disabled={form.busy}>
                {t('reset.submit')}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
