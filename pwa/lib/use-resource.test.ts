import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getData } from './api';
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
