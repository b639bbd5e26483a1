import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { localizedPath } from '../../../shared/routes';
import { loginSchema } from '../../../shared/schemas/account';
import { afterLoginPath } from '../../app/guards';
import { setUser } from '../../app/shell-store';
import { ErrorSummary, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { deviceMeta } from '../../lib/device';
import { validateWith } from '../../lib/form-errors';
import { submitFailure } from '../../lib/submit-errors';
import { useFormState } from '../../lib/use-form-state';
import { login } from './accounts-api';
import './accounts.css';

const FIELDS = ['email', 'password'] as const;

export default function LoginPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useFormState('login', { email: '', password: '' });
  const { values, set, errors, id } = form;
  useDocumentTitle(t('login.title'));
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)]));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.busy) return;
    const input = { ...values, device: deviceMeta() };
    const checked = validateWith(loginSchema, input, locale, t('form.invalid'));
    if (!checked.ok) {
      form.fail(t('form.summaryTitle'), checked.errors);
      return;
    }
    form.reset();
    form.setBusy(true);
    try {
      const user = await login(checked.data);
      setUser(user);
      // An unverified address goes to the confirmation page first; the rest to ?next= or the survey profile.
      navigate(user.email_verified_at ? afterLoginPath(params.get('next'), locale) : localizedPath('confirmEmail', locale), { replace: true });
    } catch (err) {
      const failure = submitFailure(err, locale, { summary: t('form.summaryTitle'), network: t('form.networkError') });
      form.fail(failure.title, failure.fields);
      form.setBusy(false);
    }
  };

  return (
    <div className="page account-page">
      <div className="container account-narrow">
        <header className="page-header">
          <h1>{t('login.title')}</h1>
          <p className="lead">{t('login.lead')}</p>
        </header>
        <form className="account-form card" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
          {form.summary && <ErrorSummary ref={form.summaryRef} title={form.summary} items={form.summaryItems(labels)} />}
          <TextField
            id={id('email')}
            name="email"
            type="email"
            autoComplete="username"
            label={labels.email}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            error={errors.email}
            disabled={form.busy}
            required
          />
          <TextField
            id={id('password')}
            name="password"
            type="password"
            autoComplete="current-password"
            label={labels.password}
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
            error={errors.password}
            disabled={form.busy}
            required
          />
          <div className="actions account-actions">
            <button type="submit" className="btn btn-primary" disabled={form.busy}>
              {t('login.submit')}
            </button>
            <Link to={path('forgotPassword')}>{t('login.forgot')}</Link>
          </div>
        </form>
        <p className="account-after">
          {t('login.noAccount')} <Link to={path('register')}>{t('login.registerLink')}</Link>
        </p>
      </div>
    </div>
  );
}
