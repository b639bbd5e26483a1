import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '../../../shared/schemas/account';
import { FormSummary, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
import { forgotPassword } from './accounts-api';
import './accounts.css';

/** Answers the same whether or not the address has an account (no account enumeration). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const path = useLocalizedPath();
  const form = useFormState('forgot', { email: '' }, { labels: { email: t('fields.email') } });
  const [sent, setSent] = useState(false);
  const sentRef = useFocusOnChange<HTMLDivElement>(sent);
  useDocumentTitle(t('forgot.title'));

  const onSubmit = form.submit({
    schema: forgotPasswordSchema,
    input: (values) => ({ email: values.email, locale }),
    send: async (data) => {
      await forgotPassword(data);
      setSent(true);
    },
  });

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
            <FormSummary form={form} />
            <TextField {...form.field('email')} type="email" autoComplete="email" required />
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
