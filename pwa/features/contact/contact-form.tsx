import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants';
import { useLocale } from '../../i18n/use-locale';
import { ChallengeError, fetchChallenge, sendContactMessage, solveToPayload } from './contact-api';
import {
  CONTACT_FIELDS,
  EMPTY_CONTACT_VALUES,
  fieldErrorsFromServer,
  validateContact,
  type ContactField,
  type ContactValues,
  type FieldErrors,
  type FieldMessage,
} from './contact-validation';

type Status = 'idle' | 'verifying' | 'sending' | 'success';

interface FieldDef {
  name: ContactField;
  autoComplete: string;
  type: 'text' | 'email' | 'tel';
  optional?: boolean;
  hint?: boolean;
  maxLength: number;
}

/** Field order and HTML attributes. maxLength leaves room above the schema limits so the schema's message is shown. */
const FIELDS: FieldDef[] = [
  { name: 'name', autoComplete: 'name', type: 'text', maxLength: 200 },
  { name: 'email', autoComplete: 'email', type: 'email', hint: true, maxLength: 300 },
  { name: 'company', autoComplete: 'organization', type: 'text', optional: true, maxLength: 250 },
  { name: 'phone', autoComplete: 'tel', type: 'tel', optional: true, maxLength: 60 },
];

const fieldId = (name: ContactField) => `contact-${name}`;

export function ContactForm() {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [formError, setFormError] = useState<FieldMessage | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  /** What to focus after the next render: the form-level error or a field (inputs are disabled while busy). */
  const pendingFocus = useRef<'error' | ContactField | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    if (status === 'success') successRef.current?.focus();
  }, [status]);

  const busy = status === 'verifying' || status === 'sending';
  const text = (m: FieldMessage) => ('text' in m ? m.text : t(`contact.errors.${m.key}`, m.params));
  const notice = (m: FieldMessage) => ('text' in m ? m.text : t(`contact.status.${m.key}`));

  const onChange = (name: ContactField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _removed, ...rest }) => rest);
  };

  const focusFirstInvalid = (errs: FieldErrors) => {
    pendingFocus.current = CONTACT_FIELDS.find((f) => errs[f]) ?? 'error';
  };

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'error') errorRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>(`#${fieldId(target)}`)?.focus();
  });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    const checked = validateContact(values, locale);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError({ key: 'invalid' });
      focusFirstInvalid(checked.errors);
      return;
    }
    setErrors({});
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      setStatus('verifying');
      const challenge = await fetchChallenge(locale, controller.signal);
      const altcha = await solveToPayload(challenge);
      if (controller.signal.aborted) return;
      setStatus('sending');
      const d = checked.data;
      const result = await sendContactMessage(
        { name: d.name, email: d.email, company: d.company, phone: d.phone, message: d.message, locale, altcha },
        controller.signal,
      );
      if (result.ok) {
        setValues(EMPTY_CONTACT_VALUES);
        setStatus('success');
        return;
      }
      setStatus('idle');
      if (result.network) {
        pendingFocus.current = 'error';
        setFormError({ key: 'networkError' });
      } else {
        const serverErrors = fieldErrorsFromServer(result.details);
        setErrors(serverErrors);
        setFormError(result.message ? { text: result.message } : { key: 'networkError' });
        focusFirstInvalid(serverErrors);
      }
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setStatus('idle');
      pendingFocus.current = 'error';
      setFormError({ key: err instanceof ChallengeError ? 'challengeError' : 'networkError' });
    }
  };

  if (status === 'success') {
    return (
      <div className="contact-success">
        <div ref={successRef} tabIndex={-1} className="notice notice-success" role="status">
          {t('contact.status.success')}
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setStatus('idle')}>
          {t('contact.status.sendAnother')}
        </button>
      </div>
    );
  }

  const renderField = (f: FieldDef) => {
    const id = fieldId(f.name);
    const err = errors[f.name];
    const hintId = f.hint ? `${id}-hint` : undefined;
    const errId = err ? `${id}-error` : undefined;
    const describedBy = [errId, hintId].filter(Boolean).join(' ') || undefined;
    return (
      <div key={f.name} className="field">
        <label htmlFor={id}>
          {t(`contact.form.${f.name}`)}
          {f.optional && <span className="contact-optional"> ({t('contact.form.optional')})</span>}
        </label>
        <input
          id={id}
          name={f.name}
          type={f.type}
          autoComplete={f.autoComplete}
          value={values[f.name]}
          onChange={onChange(f.name)}
          required={!f.optional}
          maxLength={f.maxLength}
          aria-invalid={err ? true : undefined}
          aria-describedby={describedBy}
          disabled={busy}
        />
        {f.hint && (
          <p id={hintId} className="hint">
            {t(`contact.form.${f.name}Hint`)}
          </p>
        )}
        {err && (
          <p id={errId} className="field-error">
            {text(err)}
          </p>
        )}
      </div>
    );
  };

  const messageErr = errors.message;
  const messageId = fieldId('message');

  return (
    <form ref={formRef} className="contact-form stack" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {formError && (
        <div ref={errorRef} tabIndex={-1} className="notice notice-error" role="alert">
          {notice(formError)}
        </div>
      )}
      <div className="contact-grid">{FIELDS.map(renderField)}</div>
      <div className="field">
        <label htmlFor={messageId}>{t('contact.form.message')}</label>
        <textarea
          id={messageId}
          name="message"
          rows={7}
          value={values.message}
          onChange={onChange('message')}
          required
          maxLength={LIMITS.contactMessageMaxLength + 100}
          aria-invalid={messageErr ? true : undefined}
          aria-describedby={[messageErr ? `${messageId}-error` : '', `${messageId}-hint`].filter(Boolean).join(' ')}
          disabled={busy}
        />
        <p id={`${messageId}-hint`} className="hint">
          {t('contact.form.messageHint', { max: LIMITS.contactMessageMaxLength })}
        </p>
        {messageErr && (
          <p id={`${messageId}-error`} className="field-error">
            {text(messageErr)}
          </p>
        )}
      </div>
      <p className="hint">{t('contact.form.powNote')}</p>
      <div className="contact-submit">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('contact.form.submit')}
        </button>
        <p className="contact-status" role="status" aria-live="polite">
          {status === 'verifying' && t('contact.status.verifying')}
          {status === 'sending' && t('contact.status.sending')}
        </p>
      </div>
    </form>
  );
}
