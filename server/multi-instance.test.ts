/**
 * Two instances on one PostgreSQL: two real server processes (server/index.ts) on the same
 * DATABASE_URL, each with its own DATA_DIR, started at the same moment. Skipped only where PostgreSQL is not
 * installed outside CI (server/test/pg-global-setup.ts).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SubmitResult } from '../shared/schemas/questionnaire.js';
import { DEMO_USER } from './seed/seed.js';
import { generateAccessCode } from './modules/applications/access-codes.js';
import { CODE_GUESS_WINDOWS } from './modules/questionnaire/code-guesses.js';
import { call, demoIzzAnswers, json, loginCookie } from './test/helpers.js';
import { createTestDatabase, dropTestDatabase } from './test/pg-cluster.js';
import { startServerProcess, type ServerProcess } from './test/server-process.js';

const pgUrl = inject('pgUrl');

interface Instance {
  process: ServerProcess;
  baseUrl: string;
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
}

describe.skipIf(!pgUrl)('two instances on one PostgreSQL', () => {
  let url: string;
  let client: pg.Client;
  const instances: Instance[] = [];
  const env = (): Record<string, string> => ({
    DATABASE_URL: url,
    LOG_LEVEL: 'info', // the 'listening' line tells the port
    JOB_POLL_INTERVAL_MS: '100',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    ADMIN_PASSWORD: 'admin-secret-1',
    // Instances share one secret (sessions and questionnaire tokens are signed with keys derived from it).
    SESSION_SECRET: 'a-shared-secret-of-at-least-32-characters',
  });
  const start = async (): Promise<Instance> => {
    const p = startServerProcess(env());
    const port = await p.listening;
    const baseUrl = `http://127.0.0.1:${String(port)}`;
    const instance = { process: p, baseUrl, fetch: (pathname: string, init?: RequestInit) => fetch(baseUrl + pathname, init) };
    instances.push(instance);
    return instance;
  };
  const count = async (sql: string, params: unknown[] = []): Promise<number> => Number((await client.query<{ n: string }>(sql, params)).rows[0]?.n);

  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    url = await createTestDatabase(pgUrl as string);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    // Both at the same moment, on an empty database: one migrates and seeds, the other waits for the lock.
    [a, b] = await Promise.all([start(), start()]);
  }, 180_000);

  afterAll(async () => {
    for (const i of instances) if (i.process.child.exitCode === null) i.process.child.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.process.exited));
    for (const i of instances) fs.rmSync(i.process.dir, { recursive: true, force: true });
    await client?.end();
    if (url) await dropTestDatabase(url);
  });

  it('migrated and seeded once', async () => {
    const migrations = fs.readdirSync(new URL('./db/migrations/postgres/', import.meta.url)).filter((f) => f.endsWith('.sql')).length;
    expect(await count('SELECT count(*) AS n FROM schema_migrations')).toBe(migrations);
    expect(await count('SELECT count(*) AS n FROM users WHERE email = $1', [DEMO_USER.email])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM users WHERE scope LIKE '%\"admin\"%'")).toBe(1);
    expect(await count('SELECT count(*) AS n FROM companies')).toBe(1);
    expect(await count("SELECT count(*) AS n FROM applications WHERE state = 'finished'")).toBe(1);
  });

  it('a session made on one instance works on the other', async () => {
    const cookie = await loginCookie(a, DEMO_USER.email, DEMO_USER.password);
    const me = await b.fetch('/api/me', { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect((await json<{ data: { email: string } }>(me)).data.email).toBe(DEMO_USER.email);
    // and logging out on the other ends it on both
    expect((await call(b, 'POST', '/api/auth/logout', { cookie })).status).toBeLessThan(300);
    expect((await a.fetch('/api/me', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('counts failed logins across both instances', async () => {
    const wrong = { email: 'admin@example.com', password: 'wrong-password-1' };
    expect((await call(a, 'POST', '/api/auth/login', { body: wrong })).status).toBe(401);
    expect((await call(b, 'POST', '/api/auth/login', { body: wrong })).status).toBe(401);
    expect((await call(a, 'POST', '/api/auth/login', { body: wrong })).status).toBe(401);
    // the limit (3 per account) is reached: even the right password waits, on either instance
    const blocked = await call(b, 'POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-secret-1' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('runs a due job once, though both instances poll for it', async () => {
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (let n = 0; n < 20; n++) {
      const row = await client.query<{ id: string }>(
        `INSERT INTO jobs (kind, payload, run_at, status, attempts, max_attempts, created_at) VALUES ('application.start', $1, $2, 'pending', 0, 5, $2) RETURNING id`,
        [JSON.stringify({ surveyId: 900_000 + n }), now],
      );
      ids.push(Number(row.rows[0]?.id));
    }
    await expect
      .poll(() => count("SELECT count(*) AS n FROM jobs WHERE id = ANY($1::bigint[]) AND status = 'done'", [ids]), { timeout: 20_000 })
      .toBe(20);
    // every job was claimed once (a second claim would count a second attempt)
    expect(await count('SELECT count(*) AS n FROM jobs WHERE id = ANY($1::bigint[]) AND attempts = 1', [ids])).toBe(20);
  });

  /** A code of the demo survey good for many responses, and a questionnaire token for it. */
  const token = async (): Promise<string> => {
    const survey = await client.query<{ id: string }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress' ORDER BY id LIMIT 1");
    const code = generateAccessCode();
    await client.query("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES ($1, $2, 'online', 1, 100000, $3)", [
      survey.rows[0]?.id,
      code,
      new Date().toISOString(),
    ]);
    const res = await call(a, 'POST', '/api/questionnaire/access', { body: { code } });
    expect(res.status).toBe(200);
    return (await json<{ data: { token: string } }>(res)).data.token;
  };
  const post = async (i: Instance, items: unknown[]): Promise<SubmitResult[]> => {
    const res = await call(i, 'POST', '/api/responses', { body: { items } });
    if (res.status !== 200) throw new Error(`POST /api/responses answered ${String(res.status)}`);
    return (await json<{ data: { results: SubmitResult[] } }>(res)).data.results;
  };

  it('stores a response sent to both instances at once one time', async () => {
    const t = await token();
    const items = Array.from({ length: 30 }, () => ({ id: randomUUID(), token: t, answers: demoIzzAnswers() }));
    const [fromA, fromB] = await Promise.all([post(a, items), post(b, items)]);
    // each id is stored by exactly one of them; the other answers 'duplicate'
    for (const [i, item] of items.entries()) {
      expect([fromA[i]?.status, fromB[i]?.status].sort()).toEqual(['applied', 'duplicate']);
      expect(fromA[i]?.id).toBe(item.id);
    }
    expect(await count('SELECT count(*) AS n FROM responses WHERE id = ANY($1::text[])', [items.map((x) => x.id)])).toBe(30);
  });

  it('loses nothing it acknowledged when one instance is killed under load', async () => {
    const t = await token();
    const acknowledged = new Set<string>();
    const sent = new Set<string>();
    let killed = false;
    const worker = async (n: number) => {
      for (let round = 0; round < 40; round++) {
        const target = killed ? b : n % 2 === 0 ? a : b;
        const items = Array.from({ length: 5 }, () => ({ id: randomUUID(), token: t, answers: demoIzzAnswers() }));
        for (const item of items) sent.add(item.id);
        try {
          for (const r of await post(target, items)) if (r.status === 'applied' || r.status === 'duplicate') acknowledged.add(r.id);
        } catch {
          // the killed instance's connection broke: these were not acknowledged
        }
        if (round === 10 && n === 0) {
          a.process.child.kill('SIGKILL');
          killed = true;
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(worker));
    expect(await a.process.exited).toBeNull(); // killed by the signal, no exit code
    expect(acknowledged.size).toBeGreaterThan(400);
    const stored = new Set((await client.query<{ id: string }>('SELECT id FROM responses WHERE id = ANY($1::text[])', [[...sent]])).rows.map((r) => r.id));
    const lost = [...acknowledged].filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    // the instance left standing still answers
    expect((await b.fetch('/api/health')).status).toBe(200);
  }, 120_000);

  // Last: it uses up this address's guesses, after which code entry waits (the tokens above need it). The killed
  // instance is replaced by a new one, which starts on the database the others migrated and seeded.
  it('counts wrong access codes across both instances', async () => {
    const c = await start();
    const guess = (i: Instance) => call(i, 'POST', '/api/questionnaire/access', { body: { code: generateAccessCode() } });
    // 100 wrong codes per 10 minutes per address (code-guesses.ts): 50 on each instance use them up.
    const limit = CODE_GUESS_WINDOWS[0]?.limit ?? 0;
    for (let n = 0; n < limit / 2; n++) {
      expect((await guess(b)).status).toBe(404);
      expect((await guess(c)).status).toBe(404);
    }
    expect((await guess(b)).status).toBe(429);
    expect((await guess(c)).status).toBe(429);
  }, 60_000);
});
