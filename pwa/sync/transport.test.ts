import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createFetchTransport, parseRetryAfter } from './transport';

const item = { id: '00000000-0000-4000-8000-000000000001', token: 'ABCDE-FGHJK', answers: { q1: 3 } };

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));
}

describe('fetch transport', () => {
  it('posts the items without credentials and maps a 200 to ok', async () => {
    const fetchFn = respond(200, { data: { results: [{ id: item.id, status: 'applied' }] } });
    const t = createFetchTransport({ fetchFn });
    expect(await t.send([item])).toEqual({ kind: 'ok', results: [{ id: item.id, status: 'applied' }] });
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/responses');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(String(init.body))).toEqual({ items: [item] });
  });

  it('maps network errors, 5xx and 429 to retry and other 4xx to fatal', async () => {
    const net = createFetchTransport({ fetchFn: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    expect((await net.send([item])).kind).toBe('retry');
    expect((await createFetchTransport({ fetchFn: respond(503, {}) }).send([item])).kind).toBe('retry');
    expect(await createFetchTransport({ fetchFn: respond(429, {}, { 'Retry-After': '30' }) }).send([item])).toEqual({
      kind: 'retry',
      error: 'HTTP 429',
      retryAfterMs: 30_000,
    });
    const fatal = await createFetchTransport({ fetchFn: respond(422, { error: { code: 'validation' } }) }).send([item]);
    expect(fatal).toEqual({ kind: 'fatal', status: 422, error: 'HTTP 422 validation' });
  });

  it('parses Retry-After seconds and dates', () => {
    expect(parseRetryAfter('5')).toBe(5000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('nonsense')).toBeUndefined();
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 0)).toBe(10_000);
  });
});
