import fs from 'node:fs';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { makeTempDir, testDatabaseEnv } from '../test/helpers.js';
import { verifyPassword } from '../modules/auth/index.js';
import { openDatabase, type DatabaseTarget } from '../db/connection.js';
import { migrate, migrationsDirOf } from '../db/migrate.js';
import { DEMO_MARKET_COMPANIES } from './seed-demo-market.js';
import { DEMO_COMPANY, DEMO_COMPANY_NAME, DEMO_USER, seedOnce } from './seed.js';
import path from 'node:path';
import { DATABASE_FILE } from '../app.js';
import { isValidTaxNumber } from '../../shared/tax-numbers.js';

const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  for (const drop of drops.splice(0)) await drop();
});

/**
 * A DATA_DIR and the variables of the test run's database (on PostgreSQL a fresh database, kept across restarts).
 * Without the demo market unless `market` (it has tests of its own: seed-demo-market.test.ts).
 */
async function dataDir(market = false): Promise<{ dir: string; env: Record<string, string> }> {
  const dir = makeTempDir('izz-seed-');
  dirs.push(dir);
  const database = await testDatabaseEnv();
  drops.push(database.drop);
  return { dir, env: { ...database.env, DATA_DIR: dir, SEED_DEMO_MARKET: String(market) } };
}

const counts = async (handle: Awaited<ReturnType<typeof createApp>>) =>
  Object.fromEntries(
    await Promise.all(
      ['settings', 'assets', 'asset_variants', 'award_years', 'companies', 'users', 'applications', 'responses', 'blog_posts', 'blog_post_versions'].map(async (table) => [
        table,
        ((await handle.db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)) as { n: number }).n,
      ]),
    ),
  );

describe('first-start seed', () => {
  it('runs once: a restart on the same DATA_DIR adds nothing and keeps the session secret', async () => {
    const { env } = await dataDir();
    const logger = pino({ level: 'silent' });
    const first = await createApp(loadConfig({ ...env, NODE_ENV: 'test' }), { logger, startMailWorker: false });
    const before = await counts(first);
    // users: the demo user and the administrator. No award year: the award module publishes the years it computed.
    // settings: the seeded flags (first start, blogs), the partner logo and the footer block of 2 themes × 8 languages.
    // assets: the partner logo and the covers of the 3 first blog posts (each in sl, en and hr).
    // applications: the demo's IZZ survey in progress, its PULS application and last year's finished survey.
    expect(before).toEqual({ settings: 19, assets: 4, asset_variants: 1, award_years: 0, companies: 1, users: 2, applications: 3, responses: 296, blog_posts: 3, blog_post_versions: 9 });
    const cookieUser = await first.services.auth.findUserByEmail(DEMO_USER.email);
    const session = await first.services.auth.createSession(cookieUser?.id as number);
    await first.close();

    const second = await createApp(loadConfig({ ...env, NODE_ENV: 'test' }), { logger, startMailWorker: false });
    expect(await counts(second)).toEqual(before);
    // The persisted development secret means the earlier session is still valid.
    expect((await second.services.auth.resolveToken(session.token))?.user.email).toBe(DEMO_USER.email);
    await second.close();
  });

  it('leaves out the demo user and the demo market when SEED_DEMO=false', async () => {
    const { env } = await dataDir();
    const { SEED_DEMO_MARKET: _market, ...withoutMarket } = env;
    const handle = await createApp(loadConfig({ ...withoutMarket, SEED_DEMO: 'false' }), { logger: pino({ level: 'silent' }), startMailWorker: false });
    // Only the administrator (SEED_DEMO_MARKET follows SEED_DEMO).
    expect(handle.config.seedDemoMarket).toBe(false);
    // The first blog posts are the operator's content, not demo data: they are there without the demo too.
    expect(await counts(handle)).toMatchObject({ users: 1, companies: 0, award_years: 0, assets: 4, applications: 0, blog_posts: 3 });
    await handle.close();
  });

  it('seeds the demo market with SEED_DEMO_MARKET once: a restart adds nothing', async () => {
    const { env } = await dataDir(true);
    const logger = pino({ level: 'silent' });
    const clock = () => new Date('2026-11-25T10:00:00.000Z');
    const first = await createApp(loadConfig({ ...env, NODE_ENV: 'test' }), { logger, clock, startMailWorker: false, startScheduler: false });
    const before = await counts(first);
    expect(before.companies).toBe(1 + DEMO_MARKET_COMPANIES);
    // The demo company: four finished IZZ surveys, 2022 to 2025, last year's with its 296 responses.
    const demo = await first.db.all<{ year: string; n: number }>(
      `SELECT substr(a.finished_at, 1, 4) AS year, (SELECT count(*) FROM responses r WHERE r.survey_id = a.id) AS n
       FROM applications a JOIN users u ON u.company_id = a.company_id
       WHERE u.email = ? AND a.type = 'izz' AND a.state = 'finished' ORDER BY a.finished_at`,
      [DEMO_USER.email],
    );
    expect(demo.map((d) => d.year)).toEqual(['2022', '2023', '2024', '2025']);
    expect(demo[3]?.n).toBe(296);
    // the award module publishes the market's years as the system: computed results, no mail
    expect(before.award_years).toBe(4);
    const published = await first.db.all<{ year: number; results: string }>('SELECT year, results FROM award_years WHERE published_at IS NOT NULL ORDER BY year');
    expect(published.map((y) => y.year)).toEqual([2022, 2023, 2024, 2025]);
    for (const y of published) expect((JSON.parse(y.results) as { eligible: boolean }[]).filter((e) => e.eligible).length).toBeGreaterThan(18);
    expect(await first.db.get("SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE 'award-result:%'")).toEqual({ n: 0 });
    await first.close();

    const second = await createApp(loadConfig({ ...env, NODE_ENV: 'test' }), { logger, clock, startMailWorker: false, startScheduler: false });
    expect(await counts(second)).toEqual(before);
    await second.close();
    // Publishing the market's four years freezes the reporting base of every market survey (well over a hundred),
    // each with the exact release check: tens of seconds on a 2-core machine.
  }, 180_000);
});

describe('administrator and demo company (company accounts)', () => {
  const silent = pino({ level: 'silent' });

  it('creates the administrator once with a generated password printed once, and the demo company with a full verified profile', async () => {
    const { env } = await dataDir();
    const printed: string[] = [];
    const first = await createApp(loadConfig({ ...env, NODE_ENV: 'test' }), { logger: silent, startMailWorker: false, printAdminPassword: (l) => printed.push(l) });
    expect(printed).toHaveLength(1);
    const password = /admin@example\.com \/ (\S+)/.exec(printed[0] as string)?.[1] as string;
    expect(password.length).toBeGreaterThanOrEqual(12);
    const admin = await first.db.get<{ scope: string; password_hash: string; email_verified_at: string | null }>("SELECT scope, password_hash, email_verified_at FROM users WHERE email = 'admin@example.com'");
    expect(admin?.scope).toBe('["admin"]');
    expect(admin?.email_verified_at).not.toBeNull();
    expect(admin?.password_hash).not.toContain(password);
    expect(await verifyPassword(password, admin?.password_hash as string)).toBe(true);

    const company = await first.db.get<Record<string, unknown>>('SELECT c.* FROM companies c JOIN users u ON u.company_id = c.id WHERE u.email = ?', [DEMO_USER.email]);
    expect(company).toMatchObject({ name: DEMO_COMPANY_NAME, country: 'si', tax_number: DEMO_COMPANY.tax_number, city: 'Ljubljana', size: 'large', employees_total: 320 });
    expect(company?.verified_at).not.toBeNull();
    expect(isValidTaxNumber('si', DEMO_COMPANY.tax_number)).toBe(true);
    await first.close();

    const again: string[] = [];
    const second = await createApp(loadConfig({ ...env, NODE_ENV: 'test' }), { logger: silent, startMailWorker: false, printAdminPassword: (l) => again.push(l) });
    expect(again).toEqual([]);
    expect((await second.db.get<{ n: number }>("SELECT count(*) AS n FROM users WHERE scope LIKE '%admin%'"))?.n).toBe(1);
    await second.close();
  });

  it('uses ADMIN_EMAIL / ADMIN_PASSWORD and prints nothing', async () => {
    const { env } = await dataDir();
    const printed: string[] = [];
    const handle = await createApp(loadConfig({ ...env, NODE_ENV: 'test', ADMIN_EMAIL: 'Boss@Example.org', ADMIN_PASSWORD: 'boss-pass-1' }), {
      logger: silent,
      startMailWorker: false,
      printAdminPassword: (l) => printed.push(l),
    });
    expect(printed).toEqual([]);
    const row = await handle.db.get<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = 'boss@example.org'");
    expect(await verifyPassword('boss-pass-1', row?.password_hash as string)).toBe(true);
    await handle.close();
  });

  it('upgrades a database seeded before company accounts: adds the administrator and fills the demo profile', async () => {
    const { dir, env } = await dataDir();
    // A database of the first release: only migration 0001, seeded.
    const only0001 = makeTempDir('izz-mig-');
    dirs.push(only0001);
    const target: DatabaseTarget = env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL } : { engine: 'sqlite', file: path.join(dir, DATABASE_FILE) };
    const old = openDatabase(target);
    fs.copyFileSync(path.join(migrationsDirOf(old.dialect), '0001_platform_foundation.sql'), path.join(only0001, '0001_platform_foundation.sql'));
    await migrate(old, only0001);
    await seedOnce(old, { demoUser: true });
    expect((await old.get<{ n: number }>('SELECT count(*) AS n FROM users'))?.n).toBe(1);
    await old.close();

    const printed: string[] = [];
    const handle = await createApp(loadConfig({ ...env, NODE_ENV: 'test' }), { logger: silent, startMailWorker: false, printAdminPassword: (l) => printed.push(l) });
    expect(printed).toHaveLength(1);
    const demo = await handle.db.get<Record<string, unknown>>(
      'SELECT c.tax_number, c.verified_at, u.first_name, u.locale FROM users u JOIN companies c ON c.id = u.company_id WHERE u.email = ?',
      [DEMO_USER.email],
    );
    expect(demo).toMatchObject({ tax_number: DEMO_COMPANY.tax_number, first_name: 'Demo', locale: 'sl' });
    expect(demo?.verified_at).not.toBeNull();
    expect((await handle.db.get<{ n: number }>('SELECT count(*) AS n FROM companies'))?.n).toBe(1);
    await handle.close();
  });
});
