/**
 * The code form's early submit. On a respondent's server-rendered code entry the server adds a tiny script
 * (pwa/early-code-form.ts, a few hundred bytes, loaded before the app): when the form is submitted before the app
 * has taken over the page, it sends the code to POST /api/questionnaire/access itself, instead of letting the browser
 * post the form and load the page, and all of the app's scripts, once more. The request it sent waits here for the
 * code entry (pwa/features/questionnaire/code-entry.tsx), which reads it as it reads its own.
 */
export interface EarlyCodeSubmit {
  /** What was in the code field, as typed. */
  code: string;
  /** The answer of POST /api/questionnaire/access, as fetch gives it. */
  response: Promise<Response>;
}

declare global {
  interface Window {
    __izzEarlyCodeSubmit?: EarlyCodeSubmit;
  }
}

/** The early submit waiting for the app, once: taking it tells the early script that the app has it. */
export function takeEarlyCodeSubmit(): EarlyCodeSubmit | null {
  if (typeof window === 'undefined') return null;
  const sent = window.__izzEarlyCodeSubmit ?? null;
  delete window.__izzEarlyCodeSubmit;
  return sent;
}
