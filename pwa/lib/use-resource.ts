import { use, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { SsrDataContext, takeHydratedData } from './ssr-data';

export type Resource<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: unknown };

/**
 * The one loader of the PWA: loads data for a page and reloads when `key` changes or on reload();
 * an older answer never overwrites a newer one (the previous request is aborted, as on unmount).
 * While reloading, the last data stays visible; replace() puts an answer the page already has
 * (e.g. after a save) in place without a request, update() changes the data there is. `load` gets the AbortSignal to pass to the API client.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  // Server rendering (pwa/entry-server.tsx): the render waits for the load; a failed load renders as loading and the
  // browser tries again. In the browser, a page the server rendered starts from the server's value (lib/ssr-data.ts).
  const id = useId();
  const server = useContext(SsrDataContext);
  const rendered = server ? (use(server.load(id, () => load(new AbortController().signal))) as { ok: true; value: T } | { ok: false }) : undefined;
  const [state, setState] = useState<Resource<T>>(() => {
    if (rendered?.ok) return { status: 'ready', data: rendered.value, error: null };
    const hydrated = server ? undefined : takeHydratedData(id);
    return hydrated ? { status: 'ready', data: hydrated.value as T, error: null } : { status: 'loading', data: null, error: null };
  });
  const [nonce, setNonce] = useState(0);
  // The first effect does not load again what the server rendered.
  const skipLoad = useRef(state.status === 'ready');

  useEffect(() => {
    if (skipLoad.current) {
      skipLoad.current = false;
      return;
    }
    const controller = new AbortController();
    setState((prev) => ({ status: 'loading', data: prev.data, error: null }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((prev) => ({ status: 'error', data: prev.data, error }));
      },
    );
    return () => controller.abort();
    // `load` is recreated every render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'ready', data, error: null }), []);
  /** Changes the data there is from the latest state (e.g. an item removed after a request); nothing while there is none. */
  const update = useCallback((change: (data: T) => T) => setState((prev) => (prev.data === null ? prev : ({ ...prev, data: change(prev.data) } as Resource<T>))), []);
  return { ...state, reload, replace, update };
}
