// Before anything builds a zod schema: no JIT (its eval probe breaks the CSP), see zod-config.ts.
import './zod-config';
// Then: on a respondent's code entry the questionnaire's modules start loading before the rest is evaluated.
import { isCodeEntryPath } from './app/respondent-prefetch';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { localeOfPath } from '../shared/routes';
import { NAMESPACES as SHELL_NAMESPACES, initI18n, ensureLocale, loadNamespaces } from './i18n';
import { reloadForChunkError } from './lib/chunk-reload';
import { createAppRouter } from './app/router';
import { startServiceWorker } from './app/pwa-update';
import { hydrateShell, loadConfig, loadUser } from './session/shell-store';
import { readSsrPayload } from './lib/ssr-data';
import { startSyncIfStored } from './sync/boot';
import './styles/global.css';
// The styles of the pages the server renders (public pages, the code entry, registration) are in the first stylesheet, so the
// server's HTML is styled before any script runs.
import './features/public-pages/public-pages.css';
import './features/public-pages/calculator.css';
import './features/contact/contact.css';
import './features/questionnaire/questionnaire.css';
import './features/actions/actions.css';
import './features/accounts/accounts.css';

// A stale deployment's preload failed: reload (at most once a minute) instead of breaking the page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError(event.payload)) event.preventDefault();
});

/** How long after the questionnaire opened the service worker is installed (see start()). */
const SERVICE_WORKER_DELAY_MS = 4000;

/** Runs `task` in the page's next idle period (at the latest after 10 s; at once where the browser cannot say). */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: 10_000 });
  else task();
}

/** Runs `task` once the page's load event has passed. */
function afterLoad(task: () => void): void {
  if (document.readyState === 'complete') task();
  else window.addEventListener('load', () => task(), { once: true });
}

async function start() {
  const locale = localeOfPath(window.location.pathname);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A page the server rendered (public pages, the code entry): take it over where it is, with the data it was
  // rendered with; otherwise render the app into the empty shell.
  const rendered = readSsrPayload();
  if (rendered) hydrateShell(rendered.shell as Parameters<typeof hydrateShell>[0]);
  void loadConfig();
  void loadUser();
  // Texts and the page's module load side by side: a server-rendered page names the texts it used; an app page that was
  // not rendered starts with the shell's own, and its route loads the rest it needs (router.tsx routeTexts).
  const texts = initI18n(locale, rendered ? ['common', ...rendered.namespaces] : ['common', 'pages']).then(() => ensureLocale(locale));
  const [router] = await Promise.all([createAppRouter(rendered !== null), texts]);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (rendered) {
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
    // the whole page (one long task of a few hundred ms on a slow phone: Lighthouse's total blocking time).
    startTransition(() => {
      hydrateRoot(root, app);
    });
    // A signed-in user's shell (profile and administration menus) uses the signed-in areas' texts: loaded once the
    // session is known. An anonymous visitor's pages load what they need with their module (router.tsx routeTexts).
    void loadUser().then((user) => {
      if (user) void loadNamespaces([...SHELL_NAMESPACES]);
    });
  } else createRoot(root).render(app);
  // On a respondent's code entry the service worker waits until the questionnaire has been open a few seconds and the
  // page is idle (the respondent reading its introduction): its first install downloads every page and locale
  // (megabytes), which on a phone's slow network and CPU would hold up the questionnaire's first screens.
  // Elsewhere it waits until the page has loaded and the browser is idle: its install fetches every chunk, which
  // competed with the page's own first requests and work.
  if (!isCodeEntryPath(window.location.pathname)) afterLoad(() => whenIdle(startServiceWorker));
  else {
    const stop = router.subscribe((state) => {
      if (isCodeEntryPath(state.location.pathname)) return;
      stop();
      window.setTimeout(() => whenIdle(startServiceWorker), SERVICE_WORKER_DELAY_MS);
    });
  }
  // Queued responses on this device are sent as soon as the app is opened (and whenever it comes online).
  void startSyncIfStored();
}

void start();
