/**
 * A failed dynamic import (usually a chunk deleted by a new deployment) reloads the page,
 * at most once per UI.chunkReloadMinIntervalMs; the last reload time lives in sessionStorage.
 */
import { UI } from '../../shared/constants';

export const CHUNK_RELOAD_KEY = 'izz:chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    `${error.name} ${error.message}`,
  );
}

/** Returns true (and records the time) when a reload is allowed now. */
export function claimChunkReload(storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage, now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(CHUNK_RELOAD_KEY)) || 0;
  } catch {
    last = 0;
  }
  if (last && now - last < UI.chunkReloadMinIntervalMs && now >= last) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // without storage we cannot throttle: do not risk a reload loop
  }
  return true;
}

/** Reloads for a chunk error when allowed; returns whether a reload was started. */
export function reloadForChunkError(error: unknown, reload: () => void = () => window.location.reload()): boolean {
  if (!isChunkLoadError(error)) return false;
  if (!claimChunkReload()) return false;
  reload();
  return true;
}

/** Wraps a lazy import: on a chunk error reload (throttled) and stay pending, else rethrow. */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (reloadForChunkError(error)) return new Promise<T>(() => {});
    throw error;
  }
}
