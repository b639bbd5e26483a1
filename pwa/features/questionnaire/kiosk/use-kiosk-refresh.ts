import { useEffect } from 'react';
import { getSyncEngine } from '../../../sync/app-engine';
import { KIOSK_REFRESH_MS, refreshKiosk } from './kiosk-online';

/**
 * Keeps the kiosk's package current whenever it is online: when the kiosk opens, on the online event,
 * after each sync that reached the server (its uses are then in the server's counts) and every KIOSK_REFRESH_MS.
 * Offline nothing is asked.
 */
export function useKioskRefresh(token: string | undefined): void {
  useEffect(() => {
    if (!token) return;
    const refresh = () => {
      if (navigator.onLine) void refreshKiosk();
    };
    refresh();
    window.addEventListener('online', refresh);
    const timer = setInterval(refresh, KIOSK_REFRESH_MS);
    let lastSync = getSyncEngine().status.lastSyncAt;
    const unsubscribe = getSyncEngine().subscribe((s) => {
      if (s.running || s.lastSyncAt === lastSync) return;
      lastSync = s.lastSyncAt;
      refresh();
    });
    return () => {
      window.removeEventListener('online', refresh);
      clearInterval(timer);
      unsubscribe();
    };
  }, [token]);
}
