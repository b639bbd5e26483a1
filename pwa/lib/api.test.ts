import { afterEach, describe, expect, it, vi } from 'vitest';
import { kioskConflictsSchema } from '../../shared/schemas/kiosk';
import { ApiError, getData } from './api';

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
