/**
 * Written into a respondent's server-rendered code entry (inline, first in its head, before the app): a code submitted before the app has
 * taken over the page is sent to the API from here, and the app reads the answer once it runs
 * (pwa/lib/early-code-submit.ts). Without it the browser would post the form (which the server answers too) and then
 * load the page and run every script again: on a slow phone that is a second or more.
 *
 * It imports nothing and exports nothing, so the server can write the built file into the page as a classic inline
 * script (server/modules/pages/preloads.ts `earlyScript`/`first`; the CSP allows it by its hash): it listens before
 * the code field can be used. It listens on the document, after the app: a submit the app has handled (default
 * prevented) is left alone.
 */
import type { EarlyCodeSubmit } from './lib/early-code-submit';

/** If the app never takes the answer (its scripts did not arrive), the plain form is posted after all. */
const APP_WAIT_MS = 20_000;

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-code-form')) return;
  const field = form.elements.namedItem('code');
  const code = field instanceof HTMLInputElement ? field.value : '';
  // An empty field: the server's page says what is missing.
  if (!code.trim()) return;
  event.preventDefault();
  if (window.__izzEarlyCodeSubmit) return;
  const button = form.querySelector('button[type="submit"]');
  if (button instanceof HTMLButtonElement) button.disabled = true;
  const sent: EarlyCodeSubmit = {
    code,
    response: fetch('/api/questionnaire/access', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Locale': document.documentElement.lang },
      body: JSON.stringify({ code }),
      credentials: 'same-origin',
    }),
  };
  window.__izzEarlyCodeSubmit = sent;
  setTimeout(() => {
    if (window.__izzEarlyCodeSubmit !== sent) return;
    delete window.__izzEarlyCodeSubmit;
    form.submit();
  }, APP_WAIT_MS);
});
