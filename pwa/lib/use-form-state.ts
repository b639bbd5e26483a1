/**
 * The form kit every form shares. useFormState holds the values, field errors, the form-level
 * summary (focused after a failed submit) and the busy flag that disables the controls while
 * sending; `field`/`check` wire a control to one value (label, id, value, onChange, error, disabled;
 * the components in components/ui/form add aria-invalid and aria-describedby), and `submit` runs
 * one submit: the shared zod schema in the page's language first (nothing is sent while it fails),
 * then the call, then the server's field errors mapped back to their fields.
 * The form texts (summary title, network error, fallback field message) are the account
 * namespace's `form.*` keys.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { SummaryItem } from '../components/ui/form';
import { useLocale } from '../i18n/use-locale';
import { fieldId, validateWith, type FieldErrors } from './form-errors';
import { submitFailure, type SubmitFailure } from './submit-errors';

export interface FormOptions {
  /** Each field's label by path: the field wiring and the summary's links use them. */
  labels?: Record<string, string>;
}

export interface SubmitSpec<V, S extends z.ZodType> {
  /** The shared schema the server validates with too. */
  schema: S;
  /** The schema's input from the values (fields the page adds, such as locale); the values by default. */
  input?: (values: V) => unknown;
  /** The call, with the parsed values. */
  send: (data: z.output<S>) => Promise<unknown>;
  /** Which field an error code belongs to, e.g. { 'email-taken': 'email' }. */
  codeFields?: Record<string, string>;
  /** Runs first on every submit (e.g. hides the last success notice). */
  onStart?: () => void;
  /** Sees a failed call first: returns what to show, or null when it showed the failure itself. */
  onError?: (err: unknown, failure: SubmitFailure) => SubmitFailure | null;
  /** The page leaves after a success: the controls stay disabled until it has. */
  busyAfterSuccess?: boolean;
}

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

export function useFormState<V extends object>(formName: string, initial: V | (() => V), options: FormOptions = {}) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  const labels = options.labels ?? {};

  useEffect(() => {
    if (focusTick > 0) summaryRef.current?.focus();
  }, [focusTick]);

  /** Sets one value and clears that field's error. */
  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((errs) => {
      if (!errs[name as string]) return errs;
      const { [name as string]: _removed, ...rest } = errs;
      return rest;
    });
  }, []);

  /** Shows the errors and the summary, and moves the focus to the summary. */
  const fail = useCallback((title: string, fieldErrors: FieldErrors = {}) => {
    setErrors(fieldErrors);
    setSummary(title);
    setFocusTick((n) => n + 1);
  }, []);

  const reset = useCallback(() => {
    setErrors({});
    setSummary(null);
  }, []);

  const id = useCallback((path: string) => fieldId(formName, path), [formName]);

  const summaryItems = (itemLabels: Record<string, string> = labels): SummaryItem[] =>
    Object.entries(errors).map(([path, message]) => ({ id: fieldId(formName, path), label: itemLabels[path] ?? path, message }));

  /** The props of a text field, textarea or select bound to one string value. */
  const field = <K extends KeysOf<V, string>>(name: K) => ({
    id: id(name),
    name,
    label: labels[name] ?? name,
    value: values[name] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, e.target.value as V[K]),
    error: errors[name],
    disabled: busy,
  });

  /** The props of a checkbox bound to one boolean value. */
  const check = <K extends KeysOf<V, boolean>>(name: K) => ({
    id: id(name),
    name,
    label: labels[name] ?? name,
    checked: values[name] as boolean,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.checked as V[K]),
    error: errors[name],
    disabled: busy,
  });

  /** The form's onSubmit: check with the schema, send, show what failed. */
  const submit =
    <S extends z.ZodType>(spec: SubmitSpec<V, S>) =>
    async (e: FormEvent) => {
      e.preventDefault();
      if (busy) return;
      spec.onStart?.();
      const summaryTitle = t('form.summaryTitle');
      const checked = validateWith(spec.schema, spec.input ? spec.input(values) : values, locale, t('form.invalid'));
      if (!checked.ok) {
        fail(summaryTitle, checked.errors);
        return;
      }
      reset();
      setBusy(true);
      try {
        await spec.send(checked.data);
        if (!spec.busyAfterSuccess) setBusy(false);
      } catch (err) {
        const failure = submitFailure(err, locale, { summary: summaryTitle, network: t('form.networkError') }, spec.codeFields);
        const shown = spec.onError ? spec.onError(err, failure) : failure;
        if (shown) fail(shown.title, shown.fields);
        setBusy(false);
      }
    };

  return { values, setValues, set, errors, setErrors, summary, fail, reset, busy, setBusy, summaryRef, id, summaryItems, field, check, submit };
}

/**
 * A ref that takes the focus after the render in which `key` became (or changed to another) truthy
 * value: success notices and results are announced and focused once they are on screen.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key) ref.current?.focus();
  }, [key]);
  return ref;
}
