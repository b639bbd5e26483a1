import { act, renderHook, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getData } from './api';
import { resetSsrPayload, SsrDataContext, type SsrDataCollector } from './ssr-data';
import { useResource } from './use-resource';

/** A fake fetch whose answers the test releases one by one; it records each request's URL and signal. */
function fakeFetch() {
  const calls: { url: string; signal: AbortSignal | undefined; answer: (status: number, body: unknown) => void }[] = [];
  const fetch = vi.fn(
    (url: string, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init?.signal ?? undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        calls.push({ url, signal, answer: (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })) });
      }),
  );
  return { fetch, calls };
}

const load = (name: string) => (signal: AbortSignal) => getData<{ name: string }>(`/api/things/${name}`, { signal });

describe('useResource', () => {
  let fake: ReturnType<typeof fakeFetch>;
  beforeEach(() => {
    fake = fakeFetch();
    vi.stubGlobal('fetch', fake.fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is loading, then ready with the data', async () => {
    const { result } = renderHook(() => useResource(load('a'), 'a'));
    expect(result.current).toMatchObject({ status: 'loading', data: null, error: null });
    act(() => fake.calls[0]?.answer(200, { data: { name: 'A' } }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toEqual({ name: 'A' });
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/things/a']);
  });

  it('reports a failure as error and keeps the last data through a reload', async () => {
    const { result } = renderHook(() => useResource(load('a'), 'a'));
    act(() => fake.calls[0]?.answer(200, { data: { name: 'A' } }));
    await waitFor(() => expect(result.current.status).toBe('ready'));

    act(() => result.current.reload());
    await waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(result.current).toMatchObject({ status: 'loading', data: { name: 'A' }, error: null });
    act(() => fake.calls[1]?.answer(503, { error: { code: 'internal-error', message: 'Down.' } }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.data).toEqual({ name: 'A' });
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).status).toBe(503);

    act(() => result.current.reload());
    await waitFor(() => expect(fake.calls).toHaveLength(3));
    act(() => fake.calls[2]?.answer(200, { data: { name: 'A2' } }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ data: { name: 'A2' }, error: null });
  });

  it('aborts the request of the old key, and its late answer changes nothing', async () => {
    const { result, rerender } = renderHook(({ name }) => useResource(load(name), name), { initialProps: { name: 'a' } });
    rerender({ name: 'b' });
    await waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls[0]?.signal?.aborted).toBe(true);
    expect(fake.calls[1]?.signal?.aborted).toBe(false);

    act(() => fake.calls[1]?.answer(200, { data: { name: 'B' } }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => fake.calls[0]?.answer(200, { data: { name: 'A' } }));
    expect(result.current.data).toEqual({ name: 'B' });
  });

  it('does not load again when only the loader function changes', () => {
    const { rerender } = renderHook(({ n }) => useResource((signal) => getData(`/api/things/${String(n)}`, { signal }), 'same'), { initialProps: { n: 1 } });
    rerender({ n: 2 });
    expect(fake.calls).toHaveLength(1);
  });

  it('aborts on unmount', () => {
    const { unmount } = renderHook(() => useResource(load('a'), 'a'));
    unmount();
    expect(fake.calls[0]?.signal?.aborted).toBe(true);
  });

  it('replace() sets the data without a request', async () => {
    const { result } = renderHook(() => useResource(load('a'), 'a'));
    act(() => result.current.replace({ name: 'local' }));
    expect(result.current).toMatchObject({ status: 'ready', data: { name: 'local' } });
    await Promise.resolve();
    expect(fake.calls).toHaveLength(1);
  });

  it('update() changes the latest data, and nothing before there is any', async () => {
    const { result } = renderHook(() => useResource(load('a'), 'a'));
    act(() => result.current.update((d) => ({ name: `${d.name}!` })));
    expect(result.current).toMatchObject({ status: 'loading', data: null });
    act(() => fake.calls[0]?.answer(200, { data: { name: 'A' } }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => {
      result.current.update((d) => ({ name: `${d.name}1` }));
      result.current.update((d) => ({ name: `${d.name}2` }));
    });
    expect(result.current).toMatchObject({ status: 'ready', data: { name: 'A12' } });
  });
});

/** A page part that shows what it loaded and records the status of every render. */
function Thing({ name, seen }: { name: string; seen: string[] }) {
  const thing = useResource(load(name), name);
  seen.push(`${thing.status}:${thing.data?.name ?? '-'}`);
  return <p data-status={thing.status}>{thing.data?.name ?? '…'}</p>;
}

/**
 * The server's side of a render (pwa/entry-server.tsx does this with its own API): every load the page starts is
 * answered (here at once, as a settled promise React reads without waiting), and its value kept by the id the
 * component asked with: that is the payload's `data`.
 */
function serverRender(name: string, answer: { name: string } | Error) {
  const data: Record<string, unknown> = {};
  const collector: SsrDataCollector = {
    page: {},
    cookies: '',
    load(id) {
      const result = answer instanceof Error ? { ok: false } : { ok: true, value: answer };
      if (result.ok) data[id] = answer;
      return Object.assign(Promise.resolve(result), { status: 'fulfilled', value: result });
    },
  };
  const seen: string[] = [];
  const html = renderToString(
    <SsrDataContext value={collector}>
      <Thing name={name} seen={seen} />
    </SsrDataContext>,
  );
  return { html, data, seen };
}

describe('useResource over a page the server rendered', () => {
  let fake: ReturnType<typeof fakeFetch>;
  let container: HTMLDivElement;
  let root: Root | null = null;
  let recoverable: unknown[];
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    fake = fakeFetch();
    vi.stubGlobal('fetch', fake.fetch);
    container = document.createElement('div');
    document.body.append(container);
    recoverable = [];
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    container.remove();
    resetSsrPayload(undefined);
    consoleError.mockRestore();
    vi.unstubAllGlobals();
  });

  function hydrate(html: string, data: Record<string, unknown>, name: string, seen: string[]) {
    container.innerHTML = html;
    resetSsrPayload({ route: 'en:blogs', namespaces: [], data, shell: null });
    const rendered = container.querySelector('p');
    act(() => {
      root = hydrateRoot(container, <Thing name={name} seen={seen} />, { onRecoverableError: (error) => recoverable.push(error) });
    });
    return rendered;
  }

  it('starts ready with the server’s value, keeps the server’s element and asks nothing', async () => {
    const server = serverRender('a', { name: 'A from the server' });
    expect(server.seen).toEqual(['ready:A from the server']);
    expect(Object.values(server.data)).toEqual([{ name: 'A from the server' }]);

    const seen: string[] = [];
    const before = hydrate(server.html, server.data, 'a', seen);
    expect(seen[0]).toBe('ready:A from the server');
    expect(seen.every((s) => s === 'ready:A from the server')).toBe(true);
    // the very element the server sent, not a new one
    expect(container.querySelector('p')).toBe(before);
    expect(container.textContent).toBe('A from the server');
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    await act(async () => {
      await Promise.resolve();
    });
    expect(fake.fetch).not.toHaveBeenCalled();
  });

  it('after that, a new key loads as always (the last data stays while it loads)', async () => {
    const server = serverRender('a', { name: 'A' });
    const seen: string[] = [];
    hydrate(server.html, server.data, 'a', seen);
    act(() => root?.render(<Thing name="b" seen={seen} />));
    await waitFor(() => expect(fake.calls.map((c) => c.url)).toEqual(['/api/things/b']));
    expect(container.querySelector('p')?.dataset.status).toBe('loading');
    expect(container.textContent).toBe('A');
    act(() => fake.calls[0]?.answer(200, { data: { name: 'B' } }));
    await waitFor(() => expect(container.textContent).toBe('B'));
    expect(container.querySelector('p')?.dataset.status).toBe('ready');
  });

  it('uses the server’s value once: the same page mounted again later (a client-side visit) loads afresh', async () => {
    const server = serverRender('a', { name: 'A' });
    hydrate(server.html, server.data, 'a', []);
    act(() => root?.unmount());
    root = null;
    const { result } = renderHook(() => useResource(load('a'), 'a'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(fake.calls.map((c) => c.url)).toEqual(['/api/things/a']));
  });

  it('a load that failed on the server hydrates as loading (as the server rendered it) and the browser asks again', async () => {
    const server = serverRender('a', new Error('the API was down'));
    expect(server.seen).toEqual(['loading:-']);
    expect(server.data).toEqual({});
    const seen: string[] = [];
    hydrate(server.html, server.data, 'a', seen);
    expect(seen[0]).toBe('loading:-');
    expect(recoverable).toEqual([]);
    await waitFor(() => expect(fake.calls.map((c) => c.url)).toEqual(['/api/things/a']));
    act(() => fake.calls[0]?.answer(200, { data: { name: 'A' } }));
    await waitFor(() => expect(container.textContent).toBe('A'));
  });

  it('without a payload (a page the app renders itself) it loads as before', async () => {
    resetSsrPayload(null);
    const { result } = renderHook(() => useResource(load('a'), 'a'));
    expect(result.current).toMatchObject({ status: 'loading', data: null });
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    act(() => fake.calls[0]?.answer(200, { data: { name: 'A' } }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it('a payload without this component’s value changes nothing: it loads', async () => {
    resetSsrPayload({ route: 'en:blogs', namespaces: [], data: { 'some-other-id': { name: 'not mine' } }, shell: null });
    const { result } = renderHook(() => useResource(load('a'), 'a'));
    expect(result.current).toMatchObject({ status: 'loading', data: null });
    await waitFor(() => expect(fake.calls).toHaveLength(1));
  });
});
