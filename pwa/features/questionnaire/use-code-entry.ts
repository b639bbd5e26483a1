/**
 * What the code entry does: the typed code (or the one in ?code=), its checks, sending it (or taking the answer the early
 * script or the server's plain form already has), opening the questionnaire, and the offer to continue a questionnaire
 * this device has started. Light like the page: no zod, no schemas, no banks; the store and the flow are loaded later.
 */
import { useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { normalizeAccessCode } from '../../../shared/access-codes';
import { CODE_FORM_STATE_KEY } from '../../../shared/constants';
import type { CodeFormState } from '../../../shared/schemas/questionnaire';
import { ApiError, dataOf, getData } from '../../lib/api';
import { takeEarlyCodeSubmit } from '../../lib/early-code-submit';
import { useLocale } from '../../i18n/use-locale';
import { forgetRenderedPageState, serverRendered, SsrDataContext, useRenderedPageState } from '../../lib/ssr-data';
import { hasLocalStore } from '../../sync/boot';
import type { Resumable } from './entry-actions';

/** The seconds to wait a 429 of code entry names (details.retry_after_seconds), or null. */
function retryAfterSeconds(details: unknown): number | null {
  const seconds = typeof details === 'object' && details !== null ? (details as { retry_after_seconds?: unknown }).retry_after_seconds : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The refusal the server rendered the form with (a plain form submit before the JavaScript had arrived). */
function formError(t: (key: string, vars?: Record<string, unknown>) => string, answer: CodeFormState | undefined): string | null {
  if (!answer || !('error' in answer)) return null;
  const { error } = answer;
  if (error.kind === 'required') return t('entry.required');
  if (error.kind === 'invalid-format') return t('entry.invalidFormat');
  if (error.kind === 'rate-limited') return t('entry.tooManyWrong', { count: Math.ceil((error.retryAfterSeconds ?? 60) / 60) });
  return error.message ?? t('entry.failed');
}

export function useCodeEntry() {
  const { t, ready } = useTranslation('questionnaire');
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const inputRef = useRef<HTMLInputElement>(null);
  const onServer = useContext(SsrDataContext) !== null;
  const answer = useRenderedPageState(CODE_FORM_STATE_KEY) as CodeFormState | undefined;
  const accepted = answer && 'access' in answer ? answer.access : undefined;
  const [code, setCode] = useState(() => (answer && 'code' in answer ? answer.code : (params.get('code') ?? '')));
  const [error, setError] = useState<string | null>(() => formError(t, answer));
  const [busy, setBusy] = useState(accepted !== undefined);
  // The server renders the form (nothing on the server knows this device's saved answers) and the browser starts
  // from what the server rendered; a device with an unfinished questionnaire then gets the offer to continue.
  const [resume, setResume] = useState<Resumable | null | undefined>(() => (onServer || serverRendered() ? null : undefined));

  // One code at a time: the app's own submit, the early script's (sent before the app ran) and the server's answer to
  // the plain form all go on through proceed(), once.
  const inFlight = useRef(false);

  /** The code's answer (the access, or an ApiError): store it, open the questionnaire, or say why not. */
  async function proceed(answer: () => Promise<unknown>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const data = await answer();
      // Checked with the shared schema in entry-actions: the code-entry chunk stays free of zod (docs/decisions/0010-respondent-questionnaire.md, Budget).
      const actions = await import('./entry-actions');
      navigate(await actions.openQuestionnaire(data, locale), { replace: true });
    } catch (err) {
      inFlight.current = false;
      setBusy(false);
      failFrom(err);
    }
  }

  function failFrom(err: unknown) {
    if (err instanceof ApiError && err.network) return fail(typeof navigator !== 'undefined' && !navigator.onLine ? t('entry.offline') : t('entry.failed'));
    // Too many wrong codes from this address (a shared network): say how long to wait.
    const wait = err instanceof ApiError && err.code === 'rate-limited' ? retryAfterSeconds(err.details) : null;
    if (wait !== null) return fail(t('entry.tooManyWrong', { count: Math.ceil(wait / 60) }));
    if (err instanceof ApiError) return fail(err.message);
    fail(err instanceof Error ? t('entry.storage', { reason: err.message }) : t('entry.failed'));
  }

  /** The same checks of the typed code as a submit here; null when it may be sent. */
  function refusal(typed: string): string | null {
    if (!typed.trim()) return t('entry.required');
    return normalizeAccessCode(typed) ? null : t('entry.invalidFormat');
  }

  useEffect(() => {
    // What was typed into the server's field before the app took the page over (hydration keeps the field's text, not
    // the state): the form goes on with it.
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== code) setCode(typed);
    // The code was accepted by the server's answer to the plain form: store the access and go on, as a submit here would.
    if (accepted !== undefined) {
      forgetRenderedPageState(CODE_FORM_STATE_KEY);
      void proceed(() => Promise.resolve(accepted));
      return;
    }
    // A code the early script sent before the app ran: its answer goes on as this page's own submit would.
    const early = takeEarlyCodeSubmit();
    if (early) {
      const refused = refusal(early.code);
      if (refused) fail(refused);
      else void proceed(() => dataOf(early.response, locale));
    }
    // Once, for the page as it was rendered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (accepted !== undefined) return;
    let live = true;
    void (async () => {
      try {
        if (!(await hasLocalStore())) {
          if (live) setResume(null);
          return;
        }
        const actions = await import('./entry-actions');
        const found = await actions.findResumable(null);
        if (live) setResume(found);
      } catch {
        if (live) setResume(null);
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current) return;
    // A submit React replays after hydrating may follow the early script's: that one's answer is used.
    const early = takeEarlyCodeSubmit();
    if (early) return void proceed(() => dataOf(early.response, locale));
    const refused = refusal(code);
    if (refused) return fail(refused);
    void proceed(() => getData<unknown>('/api/questionnaire/access', { method: 'POST', body: { code: normalizeAccessCode(code) }, locale }));
  }

  function fail(message: string) {
    setError(message);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  async function discard() {
    if (!resume) return;
    const actions = await import('./entry-actions');
    await actions.discard(resume.draftId);
    setResume(null);
  }

  return { t, ready, locale, navigate, pathname, inputRef, accepted, code, setCode, error, busy, resume, submit, discard };
}
