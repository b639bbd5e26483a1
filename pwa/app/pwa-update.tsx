/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Service worker registration (vite-plugin-pwa, registerType 'prompt', via workbox-window).
 * A waiting new version is offered with a polite prompt; the page is never reloaded without
 * the user's click, and the prompt is held back while a questionnaire is open.
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { registerSW } from 'virtual:pwa-register';

interface SwState {
  needRefresh: boolean;
  offlineReady: boolean;
}

let state: SwState = { needRefresh: false, offlineReady: false };
const listeners = new Set<() => void>();
let updateSW: ((reloadPage?: boolean) => Promise<void>) | null = null;

function set(patch: Partial<SwState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function startServiceWorker(): void {
  if (updateSW || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => set({ needRefresh: true }),
    onOfflineReady: () => set({ offlineReady: true }),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
  });
}

function useSwState(): SwState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

/** offlineNote=false (administration, profile, reports): only a waiting update is offered, not the 'available offline' note. */
export function PwaUpdatePrompt({ suppressed = false, offlineNote = true }: { suppressed?: boolean; offlineNote?: boolean }) {
  const { t } = useTranslation('common');
  const { needRefresh, offlineReady } = useSwState();
  if (suppressed || (!needRefresh && !(offlineReady && offlineNote))) return null;
  return (
    <div className="toast" role="status" aria-live="polite" data-testid="pwa-update">
      {needRefresh ? (
        <>
          <p>{t('update.available')}</p>
          <div className="toast-actions">
            <button type="button" className="btn btn-primary btn-small" onClick={() => void updateSW?.(true)}>
              {t('update.reload')}
            </button>
            <button type="button" className="btn btn-secondary btn-small" onClick={() => set({ needRefresh: false })}>
              {t('update.later')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t('update.offlineReady')}</p>
          <div className="toast-actions">
            <button type="button" className="btn btn-secondary btn-small" onClick={() => set({ offlineReady: false })}>
              {t('cookies.close')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
