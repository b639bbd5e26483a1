import { useTranslation } from 'react-i18next';
import { ContactInput, ContactMessage, FIELDS } from './contact-fields';
import type { FieldMessage } from './contact-validation';
import { useContactForm } from './use-contact-form';

/** The contact form: the fields, the form's notice, and the success message with "send another". */
export function ContactForm() {
  const { t } = useTranslation('pages');
  const { values, errors, status, setStatus, formError, busy, formRef, successRef, errorRef, onChange, onSubmit } = useContactForm();
  const notice = (m: FieldMessage) => ('text' in m ? m.text : t(`contact.status.${m.key}`));

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

  return (
    <form ref={formRef} className="contact-form stack" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {formError && (
        <div ref={errorRef} tabIndex={-1} className="notice notice-error" role="alert">
          {notice(formError)}
        </div>
      )}
      <div className="contact-grid">
        {FIELDS.map((f) => (
          <ContactInput key={f.name} f={f} value={values[f.name]} error={errors[f.name]} busy={busy} onChange={onChange(f.name)} />
        ))}
      </div>
      <ContactMessage value={values.message} error={errors.message} busy={busy} onChange={onChange('message')} />
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
