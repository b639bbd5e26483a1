import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { localizedPath } from '../../../shared/routes';
import { loginSchema } from '../../../shared/schemas/account';
import { afterLoginPath } from '../../session/guards';
import { setUser } from '../../session/shell-store';
import { FormSummary, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { deviceMeta } from '../../lib/device';
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
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)]));
  const form = useFormState('login', { email: '', password: '' }, { labels });
  useDocumentTitle(t('login.title'));

  const onSubmit = form.submit({
    schema: loginSchema,
    input: (values) => ({ ...values, device: deviceMeta() }),
    busyAfterSuccess: true,
    send: async (data) => {
      const user = await login(data);
      setUser(user);
      // An unverified address goes to the confirmation page first; the rest to ?next= or the survey profile.
      navigate(user.email_verified_at ? afterLoginPath(params.get('next'), locale) : localizedPath('confirmEmail', locale), { replace: true });
    },
  });

  return (
    <div className="page account-page">
      <div className="container account-narrow">
        <header className="page-header">
          <h1>{t('login.title')}</h1>
          <p className="lead">{t('login.lead')}</p>
        </header>
        <form className="account-form card" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
          <FormSummary form={form} />
          <TextField {...form.field('email')} type="email" autoComplete="username" required />
          <TextField {...form.field('password')} type="password" autoComplete="current-password" required />
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
