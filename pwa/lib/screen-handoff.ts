/**
 * What a form hands to its confirmation screen (pwa/features/guide/screens.tsx, the routes success-admin, success-admin-puls and success-user): kept apart so the
 * forms' chunks do not load the screens. Personal data travels in the history state, never in the URL.
 */

/** success-admin / success-admin-puls: the sent application's name (its id is in ?application=). */
export interface SentState {
  name?: string;
}

/** The confirmation screen's query after sending an application. */
export function sentSearch(id: number): string {
  return `?application=${encodeURIComponent(String(id))}`;
}

/** success-user: the address the confirmation link was sent to. */
export interface RegisteredState {
  email?: string;
}
