import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { createAssetsRepo } from './assets.repo.js';

let t: TestServer;
let logoId: string;
let pngId: string;
// A real 1x1 PNG (transparent pixel).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await startTestServer();
  // The seeded partner logo: the asset with a dark variant (blog covers are assets too).
  logoId = (await t.handle.db.get<{ id: string }>("SELECT asset_id AS id FROM asset_variants WHERE key = 'dark' LIMIT 1") as { id: string }).id;
  pngId = await createAssetsRepo(t.handle.db).insert({ contentType: 'image/png', bytes: PNG });
});
afterAll(() => t.close());

describe('GET /api/assets/:id', () => {
  it('serves the bytes with their content type, a strong ETag and immutable caching', async () => {
    const res = await t.fetch(`/api/assets/${pngId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get('etag')).toMatch(/^"sha256-[0-9a-f]{32}"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 304 when If-None-Match names the ETag, 200 for another one', async () => {
    const first = await t.fetch(`/api/assets/${logoId}`);
    const etag = first.headers.get('etag') as string;
    const again = await t.fetch(`/api/assets/${logoId}`, { headers: { 'If-None-Match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await t.fetch(`/api/assets/${logoId}`, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('serves a variant by ?key= with its own ETag', async () => {
    const base = await t.fetch(`/api/assets/${logoId}`);
    const dark = await t.fetch(`/api/assets/${logoId}?key=dark`);
    expect(dark.status).toBe(200);
    expect(dark.headers.get('content-type')).toBe('image/svg+xml');
    expect(dark.headers.get('etag')).not.toBe(base.headers.get('etag'));
    expect(await dark.text()).toContain('#f9fafb');
  });

  it('answers 404 not-found for an unknown id or key', async () => {
    const unknown = await t.fetch('/api/assets/3f1c9a52-7a47-4c1e-9a0e-2b9a1c0d4e5f?lang=sl');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'not-found', message: 'Zahtevanega elementa ni bilo mogoče najti.' } });
    const key = await t.fetch(`/api/assets/${logoId}?key=huge`);
    expect(key.status).toBe(404);
    expect((await json<ErrorJson>(key)).error.code).toBe('not-found');
  });

  it('answers 422 validation-failed for a malformed id or key', async () => {
    const res = await t.fetch('/api/assets/not-a-uuid', { headers: { 'Accept-Language': 'en' } });
    expect(res.status).toBe(422);
    const body = await json<ErrorJson>(res);
    expect(body.error.code).toBe('validation-failed');
    expect(body.error.details).toEqual([expect.objectContaining({ location: 'params', path: 'id' })]);
    const key = await t.fetch(`/api/assets/${logoId}?key=../../etc`);
    expect(key.status).toBe(422);
    expect((await json<ErrorJson>(key)).error.details?.[0]).toMatchObject({ location: 'query', path: 'key' });
  });
});
