/**
 * Test helpers: a real server on an ephemeral port over a temp DATA_DIR (and a tiny fake PWA build),
 * a session cookie for the seeded demo user, and an altcha solver.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { SESSION_COOKIE_NAME } from '../../shared/constants.js';
import { STATEMENTS } from '../../shared/question-banks/index.js';
import type { SubmitResult } from '../../shared/schemas/questionnaire.js';
import type { AltchaChallenge } from '../../shared/schemas/contact.js';
import { createApp, type AppHandle, type AppOptions } from '../app.js';
import { inject } from 'vitest';
import { DATABASE_FILE, loadConfig } from '../config.js';
import { openDatabase, type Db, type DatabaseTarget } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { DEMO_USER } from '../seed/seed.js';
import { createTestDatabase, dropTestDatabase, MIGRATED_TEMPLATE } from './pg-cluster.js';

export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="sl">
  <head><meta charset="utf-8"><title>Izbor zaposlovalca</title><script type="module" src="/assets/index-abc123.js"></script></head>
  <body><div id="root"></div></body>
</html>
`;

/** The administrator every test server creates. */
export const ADMIN = { email: 'admin@example.com', password: 'admin-secret-1' } as const;

export function makeTempDir(prefix = 'izz-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A fake `vite build` output: index.html, a hashed asset, sw.js and the manifest. */
export function makeFakeDist(root: string): string {
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), FAKE_INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});\n');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"IZZ"}\n');
  return dist;
}

/**
 * A fake build with a stand-in page renderer (dist/../ssr/entry-server.js) that renders none of the app: every page is
 * `<main id="main">rendered</main>` with the page state it was given in its payload (`ssr-data`), as the real one hands
 * it to the app. For what the page server decides (status, head, page state); the real pages are the browser tests'.
 */
export function makeFakeDistWithEchoRenderer(root: string): string {
  const dist = makeFakeDist(root);
  fs.mkdirSync(path.join(root, 'ssr'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'ssr', 'entry-server.js'),
    `export async function render(input) {
  return { kind: 'page', html: '<main id="main">rendered</main>', payload: { namespaces: [], page: input.page ?? {} } };
}
`,
  );
  return dist;
}

/** The page state in a rendered page's payload (`<script type="application/json" id="ssr-data">`), or undefined. */
export function renderedPageState(html: string): Record<string, unknown> | undefined {
  const json = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as { page?: Record<string, unknown> }).page;
}

export interface TestServer {
  handle: AppHandle;
  server: Server;
  baseUrl: string;
  dataDir: string;
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Which engine this test run uses: the `node-pg` vitest project sets TEST_DATABASE=postgres (vitest.config.ts). */
export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * The database variables of a test app: none for SQLite (the file under its DATA_DIR), a fresh empty database on the
 * run's PostgreSQL cluster for PostgreSQL (dropped by `drop`).
 */
export async function testDatabaseEnv(options: { migrated?: boolean } = {}): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (TEST_ENGINE === 'sqlite') return { env: {}, drop: async () => undefined };
  const server = inject('pgUrl');
  if (!server) throw new Error('TEST_DATABASE=postgres but no PostgreSQL cluster was started (server/test/pg-global-setup.ts)');
  const url = await createTestDatabase(server, options.migrated ? MIGRATED_TEMPLATE : undefined);
  return { env: { DATABASE_URL: url }, drop: () => dropTestDatabase(url) };
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A migrated SQLite file, made once per test worker, that test apps start from (copied into their DATA_DIR): every
 * migration's commit waits for the disk, which cost each test app a third of a second. The app still runs migrate(),
 * which finds nothing to do, and seeds as usual.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(makeTempDir('izz-template-'), DATABASE_FILE);
    const db = openDatabase({ engine: 'sqlite', file });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    return file;
  })();
  return sqliteTemplate;
}

/**
 * A Db on the test run's engine (a SQLite file under dir, or a fresh PostgreSQL database), migrated. `reopen` opens
 * another connection to it (another instance's); `target` is where it is, for a child process.
 */
export async function openTestDatabase(dir: string): Promise<{ db: Db; target: DatabaseTarget; reopen(): Db; drop(): Promise<void> }> {
  const database = await testDatabaseEnv({ migrated: true });
  const target: DatabaseTarget = database.env.DATABASE_URL ? { engine: 'postgres', url: database.env.DATABASE_URL } : { engine: 'sqlite', file: path.join(dir, 'test.sqlite') };
  if (target.engine === 'sqlite') fs.copyFileSync(await migratedSqliteTemplate(), target.file);
  const db = openDatabase(target);
  await migrate(db);
  return { db, target, reopen: () => openDatabase(target), drop: database.drop };
}

/**
 * Starts createApp(config) with a temp DATA_DIR (and on PostgreSQL its own database) and listens on port 0. `env` overrides
 * variables. The demo market (some 12,000 responses) is left out unless a test asks for it with SEED_DEMO_MARKET: 'true'.
 */
export async function startTestServer(env: Record<string, string> = {}, options: AppOptions = {}): Promise<TestServer> {
  const dataDir = makeTempDir();
  const database = await testDatabaseEnv({ migrated: true });
  if (!database.env.DATABASE_URL && !env.DATABASE_URL) fs.copyFileSync(await migratedSqliteTemplate(), path.join(dataDir, DATABASE_FILE));
  const config = loadConfig({
    ...database.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    STATIC_DIR: makeFakeDist(dataDir),
    LOG_LEVEL: 'silent',
    OPERATOR_EMAIL: 'operator@example.com',
    OPERATOR_LOCALE: 'sl',
    ALTCHA_MAX_NUMBER: '1000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ACCOUNT_RATE_LIMIT: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    SEED_DEMO_MARKET: 'false',
    ...env,
  });
  const handle = await createApp(config, { startMailWorker: false, ...options });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = handle.app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    handle,
    server,
    baseUrl,
    dataDir,
    fetch: (pathname, init) => fetch(baseUrl + pathname, init),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Cookie header value for a fresh session of the seeded demo user (demo@example.com). */
export async function demoSessionCookie(handle: AppHandle): Promise<string> {
  const user = await handle.services.auth.findUserByEmail(DEMO_USER.email);
  if (!user) throw new Error('The demo user is not seeded (SEED_DEMO=false?)');
  const session = await handle.services.auth.createSession(user.id, { userAgent: 'vitest', platform: 'test', device: 'desktop' });
  return `${SESSION_COOKIE_NAME}=${session.token}`;
}

/** Solves an altcha challenge like the browser widget does; returns the base64 payload for `altcha`. */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('altcha challenge could not be solved');
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface ErrorJson {
  error: { code: string; message: string; details?: { location: string; path: string; code?: string; message: string }[] };
}

// ---- Company accounts ----------------------------------------------------------------------------

/** A valid registration body (Croatian company with a valid OIB); `altcha` is filled in by registerViaApi. */
export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    company_name: 'Primjer d.o.o.',
    country: 'hr',
    industry: 'J',
    activity: 'Razvoj softvera',
    street: 'Ilica',
    house_number: '10a',
    city: 'Zagreb',
    tax_number: '69435151530',
    first_name: 'Ana',
    last_name: 'Horvat',
    phone: '+385 1 234 5678',
    email: 'ana@primjer.example',
    password: 'secret12',
    password_confirmation: 'secret12',
    terms_accepted: true,
    locale: 'hr',
    altcha: 'placeholder',
    ...overrides,
  };
}

/** A JSON request with this server's Origin (state-changing requests need it) and an optional session cookie. */
export function call(t: Pick<TestServer, 'baseUrl' | 'fetch'>, method: string, pathname: string, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { Origin: t.baseUrl, ...(options.headers ?? {}) };
  if (options.cookie) headers.Cookie = options.cookie;
  let body: BodyInit | undefined;
  if (Buffer.isBuffer(options.body)) body = new Uint8Array(options.body);
  else if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return t.fetch(pathname, { method, headers, body });
}

export async function challengeFor(t: TestServer): Promise<string> {
  const res = await t.fetch('/api/contact/challenge');
  return solveAltcha((await res.json()) as AltchaChallenge);
}

/** Registers through the API (with a solved bot check). */
export async function registerViaApi(t: TestServer, overrides: Record<string, unknown> = {}): Promise<Response> {
  return call(t, 'POST', '/api/auth/register', { body: registrationBody({ altcha: await challengeFor(t), ...overrides }) });
}

/** Logs in through the API; returns the Cookie header value. */
export async function loginCookie(t: Pick<TestServer, 'baseUrl' | 'fetch'>, email: string, password: string): Promise<string> {
  const res = await call(t, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  return cookie;
}

let companyCounter = 0;
/** Creates a verified company account directly (no bot check), logs it in, and returns its ids and cookie. */
export async function createCompanyAccount(
  t: TestServer,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; password: string; userId: number; companyId: number; cookie: string }> {
  companyCounter += 1;
  const email = (overrides.email as string | undefined) ?? `company${companyCounter}-${Date.now()}@example.org`;
  const body = registrationBody({ email, company_name: `Company ${companyCounter}`, ...overrides });
  const { registrationSchema } = await import('../../shared/schemas/account.js');
  const input = registrationSchema.parse(body);
  const ids = await t.handle.services.accounts.register(input);
  await t.handle.db.run('UPDATE users SET email_verified_at = ? WHERE id = ?', [new Date().toISOString(), ids.userId]);
  const cookie = await loginCookie(t, email, input.password);
  return { email, password: input.password, ...ids, cookie };
}

export async function adminCookie(t: TestServer): Promise<string> {
  return loginCookie(t, ADMIN.email, ADMIN.password);
}

/** Every row that account endpoints may change, to assert a refused request changed nothing. */
export async function accountSnapshot(handle: AppHandle): Promise<string> {
  const tables = ['users', 'companies', 'testimonials', 'mail_outbox', 'used_tokens', 'audit_log', 'assets'];
  const rows = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await handle.db.all(`SELECT * FROM ${table} ORDER BY 1`)] as const)));
  const sessions = await handle.db.all('SELECT id, user_id, revoked_at, acting_user_id FROM sessions ORDER BY created_at, id');
  return JSON.stringify({ ...rows, sessions }, (_k, v: unknown) => (Buffer.isBuffer(v) ? `<${v.length} bytes>` : v));
}

/** The token from the last mail queued to an address (the ?token= of its link). */
export async function tokenFromMail(handle: AppHandle, to: string): Promise<string> {
  const mail = await handle.db.get<{ text: string }>('SELECT text FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1', [to]);
  const match = mail ? /[?&]token=([^&\s]+)/.exec(mail.text) : null;
  if (!match) throw new Error(`no mail with a token to ${to}`);
  return decodeURIComponent(match[1] as string);
}

// ---- Time ----------------------------------------------------------------------------------------

/** A clock tests move by hand (createApp({ clock }), createScheduler({ clock })): nothing sleeps. */
export interface TestClock {
  (): Date;
  /** Jumps to a time. */
  set(to: Date | string): void;
  /** Moves forward by ms. */
  advance(ms: number): void;
}

export function createTestClock(start: Date | string = '2030-01-01T08:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  const clock = (() => new Date(current)) as TestClock;
  clock.set = (to) => {
    current = new Date(to).getTime();
  };
  clock.advance = (ms) => {
    current += ms;
  };
  return clock;
}

// ---------------------------------------------------------------------------------------------
// Respondents (questionnaire, kiosk, paper entry)
// ---------------------------------------------------------------------------------------------

/** A complete, valid answer set for the seeded in-progress demo IZZ survey (its extra questions demo-q1, demo-q2). */
export function demoIzzAnswers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    language: 'sl',
    statements: Object.fromEntries(STATEMENTS.map((s, i) => [s.id, (i % 4) + 1])),
    enps_grade: 9,
    esi_workplace_satisfaction: 8,
    esi_workplace_expectations: 7,
    esi_ideal_job_comparison: 6,
    demographics: {},
    extra: { 'demo-q1': { value: 0 }, 'demo-q2': { value: 'Več kave' } },
    puls: {},
    ...overrides,
  };
}

/** POST /api/responses (a sync batch); expects 200 and returns the per-item results. */
export async function postResponses(t: TestServer, items: unknown[]): Promise<SubmitResult[]> {
  const res = await call(t, 'POST', '/api/responses', { body: { items } });
  if (res.status !== 200) throw new Error(`POST /api/responses answered ${String(res.status)}: ${await res.text()}`);
  return (await json<{ data: { results: SubmitResult[] } }>(res)).data.results;
}

/**
 * The seeded in-progress demo IZZ survey, and a copy of it (same draft, in progress) owned by a new
 * company: for the "another company's survey" cases.
 */
export async function demoSurveyAndForeignCopy(t: TestServer, createdAt: string): Promise<{ demoSurveyId: number; other: Awaited<ReturnType<typeof createCompanyAccount>>; otherSurveyId: number }> {
  const demo = await t.handle.db.get<{ id: number; draft: string }>("SELECT id, draft FROM applications WHERE type = 'izz' AND state = 'in_progress'");
  if (!demo) throw new Error('no demo survey');
  const other = await createCompanyAccount(t);
  const otherSurveyId = Number(
    await t.handle.db.insert("INSERT INTO applications (company_id, created_by, type, state, draft, created_at, updated_at) VALUES (?, ?, 'izz', 'in_progress', ?, ?, ?)", [
      other.companyId,
      other.userId,
      demo.draft,
      createdAt,
      createdAt,
    ]),
  );
  return { demoSurveyId: demo.id, other, otherSurveyId };
}
