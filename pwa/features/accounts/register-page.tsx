import { useState, useSyncExternalStore } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { INDUSTRIES, MARKETS, type Market } from '../../../shared/constants';
import { registrationSchema } from '../../../shared/schemas/account';
import { useShell } from '../../session/shell-store';
import { CheckField, FormSummary, SelectField, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { ChallengeError, solveBotCheck } from '../../lib/altcha';
import { useFormState } from '../../lib/use-form-state';
import type { RegisteredState } from '../../lib/screen-handoff';
import { register } from './accounts-api';
import './accounts.css';

const FIELD_ORDER = [
  'company_name',
  'country',
  'tax_number',
  'industry',
  'activity',
  'street',
  'house_number',
  'city',
  'first_name',
  'last_name',
  'phone',
  'email',
  'password',
  'password_confirmation',
  'terms_accepted',
] as const;

type TextName = Exclude<(typeof FIELD_ORDER)[number], 'terms_accepted' | 'country'>;
type Values = Record<TextName, string> & { country: Market | ''; terms_accepted: boolean };

const EMPTY: Values = {
  company_name: '',
  country: '',
  tax_number: '',
  industry: '',
  activity: '',
  street: '',
  house_number: '',
  city: '',
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  password: '',
  password_confirmation: '',
  terms_accepted: false,
};

const noSubscription = () => () => undefined;

/** False in the server's HTML and while the app takes it over, true once it has (the form's checks are running). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const path = useLocalizedPath();
  const { config } = useShell();
  const labels = Object.fromEntries(FIELD_ORDER.map((f) => [f, t(`fields.${f}`)]));
  const form = useFormState<Values>('register', EMPTY, { labels });
  const [phase, setPhase] = useState<'idle' | 'botCheck' | 'sending'>('idle');
  const navigate = useNavigate();
  // The server renders this page: until the app has taken it over, its fields and button are disabled — what
  // was typed before would not be in the form's state, and a plain submit would put the fields (the password too) in
  // the address.
  const hydrated = useHydrated();
  useDocumentTitle(t('register.title'));

  // The country defaults to the site's market until the user picks one.
  const country: Market = form.values.country || config?.market || 'hr';

  const onSubmit = form.submit({
    schema: registrationSchema,
    input: (values) => ({ ...values, country, locale, altcha: 'pending' }),
    codeFields: { 'email-taken': 'email' },
    send: async (data) => {
      try {
        setPhase('botCheck');
        const altcha = await solveBotCheck(locale);
        setPhase('sending');
        await register({ ...data, terms_accepted: true, altcha });
        // The confirmation screen (success-user); the address travels in the history state, never in the URL.
        void navigate(path('successUser'), { state: { email: data.email } satisfies RegisteredState });
      } finally {
        setPhase('idle');
      }
    },
    onError: (err, failure) => (err instanceof ChallengeError ? { title: t('form.botCheckFailed'), fields: {} } : failure),
  });

  const text = (name: TextName, extra: Partial<Parameters<typeof TextField>[0]> = {}) => <TextField {...form.field(name)} required {...extra} />;

  return (
    <div className="page account-page">
      <div className="container account-wide">
        <header className="page-header">
          <h1>{t('register.title')}</h1>
          <p className="lead">{t('register.lead')}</p>
        </header>
        <form className="account-form" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
          <FormSummary form={form} />
          <fieldset className="form-section" disabled={!hydrated}>
            <legend>{t('register.companySection')}</legend>
            <div className="form-grid">
              {text('company_name', { autoComplete: 'organization', className: 'span-2' })}
              <SelectField {...form.field('country')} value={country} options={MARKETS.map((m) => ({ value: m, label: t(`markets.${m}`) }))} />
              {text('tax_number', { hint: t('register.taxHint', { country: t(`markets.${country}`), format: t(`taxFormat.${country}`) }), inputMode: 'numeric', autoComplete: 'off' })}
              <SelectField
                {...form.field('industry')}
                placeholder={t('form.choose')}
                options={INDUSTRIES.map((code) => ({ value: code, label: `${code} – ${t(`industries.${code}`)}` }))}
                required
              />
              {text('activity', { hint: t('register.activityHint') })}
            </div>
          </fieldset>
          <fieldset className="form-section" disabled={!hydrated}>
            <legend>{t('register.addressSection')}</legend>
            <div className="form-grid form-grid-address">
              {text('street', { autoComplete: 'address-line1' })}
              {text('house_number', { autoComplete: 'off' })}
              {text('city', { autoComplete: 'address-level2', className: 'span-2' })}
            </div>
          </fieldset>
          <fieldset className="form-section" disabled={!hydrated}>
            <legend>{t('register.contactSection')}</legend>
            <div className="form-grid">
              {text('first_name', { autoComplete: 'given-name' })}
              {text('last_name', { autoComplete: 'family-name' })}
              {text('phone', { type: 'tel', autoComplete: 'tel' })}
              {text('email', { type: 'email', autoComplete: 'email' })}
            </div>
          </fieldset>
          <fieldset className="form-section" disabled={!hydrated}>
            <legend>{t('register.accountSection')}</legend>
            <div className="form-grid">
              {text('password', { type: 'password', autoComplete: 'new-password', hint: t('register.passwordHint') })}
              {text('password_confirmation', { type: 'password', autoComplete: 'new-password' })}
            </div>
            <CheckField
              {...form.check('terms_accepted')}
              label={<Trans t={t} i18nKey="register.termsText" components={{ 1: <Link to={path('termsOfService')} target="_blank" rel="noopener" /> }} />}
              required
            />
          </fieldset>
          <p className="hint">{t('register.botNote')}</p>
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={form.busy || !hydrated}>
              {t('register.submit')}
            </button>
            <p className="form-status" role="status" aria-live="polite">
              {phase === 'botCheck' && t('form.botCheck')}
              {phase === 'sending' && t('form.sending')}
            </p>
          </div>
        </form>
        <p className="account-after">
          {t('register.haveAccount')} <Link to={path('login')}>{t('register.loginLink')}</Link>
        </p>
      </div>
    </div>
  );
}
