import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../../shared/schemas/account';
import { ErrorSummary, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { validateWith } from '../../lib/form-errors';
import { submitFailure } from '../../lib/submit-errors';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { forgotPassword } from './accounts-api';
import './accounts.css';

/** Answers the same whether or not the address has an account (no account enumeration). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const path = useLocalizedPath();
  const form = useFormState('forgot', { email: '' });
  const [sent, setSent] = useState(false);
  const sentRef = useFocusOnChange<HTMLDivElement>(sent);
  useDocumentTitle(t('forgot.title'));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.busy) return;
    const checked = validateWith(forgotPasswordSchema, { email: form.values.email, locale }, locale, t('form.invalid'));
    if (!checked.ok) {
      form.fail(t('form.summaryTitle'), checked.errors);
      return;
    }
    form.reset();
    form.setBusy(true);
    try {
      await forgotPassword(checked.data);
      setSent(true);
    } catch (err) {
      const failure = submitFailure(err, locale, { summary: t('form.summaryTitle'), network: t('form.networkError') });
      form.fail(failure.title, failure.fields);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <div className="page account-page">
      <div className="container account-narrow">
        <header className="page-header">
          <h1>{t('forgot.title')}</h1>
          <p className="lead">{t('forgot.lead')}</p>
        </header>
        {sent ? (
          <div ref={sentRef} tabIndex={-1} className="notice notice-success" role="status" data-testid="forgot-sent">
            {t('forgot.sent')}
          </div>
        ) : (
          <form className="account-form card" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
            {form.summary && <ErrorSummary ref={form.summaryRef} title={form.summary} items={form.summaryItems({ email: t('fields.email') })} />}
            <TextField
              id={form.id('email')}
              name="email"
              type="email"
              autoComplete="email"
              label={t('fields.email')}
              value={form.values.email}
              onChange={(e) => form.set('email', e.target.value)}
              error={form.errors.email}
              disabled={form.busy}
              required
            />
            <div className="actions">
              <button type="submit" className="btn btn-primary" disabled={form.busy}>
                {t('forgot.submit')}
              </button>
            </div>
          </form>
        )}
        <p className="account-after">
          <Link to={path('login')}>{t('forgot.backToLogin')}</Link>
        </p>
      </div>
    </div>
  );
}
