/**
 * E-mail confirmation. With ?token= it confirms the registration address (with
 * ?kind=email-change&token= an e-mail change, after which every session has ended and the user
 * logs in with the new address). Without a token it explains and offers to send the link again.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { emailField } from '../../../shared/schemas/account';
import { refreshUser, useShell } from '../../session/shell-store';
import { FormSummary, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { useFormState } from '../../lib/use-form-state';
import { confirmEmail, confirmEmailChange, resendConfirmation } from './accounts-api';
import './accounts.css';

type Outcome = { kind: 'pending' } | { kind: 'confirmed' } | { kind: 'email-changed'; email: string } | { kind: 'failed'; message: string };

/** A guest must name the address (the same rule as the server's resendConfirmationSchema, here required). */
const resendEmailSchema = z.object({ email: emailField });
const ownAddressSchema = z.object({ email: z.undefined().optional() });

/** A token is single-use: one request per token even when React runs the effect twice. */
const attempts = new Map<string, Promise<Outcome>>();

function confirmOnce(token: string, emailChange: boolean): Promise<Outcome> {
  const key = `${emailChange ? 'change' : 'confirm'}:${token}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = (emailChange ? confirmEmailChange(token) : confirmEmail(token)).then(
      async (data): Promise<Outcome> => {
        await refreshUser(); // verified now, or (e-mail change) logged out everywhere
        return emailChange ? { kind: 'email-changed', email: data.email } : { kind: 'confirmed' };
      },
      (err: unknown): Outcome => ({ kind: 'failed', message: err instanceof Error ? err.message : String(err) }),
    );
    attempts.set(key, attempt);
  }
  return attempt;
}

function TokenConfirmation({ token, emailChange }: { token: string; emailChange: boolean }) {
  const { t } = useTranslation('account');
  const path = useLocalizedPath();
  const { user } = useShell();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void confirmOnce(token, emailChange).then((o) => {
      if (live) setOutcome(o);
    });
    return () => {
      live = false;
    };
  }, [token, emailChange]);

  useEffect(() => {
    if (outcome.kind !== 'pending') resultRef.current?.focus();
  }, [outcome.kind]);

  if (outcome.kind === 'pending') {
    return (
      <p className="notice notice-info" role="status">
        {t('confirm.confirming')}
      </p>
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <>
        <div ref={resultRef} tabIndex={-1} className="notice notice-error" role="alert" data-testid="confirm-result">
          {outcome.message}
        </div>
        <ResendSection />
      </>
    );
  }
  const loggedIn = Boolean(user);
  const message = outcome.kind === 'email-changed' ? t('confirm.emailChanged', { email: outcome.email }) : loggedIn ? t('confirm.confirmed') : t('confirm.confirmedLogin');
  return (
    <>
      <div ref={resultRef} tabIndex={-1} className="notice notice-success" role="status" data-testid="confirm-result">
        {message}
      </div>
      <p className="actions account-after">
        {loggedIn && outcome.kind === 'confirmed' ? (
          <Link className="btn btn-primary" to={path('profileIzz')}>
            {t('confirm.toProfile')}
          </Link>
        ) : (
          <Link className="btn btn-primary" to={path('login')}>
            {t('confirm.toLogin')}
          </Link>
        )}
      </p>
    </>
  );
}

function ResendSection() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { user } = useShell();
  const form = useFormState('resend', { email: '' }, { labels: { email: t('fields.email') } });
  const [result, setResult] = useState<'sent' | 'error' | null>(null);
  const ownAddress = user && !user.email_verified_at ? user.email : null;

  const onSubmit = form.submit({
    // A logged-in, unconfirmed user's own address needs no field.
    schema: ownAddress ? ownAddressSchema : resendEmailSchema,
    input: (values) => (ownAddress ? {} : { email: values.email }),
    onStart: () => setResult(null),
    send: async (data) => {
      await resendConfirmation({ email: data.email, locale });
      setResult('sent');
    },
    onError: () => {
      setResult('error');
      return null;
    },
  });

  return (
    <section className="card account-section" aria-labelledby="resend-title">
      <h2 id="resend-title">{t('confirm.resendTitle')}</h2>
      <form className="stack" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
        <FormSummary form={form} />
        {ownAddress ? (
          <p>{t('confirm.resendOwn', { email: ownAddress })}</p>
        ) : (
          <>
            <p>{t('confirm.resendOther')}</p>
            <TextField {...form.field('email')} type="email" autoComplete="email" required />
          </>
        )}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>
            {t('confirm.resendButton')}
          </button>
        </div>
        <div aria-live="polite">
          {result === 'sent' && (
            <p className="notice notice-success" role="status" data-testid="resend-result">
              {t('confirm.sent')}
            </p>
          )}
          {result === 'error' && (
            <p className="notice notice-error" role="alert" data-testid="resend-result">
              {t('confirm.sendError')}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

export default function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const path = useLocalizedPath();
  const [params] = useSearchParams();
  const { user } = useShell();
  const token = params.get('token');
  const emailChange = params.get('kind') === 'email-change';
  useDocumentTitle(t('confirm.title'));

  return (
    <div className="page account-page">
      <div className="container account-narrow">
        <header className="page-header">
          <h1>{t('confirm.title')}</h1>
          {!token && <p className="lead">{t('confirm.lead')}</p>}
        </header>
        <div className="stack">
          {token ? (
            <TokenConfirmation key={token} token={token} emailChange={emailChange} />
          ) : user?.email_verified_at ? (
            <>
              <p className="notice notice-success">{t('confirm.alreadyConfirmed')}</p>
              <p>
                <Link className="btn btn-primary" to={path('profileIzz')}>
                  {t('confirm.toProfile')}
                </Link>
              </p>
            </>
          ) : (
            <>
              <p>{t('confirm.explain')}</p>
              <ResendSection />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
