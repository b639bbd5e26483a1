/**
 * Rate limits and login failure counters live in the database (rate_limits): two instances of the server on one
 * database (on SQLite two apps on one DATA_DIR, on PostgreSQL two apps on one DATABASE_URL) count the same hits.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from './app.js';
import { createRateLimitRepo } from './lib/rate-limit.repo.js';
import { createRateLimitCounts, PURGE_EVERY_HITS } from './lib/rate-limits.js';
import { CODE_GUESS_WINDOWS } from './modules/questionnaire/code-guesses.js';
import { call, json, makeTempDir, openTestDatabase, startTestServer, type ErrorJson, type TestServer } from './test/helpers.js';

/** A second instance on the first one's database (its DATA_DIR, and on PostgreSQL its DATABASE_URL). */
async function secondInstance(first: TestServer, env: Record<string, string> = {}): Promise<TestServer> {
  const database = first.handle.config.database;
  if (database.engine === 'sqlite') expect(database.file).toBe(path.join(first.dataDir, DATABASE_FILE));
  return startTestServer({ ...env, DATA_DIR: first.dataDir, ...(database.engine === 'postgres' ? { DATABASE_URL: database.url } : {}) });
}

describe('limits across two instances on one database', () => {
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  afterEach(async () => {
    await b?.close();
    await a?.close();
    a = b = undefined;
  });
  const start = async (env: Record<string, string> = {}): Promise<[TestServer, TestServer]> => {
    a = await startTestServer(env);
    b = await secondInstance(a, env);
    return [a, b];
  };

  it('counts login failures of one account on both instances (5 per account)', async () => {
    const [one, two] = await start({ LOGIN_MAX_FAILURES_PER_IP: '20' });
    const login = (t: TestServer, password: string) => call(t, 'POST', '/api/auth/login', { body: { email: 'demo@example.com', password } });
    for (let i = 0; i < 3; i++) expect((await login(one, 'wrong')).status).toBe(401);
    // The account's address in another case is the same account.
    for (let i = 0; i < 2; i++) expect((await call(two, 'POST', '/api/auth/login', { body: { email: 'DEMO@example.com', password: 'wrong' } })).status).toBe(401);
    for (const t of [one, two]) {
      const blocked = await login(t, 'demo1234');
      expect(blocked.status).toBe(429);
      expect((await json<ErrorJson>(blocked)).error.code).toBe('rate-limited');
    }
  });

  it('counts login failures of one address across accounts on both instances', async () => {
    const [one, two] = await start({ LOGIN_MAX_FAILURES_PER_IP: '4' });
    const fail = (t: TestServer, i: number) => call(t, 'POST', '/api/auth/login', { body: { email: `x${String(i)}@example.org`, password: 'wrong' } });
    expect((await fail(one, 1)).status).toBe(401);
    expect((await fail(two, 2)).status).toBe(401);
    expect((await fail(one, 3)).status).toBe(401);
    expect((await fail(two, 4)).status).toBe(401);
    expect((await call(one, 'POST', '/api/auth/login', { body: { email: 'demo@example.com', password: 'demo1234' } })).status).toBe(429);
  });

  it(`counts wrong access codes on both instances toward the code-entry budget (${String(CODE_GUESS_WINDOWS[0]?.limit)} per address)`, async () => {
    const [one, two] = await start();
    const limit = CODE_GUESS_WINDOWS[0]?.limit ?? 0;
    const access = (t: TestServer, code: string) => call(t, 'POST', '/api/questionnaire/access', { body: { code } });
    for (let i = 0; i < limit / 2; i++) expect((await access(one, 'ZZZZZ-ZZZZ' + String((i % 8) + 2))).status).toBe(404);
    for (let i = 0; i < limit / 2; i++) expect((await access(two, 'ZZZZZ-ZZZZ' + String((i % 8) + 2))).status).toBe(404);
    for (const t of [two, one]) {
      const res = await access(t, 'ZZZZZ-ZZZZ2');
      expect(res.status).toBe(429);
      expect((await json<ErrorJson>(res)).error.code).toBe('rate-limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(500);
    }
  });

  it('counts the account routes on both instances (ACCOUNT_RATE_LIMIT per address)', async () => {
    const [one, two] = await start({ ACCOUNT_RATE_LIMIT: '3' });
    const forgot = (t: TestServer) => call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.org', locale: 'sl' } });
    expect((await forgot(one)).status).toBe(202);
    expect((await forgot(two)).status).toBe(202);
    expect((await forgot(one)).status).toBe(202);
    const res = await forgot(two);
    expect(res.status).toBe(429);
    expect((await json<ErrorJson>(res)).error.code).toBe('rate-limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another limiter with the same limit counts apart.
    expect((await call(one, 'POST', '/api/auth/confirm-email/resend', { body: { email: 'ghost@example.org' } })).status).not.toBe(429);
  });
});

describe('the rate_limits table', () => {
  const open = async () => {
    const dir = makeTempDir('izz-rate-limits-');
    return { dir, ...(await openTestDatabase(dir)) };
  };

  it('counts in fixed windows, takes hits back, forgets a key, and stores no key in the clear', async () => {
    const { db, drop } = await open();
    try {
      const repo = createRateLimitRepo(db);
      const t0 = 1_800_000_000_000;
      expect(await repo.hit('login-ip:203.0.113.7', 60_000, t0)).toEqual({ hits: 1, resetAt: t0 + 60_000 });
      expect(await repo.hit('login-ip:203.0.113.7', 60_000, t0 + 1000)).toEqual({ hits: 2, resetAt: t0 + 60_000 });
      expect(await repo.hit('login-account:a@example.org', 60_000, t0 + 1000)).toEqual({ hits: 1, resetAt: t0 + 61_000 });
      await repo.decrement('login-ip:203.0.113.7', t0 + 2000);
      expect(await repo.get('login-ip:203.0.113.7', t0 + 2000)).toEqual({ hits: 1, resetAt: t0 + 60_000 });
      // The window has ended: nothing counted, and the next hit starts a new one.
      expect(await repo.get('login-ip:203.0.113.7', t0 + 60_000)).toBeUndefined();
      expect(await repo.hit('login-ip:203.0.113.7', 60_000, t0 + 60_000)).toEqual({ hits: 1, resetAt: t0 + 120_000 });
      await repo.reset('login-account:a@example.org');
      expect(await repo.get('login-account:a@example.org', t0 + 1000)).toBeUndefined();

      const rows = await db.all<{ key: string }>('SELECT key FROM rate_limits');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.key).toMatch(/^[0-9a-f]{32}$/);
      expect(rows[0]?.key).not.toContain('203.0.113.7');
    } finally {
      await db.close();
      await drop();
    }
  });

  it('counts concurrent hits of one key exactly', async () => {
    const { db, drop } = await open();
    try {
      const repo = createRateLimitRepo(db);
      const t0 = 1_800_000_000_000;
      const results = await Promise.all(Array.from({ length: 20 }, () => repo.hit('contact:198.51.100.1', 60_000, t0)));
      expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await db.close();
      await drop();
    }
  });

  it(`deletes ended windows every ${String(PURGE_EVERY_HITS)} hits`, async () => {
    const { db, drop } = await open();
    try {
      const counts = createRateLimitCounts(db);
      const t0 = 1_800_000_000_000;
      await counts.hit('old', 1000, t0);
      for (let i = 1; i < PURGE_EVERY_HITS - 1; i++) await counts.hit('new', 60_000, t0 + 5000);
      expect((await db.all('SELECT key FROM rate_limits')).length).toBe(2);
      await counts.hit('new', 60_000, t0 + 5000);
      expect((await db.all('SELECT key FROM rate_limits')).length).toBe(1);
      expect(await counts.get('new', t0 + 5000)).toEqual({ hits: PURGE_EVERY_HITS - 1, resetAt: t0 + 65_000 });
    } finally {
      await db.close();
      await drop();
    }
  });
});
