/** GET /api/prices and PUT /api/admin/prices: defaults, administrator edits (audited), role checks, validation. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICE_SETTINGS, priceSettingsSchema, type PriceSettings } from '../../../shared/pricing.js';
import { adminCookie, call, demoSessionCookie, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { PRICE_SETTINGS_KEY } from './pricing.service.js';

// Logins hash with scrypt; under a loaded parallel run they need more than 5 s.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await adminCookie(t);
});
afterAll(() => t.close());

const EDITED: PriceSettings = {
  price_per_employee_eur: 9.5,
  min_employees: 20,
  max_employees: 4000,
  discount_tiers: [
    { above: 300, percent: 10 },
    { above: 2000, percent: 25 },
  ],
  refund_completion_percent: 5,
  refund_completion_threshold: 80,
  refund_returning_percent: 15,
};

const stored = async () => (await t.handle.db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [PRICE_SETTINGS_KEY]))?.value;
const snapshot = async () => JSON.stringify([await stored(), await t.handle.db.all('SELECT * FROM audit_log ORDER BY id')]);
const getPrices = async () => json<{ data: PriceSettings }>(await call(t, 'GET', '/api/prices'));

describe('prices', () => {
  it('GET /api/prices answers the defaults while none are stored (public, no-cache)', async () => {
    expect(await stored()).toBeUndefined();
    const res = await call(t, 'GET', '/api/prices');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = await json<{ data: PriceSettings }>(res);
    expect(priceSettingsSchema.parse(body.data)).toEqual(DEFAULT_PRICE_SETTINGS);
    expect(body.data).toMatchObject({ price_per_employee_eur: 8, min_employees: 10, max_employees: 5000 });
  });

  it('401 for a guest and 403 for a company user; nothing changes', async () => {
    const before = await snapshot();
    const guest = await call(t, 'PUT', '/api/admin/prices', { body: EDITED });
    expect(guest.status).toBe(401);
    expect((await json<ErrorJson>(guest)).error.code).toBe('unauthenticated');
    const company = await call(t, 'PUT', '/api/admin/prices', { body: EDITED, cookie: await demoSessionCookie(t.handle) });
    expect(company.status).toBe(403);
    expect((await json<ErrorJson>(company)).error.code).toBe('forbidden');
    expect(await snapshot()).toBe(before);
    expect((await getPrices()).data).toEqual(DEFAULT_PRICE_SETTINGS);
  });

  it.each([
    ['a maximum above 5000', { ...EDITED, max_employees: 5001 }, 'max_employees'],
    ['a price with more than two decimals', { ...EDITED, price_per_employee_eur: 9.999 }, 'price_per_employee_eur'],
    ['a minimum above the maximum', { ...EDITED, min_employees: 4500 }, 'min_employees'],
    ['a negative discount', { ...EDITED, discount_tiers: [{ above: 500, percent: -5 }] }, 'discount_tiers.0.percent'],
    ['a missing field', { ...EDITED, refund_returning_percent: undefined }, 'refund_returning_percent'],
    ['a string number', { ...EDITED, price_per_employee_eur: '9.50' }, 'price_per_employee_eur'],
  ])('422 for %s, and nothing changes', async (_name, body, path) => {
    const before = await snapshot();
    const res = await call(t, 'PUT', '/api/admin/prices', { body, cookie: admin });
    expect(res.status).toBe(422);
    const error = (await json<ErrorJson>(res)).error;
    expect(error.code).toBe('validation-failed');
    expect(error.details?.map((d) => d.path)).toContain(path);
    expect(await snapshot()).toBe(before);
  });

  it('415 for a body that is not JSON', async () => {
    const res = await call(t, 'PUT', '/api/admin/prices', { body: 'price=9', cookie: admin, headers: { 'Content-Type': 'text/plain' } });
    expect(res.status).toBe(415);
  });

  it('an administrator updates the prices: stored, audited, and GET reflects them', async () => {
    const res = await call(t, 'PUT', '/api/admin/prices', { body: EDITED, cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await json<{ data: PriceSettings }>(res)).data).toEqual(EDITED);
    expect(JSON.parse(await stored() ?? 'null')).toEqual(EDITED);
    expect((await getPrices()).data).toEqual(EDITED);

    const entry = await t.handle.db.get<{ action: string; actor_email: string; target_type: string; target_id: string; details: string }>(
      'SELECT action, actor_email, target_type, target_id, details FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(entry).toMatchObject({ action: 'prices.update', actor_email: 'admin@example.com', target_type: 'setting', target_id: PRICE_SETTINGS_KEY });
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ before: DEFAULT_PRICE_SETTINGS, after: EDITED });

    const log = await json<{ data: { items: { action: string }[] } }>(await call(t, 'GET', '/api/admin/audit-log', { cookie: admin }));
    expect(log.data.items[0]?.action).toBe('prices.update');
  });

  it('falls back to the defaults when the stored value is unreadable', async () => {
    await t.handle.db.run('UPDATE settings SET value = ? WHERE key = ?', ['{"price_per_employee_eur":"oops"}', PRICE_SETTINGS_KEY]);
    expect((await getPrices()).data).toEqual(DEFAULT_PRICE_SETTINGS);
    await t.handle.db.run('UPDATE settings SET value = ? WHERE key = ?', ['not json', PRICE_SETTINGS_KEY]);
    expect((await getPrices()).data).toEqual(DEFAULT_PRICE_SETTINGS);
  });
});
