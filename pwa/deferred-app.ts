/**
 * The one script of the server-rendered forms a guest reaches first (registration and the respondents' code entry:
 * server/modules/pages/pages.routes.ts `DEFERRED_APP_PAGES`). Their HTML is complete (the code entry's form even works
 * without any script: the server answers its POST, and its early submit, pwa/early-code-form.ts, is in the page), so
 * the app (React, the router, the texts, zod: most of a phone's first-load CPU time) is not run while the page loads.
 * It is started, unchanged, as soon as the visitor starts using the page — a touch, a pointer moving, a key, a focus,
 * a scroll — and at once when there is a reason to: the visitor already acted before this script ran (the early
 * submit has sent a code, or a field has the focus), or this device has a questionnaire in progress (the code entry
 * then offers to continue it). The app then hydrates the page exactly as it did when it was loaded with it.
 *
 * Once the page has loaded, the app's files are fetched (not run) into the browser's cache, so that starting it costs
 * no download (a respondent who taps the invitation's prefilled code at once waits no longer than when the app came
 * with the page) and works if the connection drops meanwhile.
 *
 * The server writes the app's entry and the files it needs on this page into the script's element:
 * `<script type="module" src="…deferred-app…" data-app="/assets/index-….js" data-app-files="/assets/a.js /assets/b.js">`.
 * It imports nothing: a few hundred bytes.
 */

/** How the page stands (tests and the app's helpers read it): 'deferred' until the app is started, then 'started'. */
type AppState = 'deferred' | 'started';

/** What a visitor does first on a page they are about to use. */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel', 'submit'] as const;

/** This device's local store of questionnaires (pwa/sync/boot.ts `LOCAL_DB_NAME`; not imported: it brings the app). */
const LOCAL_DB_NAME = 'izz';

const element = document.querySelector<HTMLScriptElement>('script[data-app]');
const entry = element?.dataset.app ?? '';
const files = (element?.dataset.appFiles ?? '').split(/\s+/).filter(Boolean);
const root = document.documentElement;
const setState = (state: AppState) => {
  root.dataset.app = state;
};

function addLink(rel: 'prefetch' | 'modulepreload', href: string): void {
  if (document.querySelector(`link[rel="${rel}"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  link.crossOrigin = '';
  document.head.append(link);
}

function listen(on: boolean): void {
  for (const type of INTENT_EVENTS) {
    if (on) window.addEventListener(type, start, { capture: true, passive: true });
    else window.removeEventListener(type, start, { capture: true });
  }
}

let started = false;

function start(): void {
  if (started || !entry) return;
  started = true;
  listen(false);
  setState('started');
  // The files the app needs on this page, side by side instead of one after another as its imports are read.
  for (const file of files) addLink('modulepreload', file);
  import(/* @vite-ignore */ entry).catch((error: unknown) => {
    // Not arrived (offline, a new deployment): the next sign of the visitor tries again; the page works as it is.
    console.warn('The app could not be loaded', error);
    started = false;
    setState('deferred');
    listen(true);
  });
}

async function hasQuestionnaireInProgress(): Promise<boolean> {
  if (!document.querySelector('form[data-code-form]') || typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false;
  try {
    return (await indexedDB.databases()).some((d) => d.name === LOCAL_DB_NAME);
  } catch {
    return false;
  }
}

/** The app's files into the cache once the page itself has loaded (they never compete with its stylesheet). */
function prefetchAfterLoad(): void {
  const prefetch = () => {
    if (started) return;
    for (const file of [entry, ...files]) if (file) addLink('prefetch', file);
  };
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}

setState('deferred');
const focused = document.activeElement;
if (window.__izzEarlyCodeSubmit || (focused && focused !== document.body && root.contains(focused))) start();
else {
  listen(true);
  prefetchAfterLoad();
  void hasQuestionnaireInProgress().then((yes) => {
    if (yes) start();
  });
}
