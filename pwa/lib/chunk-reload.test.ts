import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UI } from '../../shared/constants';
import { CHUNK_RELOAD_KEY, claimChunkReload, importWithReload, isChunkLoadError, reloadForChunkError } from './chunk-reload';

const chunkError = new TypeError('Failed to fetch dynamically imported module: https://x/assets/page-abc.js');

describe('chunk reload throttle', () => {
  beforeEach(() => sessionStorage.clear());

  it('recognises dynamic import failures only', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('allows one reload per interval and records the time', () => {
    const t0 = 1_700_000_000_000;
    expect(claimChunkReload(sessionStorage, t0)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(t0));
    expect(claimChunkReload(sessionStorage, t0 + 1000)).toBe(false);
    expect(claimChunkReload(sessionStorage, t0 + UI.chunkReloadMinIntervalMs - 1)).toBe(false);
    expect(claimChunkReload(sessionStorage, t0 + UI.chunkReloadMinIntervalMs)).toBe(true);
  });

  it('does not reload when storage is unavailable (no loop risk)', () => {
    const broken = { getItem: () => null, setItem: () => { throw new Error('denied'); } };
    expect(claimChunkReload(broken, 1)).toBe(false);
  });

  it('reloads once for a chunk error, then rethrows to the error page', async () => {
    const reload = vi.fn();
    expect(reloadForChunkError(chunkError, reload)).toBe(true);
    expect(reloadForChunkError(chunkError, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    await expect(importWithReload(() => Promise.reject(chunkError))).rejects.toBe(chunkError);
  });

  it('never reloads for other errors', async () => {
    const reload = vi.fn();
    const other = new Error('boom');
    expect(reloadForChunkError(other, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    await expect(importWithReload(() => Promise.reject(other))).rejects.toBe(other);
    await expect(importWithReload(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
