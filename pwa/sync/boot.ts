// Starts the sync engine at app start without putting Dexie into the first load: the engine (and
// Dexie with it) is loaded only when this device already has the local store, i.e. it may hold
// queued responses. A device that never started a questionnaire loads nothing here; the
// questionnaire starts the engine itself when a respondent begins (sync/app-engine.ts).
export const LOCAL_DB_NAME = 'izz';

/** True when the browser reports the local store exists (or cannot tell). */
export async function hasLocalStore(): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined') return false;
    if (typeof indexedDB.databases !== 'function') return true; // cannot tell: assume yes
    const dbs = await indexedDB.databases();
    return dbs.some((d) => d.name === LOCAL_DB_NAME);
  } catch {
    return true;
  }
}

export async function startSyncIfStored(): Promise<void> {
  if (!(await hasLocalStore())) return;
  const { startAppSync } = await import('./app-engine');
  startAppSync();
}
