// The app's one sync engine (createSyncEngine over the app's IzzDb and the fetch transport).
// Started at app start by sync/boot.ts when this device has a local store, and by the questionnaire
// when a respondent starts one; start() is idempotent. Features read its status with useSyncStatus().
import { useSyncExternalStore } from 'react';
import { getDb } from '../db/db';
import { createSyncEngine, type SyncEngine, type SyncStatus } from './engine';
import { createFetchTransport } from './transport';

let engine: SyncEngine | null = null;

export function getSyncEngine(): SyncEngine {
  engine ??= createSyncEngine({ db: getDb(), transport: createFetchTransport() });
  return engine;
}

/** Starts the app's engine (app start, online, visibility, writes and due retries trigger a run). */
export function startAppSync(): SyncEngine {
  const e = getSyncEngine();
  e.start();
  void e.refreshStatus().catch(() => undefined);
  return e;
}

/**
 * Stops the app's engine and forgets it: the next getSyncEngine() creates a new one over the fetch of that moment. The
 * unit tests share one module graph across files (vitest.config.ts, project pwa), so each file ends with this.
 */
export function stopAppSync(): void {
  engine?.stop();
  engine = null;
}

/** The engine's live status (pending count, last sync, last error, rejected items). */
export function useSyncStatus(): SyncStatus {
  const e = getSyncEngine();
  return useSyncExternalStore(
    (cb) => e.subscribe(() => cb()),
    () => e.status,
    () => e.status,
  );
}
