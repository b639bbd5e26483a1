import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/constants';
import type { ContactField, FieldMessage } from './contact-validation';

export interface FieldDef {
  name: ContactField;
  autoComplete: string;
  type: 'text' | 'email' | 'tel';
  optional?: boolean;
  hint?: boolean;
  maxLength: number;
}

/** Field order and HTML attributes. maxLength leaves room above the schema limits so the schema's message is shown. */
export const FIELDS: FieldDef[] = [
  { name: 'name', autoComplete: 'name', type: 'text', maxLength: 200 },
  { name: 'email', autoComplete: 'email', type: 'email', hint: true, maxLength: 300 },
  { name: 'company', autoComplete: 'organization', type: 'text', optional: true, maxLength: 250 },
  { name: 'phone', autoComplete: 'tel', type: 'tel', optional: true, maxLength: 60 },
];

export const fieldId = (name: ContactField) => `contact-${name}`;

/** A field message's text: the server's own, or the locale's. */
export function useFieldText(): (m: FieldMessage) => string {
  const { t } = useTranslation('pages');
  return (m) => ('text' in m ? m.text : t(`contact.errors.${m.key}`, m.params));
}

interface FieldProps {
  value: string;
  error: FieldMessage | undefined;
  busy: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** One of the short fields, with its label, optional hint and error tied to it. */
export function ContactInput({ f, value, error, busy, onChange }: FieldProps & { f: FieldDef }) {
  const { t } = useTranslation('pages');
  const text = useFieldText();
  const id = fieldId(f.name);
  const hintId = f.hint ? `${id}-hint` : undefined;
  const errId = error ? `${id}-error` : undefined;
  const describedBy = [errId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {t(`contact.form.${f.name}`)}
        {f.optional && <span className="contact-optional"> ({t('contact.form.optional')})</span>}
      </label>
      <input
        id={id}
        name={f.name}
        type={f.type}
        autoComplete={f.autoComplete}
        value={value}
        onChange={onChange}
        required={!f.optional}
        maxLength={f.maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={busy}
      />
      {f.hint && (
        <p id={hintId} className="hint">
          {t(`contact.form.${f.name}Hint`)}
        </p>
      )}
      {error && (
        <p id={errId} className="field-error">
          {text(error)}
        </p>
      )}
    </div>
  );
}

/** The message, with its length hint and error. */
export function ContactMessage({ value, error, busy, onChange }: FieldProps) {
  const { t } = useTranslation('pages');
  const text = useFieldText();
  const id = fieldId('message');
  return (
    <div className="field">
      <label htmlFor={id}>{t('contact.form.message')}</label>
      <textarea
        id={id}
        name="message"
        rows={7}
        value={value}
        onChange={onChange}
        required
        maxLength={LIMITS.contactMessageMaxLength + 100}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')}
        disabled={busy}
      />
      <p id={`${id}-hint`} className="hint">
        {t('contact.form.messageHint', { max: LIMITS.contactMessageMaxLength })}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {text(error)}
        </p>
      )}
    </div>
  );
}
