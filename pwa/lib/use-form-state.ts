/**
 * The state every form shares: values, field errors, the form-level summary (focused after a failed
 * submit) and the busy flag that disables the submit button while sending.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SummaryItem } from '../components/ui/form';
import { fieldId, type FieldErrors } from './form-errors';

export function useFormState<V extends object>(formName: string, initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusTick, setFocusTick] = useState(0);

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

  const summaryItems = (labels: Record<string, string>): SummaryItem[] =>
    Object.entries(errors).map(([path, message]) => ({ id: fieldId(formName, path), label: labels[path] ?? path, message }));

  return { values, setValues, set, errors, setErrors, summary, fail, reset, busy, setBusy, summaryRef, id, summaryItems };
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
