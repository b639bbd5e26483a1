import { afterEach, describe, expect, it, vi } from 'vitest';
import { kioskConflictsSchema } from '../../shared/schemas/kiosk';
import { ApiError, dataOf, getData } from './api';

const answer = (status: number, body: unknown) => vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));

describe('getData with the shared schema of the answer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the data when it fits the schema', async () => {
    vi.stubGlobal('fetch', answer(200, { data: { count: 2, last_on: null } }));
    await expect(getData('/api/kiosk/conflicts', { schema: kioskConflictsSchema })).resolves.toEqual({ count: 2, last_on: null });
  });

  it("refuses an answer that does not fit: an 'internal-error' with a message for the user, not the malformed data", async () => {
    vi.stubGlobal('fetch', answer(200, { data: { count: 'two' } }));
    const err = await getData('/api/kiosk/conflicts', { schema: kioskConflictsSchema, locale: 'en' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'internal-error', network: false });
    expect((err as ApiError).message).not.toBe('');
  });

  it('a server error stays the server error, schema or not', async () => {
    vi.stubGlobal('fetch', answer(404, { error: { code: 'not-found', message: 'No such survey.' } }));
    await expect(getData('/api/kiosk/conflicts', { schema: kioskConflictsSchema })).rejects.toMatchObject({ code: 'not-found', message: 'No such survey.' });
  });
});

describe('dataOf: an answer requested before the app ran (the code form’s early submit)', () => {
  const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

  it('gives the data of the envelope', async () => {
    await expect(dataOf(json(200, { data: { token: 't' } }), 'sl')).resolves.toEqual({ token: 't' });
  });

  it('a refusal is the server’s ApiError, with its message and details', async () => {
    const refused = json(429, { error: { code: 'rate-limited', message: 'Preveč napačnih kod.', details: { retry_after_seconds: 120 } } });
    await expect(dataOf(refused, 'sl')).rejects.toMatchObject({ status: 429, code: 'rate-limited', message: 'Preveč napačnih kod.', details: { retry_after_seconds: 120 } });
  });

  it('a request that never reached the server is a network ApiError in the page’s language', async () => {
    const sl = await dataOf(Promise.reject(new TypeError('Failed to fetch')), 'sl').catch((e: unknown) => e);
    const en = await dataOf(Promise.reject(new TypeError('Failed to fetch')), 'en').catch((e: unknown) => e);
    expect(sl).toMatchObject({ network: true, status: 0 });
    expect((sl as ApiError).message).not.toBe((en as ApiError).message);
  });
});
