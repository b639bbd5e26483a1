import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DATABASE_FILE } from '../server/config.js';
import { openDatabase } from '../server/db/connection.js';
import { DEMO_USER } from '../server/seed/seed.js';
import { createTestDatabase, dropTestDatabase } from '../server/test/pg-cluster.js';
import { call, createCompanyAccount, json, loginCookie, startTestServer, type TestServer } from '../server/test/helpers.js';
import { copyToPostgres, CopyRefused, foreignKeyOrder, formatCounts } from './migrate-to-postgres.lib.js';

const pgUrl = inject('pgUrl');

/** Stops a test server but keeps its DATA_DIR (the SQLite file to copy); returns the file. */
async function stopKeepingData(t: TestServer): Promise<string> {
  t.server.closeAllConnections();
  await new Promise<void>((resolve) => t.server.close(() => resolve()));
  await t.handle.close();
  return path.join(t.dataDir, DATABASE_FILE);
}

describe('foreignKeyOrder', () => {
  it('puts every table after the tables it references', () => {
    const { order, cyclic } = foreignKeyOrder([
      { name: 'responses', references: ['applications'] },
      { name: 'applications', references: ['companies', 'users'] },
      { name: 'users', references: ['companies'] },
      { name: 'companies', references: ['assets'] },
      { name: 'assets', references: [] },
    ]);
    expect(order).toEqual(['assets', 'companies', 'users', 'applications', 'responses']);
    expect(cyclic).toBe(false);
  });

  it('says when references form a cycle', () => {
    expect(foreignKeyOrder([{ name: 'a', references: ['b'] }, { name: 'b', references: ['a'] }]).cyclic).toBe(true);
  });
});

describe('formatCounts', () => {
  it('marks the tables whose counts differ', () => {
    const lines = formatCounts([
      { table: 'users', sqlite: 3, postgres: 3 },
      { table: 'responses', sqlite: 296, postgres: 295 },
      { table: 'extra', sqlite: null, postgres: 0 },
    ]);
    expect(lines.filter((l) => l.endsWith('<- differs')).map((l) => l.split(' ')[0])).toEqual(['responses', 'extra']);
    expect(lines.find((l) => l.startsWith('extra'))).toContain('missing');
  });
});

describe.skipIf(pgUrl === null)('npm run migrate-to-postgres', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function freshDatabase(): Promise<string> {
    const url = await createTestDatabase(pgUrl!);
    cleanups.push(() => dropTestDatabase(url));
    return url;
  }

  /** A SQLite installation with the demo data and a company registered through the API; the app is stopped. */
  async function sqliteInstallation(): Promise<{ file: string; maxUserId: number }> {
    const t = await startTestServer();
    let stopped = false;
    cleanups.push(async () => {
      if (!stopped) await t.close();
      else fs.rmSync(t.dataDir, { recursive: true, force: true });
    });
    const company = await createCompanyAccount(t, { email: 'copied@example.org' });
    const me = await call(t, 'GET', '/api/me', { cookie: company.cookie });
    expect(me.status).toBe(200);
    const maxUserId = (await t.handle.db.get<{ id: number }>('SELECT max(id) AS id FROM users'))!.id;
    const file = await stopKeepingData(t);
    stopped = true;
    return { file, maxUserId };
  }

  it('copies every table with its ids, and the app runs on the copy', async () => {
    const { file, maxUserId } = await sqliteInstallation();
    const url = await freshDatabase();
    const lines: string[] = [];

    const result = await copyToPostgres({ sqliteFile: file, databaseUrl: url, log: (line) => lines.push(line), batchSize: 7 });

    expect(result.ok).toBe(true);
    const source = openDatabase(file);
    try {
      const tables = (await source.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name")).map(
        (r) => r.name,
      );
      expect(result.counts.map((c) => c.table)).toEqual(tables);
      for (const table of tables) {
        const n = (await source.get<{ n: number }>(`SELECT count(*) AS n FROM "${table}"`))!.n;
        expect(result.counts.find((c) => c.table === table)).toEqual({ table, sqlite: n, postgres: n });
      }
      // The demo data is there: the copy is not of empty tables.
      for (const table of ['users', 'companies', 'applications', 'responses', 'settings']) {
        expect(result.counts.find((c) => c.table === table)!.postgres).toBeGreaterThan(0);
      }
      // Rows arrive unchanged, ids and bytes included.
      const target = openDatabase({ engine: 'postgres', url });
      try {
        for (const [table, order] of [
          ['users', 'id'],
          ['responses', 'id'],
          ['assets', 'id'],
        ] as const) {
          expect(await target.all(`SELECT * FROM ${table} ORDER BY ${order}`)).toEqual(await source.all(`SELECT * FROM ${table} ORDER BY ${order}`));
        }
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
    expect(lines.some((l) => l.startsWith('  responses: '))).toBe(true);

    const onPostgres = await startTestServer({ DATABASE_URL: url });
    cleanups.push(() => onPostgres.close());
    const cookie = await loginCookie(onPostgres, DEMO_USER.email, DEMO_USER.password);
    const me = await call(onPostgres, 'GET', '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await json(me))).toContain(DEMO_USER.email);
    // The copied company still logs in too, and a new account gets an id after the copied ones.
    await loginCookie(onPostgres, 'copied@example.org', 'secret12');
    const added = await createCompanyAccount(onPostgres, { email: 'added@example.org' });
    expect(added.userId).toBeGreaterThan(maxUserId);
  });

  it('refuses a target that already has rows, and changes nothing there', async () => {
    const { file } = await sqliteInstallation();
    const url = await freshDatabase();
    // An app started on the target seeds it.
    const started = await startTestServer({ DATABASE_URL: url });
    const usersBefore = (await started.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM users'))!.n;
    await stopKeepingData(started);
    fs.rmSync(started.dataDir, { recursive: true, force: true });

    await expect(copyToPostgres({ sqliteFile: file, databaseUrl: url, log: () => undefined })).rejects.toThrow(CopyRefused);
    await expect(copyToPostgres({ sqliteFile: file, databaseUrl: url, log: () => undefined })).rejects.toThrow(/not empty/);

    // The npm script says why and exits non-zero.
    const cli = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/migrate-to-postgres.ts', file], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: path.dirname(file) },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('Refused: The target database is not empty');

    const target = openDatabase({ engine: 'postgres', url });
    try {
      expect((await target.get<{ n: number }>('SELECT count(*) AS n FROM users'))!.n).toBe(usersBefore);
    } finally {
      await target.close();
    }
  });

  it('refuses a SQLite database that lacks a migration of this version', async () => {
    const { file } = await sqliteInstallation();
    const source = openDatabase(file);
    await source.run('DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)');
    await source.close();
    const url = await freshDatabase();

    await expect(copyToPostgres({ sqliteFile: file, databaseUrl: url, log: () => undefined })).rejects.toThrow(/Start this version of the app once on the SQLite database/);
  });
});
