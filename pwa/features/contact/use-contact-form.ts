import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocale } from '../../i18n/use-locale';
import { ChallengeError, fetchChallenge, sendContactMessage, solveToPayload } from './contact-api';
import { fieldId } from './contact-fields';
import { CONTACT_FIELDS, EMPTY_CONTACT_VALUES, fieldErrorsFromServer, validateContact, type ContactField, type ContactValues, type FieldErrors, type FieldMessage } from './contact-validation';

export type ContactStatus = 'idle' | 'verifying' | 'sending' | 'success';

/**
 * The contact form's state and its sending: checked here first, then the proof of work, then the server (whose field
 * errors come back beside the fields). Focus goes to the first invalid field or to the form's error, after the render
 * that enables the inputs again.
 */
export function useContactForm() {
  const locale = useLocale();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<ContactStatus>('idle');
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
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'error') errorRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>(`#${fieldId(target)}`)?.focus();
  });

  const busy = status === 'verifying' || status === 'sending';

  const onChange = (name: ContactField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _removed, ...rest }) => rest);
  };

  const focusFirstInvalid = (errs: FieldErrors) => {
    pendingFocus.current = CONTACT_FIELDS.find((f) => errs[f]) ?? 'error';
  };

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
      const result = await sendContactMessage({ name: d.name, email: d.email, company: d.company, phone: d.phone, message: d.message, locale, altcha }, controller.signal);
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

  return { values, errors, status, setStatus, formError, busy, formRef, successRef, errorRef, onChange, onSubmit };
}
