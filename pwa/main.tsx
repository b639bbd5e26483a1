import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { localeOfPath } from '../shared/routes';
import { initI18n, ensureLocale } from './i18n';
import { reloadForChunkError } from './app/chunk-reload';
import { createAppRouter } from './app/router';
import { startServiceWorker } from './app/pwa-update';
import { loadConfig, loadUser } from './app/shell-store';
import { startSyncIfStored } from './sync/boot';
import './styles/global.css';

// A stale deployment's preload failed: reload (at most once a minute) instead of breaking the page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError(event.payload)) event.preventDefault();
});

async function start() {
  const locale = localeOfPath(window.location.pathname);
  void loadConfig();
  void loadUser();
  await initI18n(locale);
  await ensureLocale(locale);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
  startServiceWorker();
  // Queued responses on this device are sent as soon as the app is opened (and whenever it comes online).
  void startSyncIfStored();
}

void start();
