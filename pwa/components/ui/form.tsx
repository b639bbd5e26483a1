/**
 * Form primitives: a labelled field with its hint and error beside it (aria-invalid and
 * aria-describedby wired), a select, a checkbox, and the form-level error summary that takes the
 * focus after a failed submit. Texts come from the caller, already in the page's language.
 * pwa/lib/use-form-state.ts binds them to a form's values (form.field(name), <FormSummary form={form} />).
 */
import { forwardRef, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldBase {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** The aria attributes a control needs to point at its error and hint. */
export function describedBy(id: string, error?: string, hint?: ReactNode): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { ...(error ? { 'aria-invalid': true as const } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
}

/** A field's hint and error, with the ids its control's aria-describedby names. */
export function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

type InputProps = FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

export function TextField({ id, label, error, hint, className, ...input }: InputProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...describedBy(id, error, hint)} {...input} />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

type TextareaProps = FieldBase & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

export function TextareaField({ id, label, error, hint, className, ...input }: TextareaProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} {...describedBy(id, error, hint)} {...input} />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

type SelectProps = FieldBase &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
    options: readonly { value: string; label: string }[];
    /** A first, empty option ("Choose…"). */
    placeholder?: string;
  };

export function SelectField({ id, label, error, hint, className, options, placeholder, ...select }: SelectProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} {...describedBy(id, error, hint)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

type CheckProps = FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'>;

export function CheckField({ id, label, error, hint, className, ...input }: CheckProps) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <div className="check">
        <input id={id} type="checkbox" {...describedBy(id, error, hint)} {...input} />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export interface SummaryItem {
  id: string;
  label: string;
  message: string;
}

/**
 * The form-level error summary: a title and one link per invalid field. It is focusable
 * (tabIndex -1) so the form can move the focus to it after a failed submit.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { title: string; items?: SummaryItem[] }>(function ErrorSummary({ title, items = [] }, ref) {
  return (
    <div ref={ref} tabIndex={-1} className="notice notice-error error-summary" role="alert">
      <p className="error-summary-title">{title}</p>
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(item.id)?.focus();
                }}
              >
                {item.label}: {item.message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});

/** The summary of a form from useFormState (pwa/lib/use-form-state.ts), when it has one. */
export function FormSummary({ form }: { form: { summary: string | null; summaryRef: Ref<HTMLDivElement>; summaryItems: () => SummaryItem[] } }) {
  return form.summary ? <ErrorSummary ref={form.summaryRef} title={form.summary} items={form.summaryItems()} /> : null;
}
