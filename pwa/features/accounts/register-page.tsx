import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INDUSTRIES, MARKETS, type Market } from '../../../shared/constants';
import { registrationSchema } from '../../../shared/schemas/account';
import { useShell } from '../../app/shell-store';
import { CheckField, ErrorSummary, SelectField, TextField } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { ChallengeError, solveBotCheck } from '../../lib/altcha';
import { validateWith } from '../../lib/form-errors';
import { submitFailure } from '../../lib/submit-errors';
import { useFocusOnChange, useFormState } from '../../lib/use-form-state';
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

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const path = useLocalizedPath();
  const { config } = useShell();
  const form = useFormState<Values>('register', EMPTY);
  const { values, set, errors, id } = form;
  const [phase, setPhase] = useState<'idle' | 'botCheck' | 'sending'>('idle');
  const [doneEmail, setDoneEmail] = useState<string | null>(null);
  const successRef = useFocusOnChange<HTMLDivElement>(doneEmail);
  useDocumentTitle(t('register.title'));

  // The country defaults to the site's market until the user picks one.
  const country: Market = values.country || config?.market || 'hr';
  const labels = Object.fromEntries(FIELD_ORDER.map((f) => [f, t(`fields.${f}`)]));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.busy) return;
    const input = { ...values, country, locale, altcha: 'pending' };
    const checked = validateWith(registrationSchema, input, locale, t('form.invalid'));
    if (!checked.ok) {
      form.fail(t('form.summaryTitle'), checked.errors);
      return;
    }
    form.reset();
    form.setBusy(true);
    try {
      setPhase('botCheck');
      const altcha = await solveBotCheck(locale);
      setPhase('sending');
      await register({ ...checked.data, terms_accepted: true, altcha });
      setDoneEmail(checked.data.email);
    } catch (err) {
      if (err instanceof ChallengeError) form.fail(t('form.botCheckFailed'));
      else {
        const failure = submitFailure(err, locale, { summary: t('form.summaryTitle'), network: t('form.networkError') }, { 'email-taken': 'email' });
        form.fail(failure.title, failure.fields);
      }
    } finally {
      form.setBusy(false);
      setPhase('idle');
    }
  };

  if (doneEmail) {
    return (
      <div className="page account-page">
        <div className="container account-narrow">
          <header className="page-header">
            <h1>{t('register.successTitle')}</h1>
          </header>
          <div ref={successRef} tabIndex={-1} className="notice notice-success" role="status" data-testid="register-success">
            {t('register.successText', { email: doneEmail })}
          </div>
          <p className="hint account-after">{t('register.successHint')}</p>
          <p className="actions">
            <Link className="btn btn-secondary" to={path('confirmEmail')}>
              {t('register.toConfirm')}
            </Link>
            <Link className="btn btn-primary" to={path('login')}>
              {t('login.submit')}
            </Link>
          </p>
        </div>
      </div>
    );
  }

  const text = (name: TextName, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={id(name)}
      name={name}
      label={labels[name]}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      error={errors[name]}
      disabled={form.busy}
      required
      {...extra}
    />
  );

  return (
    <div className="page account-page">
      <div className="container account-wide">
        <header className="page-header">
          <h1>{t('register.title')}</h1>
          <p className="lead">{t('register.lead')}</p>
        </header>
        <form className="account-form" noValidate onSubmit={onSubmit} aria-busy={form.busy}>
          {form.summary && <ErrorSummary ref={form.summaryRef} title={form.summary} items={form.summaryItems(labels)} />}
          <fieldset className="form-section">
            <legend>{t('register.companySection')}</legend>
            <div className="form-grid">
              {text('company_name', { autoComplete: 'organization', className: 'span-2' })}
              <SelectField
                id={id('country')}
                name="country"
                label={labels.country}
                value={country}
                onChange={(e) => set('country', e.target.value as Market)}
                options={MARKETS.map((m) => ({ value: m, label: t(`markets.${m}`) }))}
                error={errors.country}
                disabled={form.busy}
              />
              {text('tax_number', { hint: t('register.taxHint', { country: t(`markets.${country}`), format: t(`taxFormat.${country}`) }), inputMode: 'numeric', autoComplete: 'off' })}
              <SelectField
                id={id('industry')}
                name="industry"
                label={labels.industry}
                value={values.industry}
                onChange={(e) => set('industry', e.target.value)}
                placeholder={t('form.choose')}
                options={INDUSTRIES.map((code) => ({ value: code, label: `${code} – ${t(`industries.${code}`)}` }))}
                error={errors.industry}
                disabled={form.busy}
                required
              />
              {text('activity', { hint: t('register.activityHint') })}
            </div>
          </fieldset>
          <fieldset className="form-section">
            <legend>{t('register.addressSection')}</legend>
            <div className="form-grid form-grid-address">
              {text('street', { autoComplete: 'address-line1' })}
              {text('house_number', { autoComplete: 'off' })}
              {text('city', { autoComplete: 'address-level2', className: 'span-2' })}
            </div>
          </fieldset>
          <fieldset className="form-section">
            <legend>{t('register.contactSection')}</legend>
            <div className="form-grid">
              {text('first_name', { autoComplete: 'given-name' })}
              {text('last_name', { autoComplete: 'family-name' })}
              {text('phone', { type: 'tel', autoComplete: 'tel' })}
              {text('email', { type: 'email', autoComplete: 'email' })}
            </div>
          </fieldset>
          <fieldset className="form-section">
            <legend>{t('register.accountSection')}</legend>
            <div className="form-grid">
              {text('password', { type: 'password', autoComplete: 'new-password', hint: t('register.passwordHint') })}
              {text('password_confirmation', { type: 'password', autoComplete: 'new-password' })}
            </div>
            <CheckField
              id={id('terms_accepted')}
              name="terms_accepted"
              label={
                <Trans t={t} i18nKey="register.termsText" components={{ 1: <Link to={path('termsOfService')} target="_blank" rel="noopener" /> }} />
              }
              checked={values.terms_accepted}
              onChange={(e) => set('terms_accepted', e.target.checked)}
              error={errors.terms_accepted}
              disabled={form.busy}
              required
            />
          </fieldset>
          <p className="hint">{t('register.botNote')}</p>
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={form.busy}>
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
