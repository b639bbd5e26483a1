/**
 * Stored rows carry no order and no pairing: what a copy of the data shows, taken while the server runs
 * (hot: the database file with its -wal and -shm) and after it stopped (cold), before and after the survey finishes.
 * A survey with 40 respondent e-mail invitations (one code each) gets 40 responses, one after the other, with a
 * reminder half-way; then its end-date job finishes it. Each response's answers carry its place in the order of
 * arrival (the first three statements, in base 4), so a stored row can be matched to its arrival whatever its id.
 *
 * SQLite: the copies are read as raw bytes (every occurrence of an id, code or address, and the page it is on, by
 * the dbstat table of a reader) and with better-sqlite3. PostgreSQL: the table's physical order (ctid) and every
 * row of every table. docs/decisions/0005-what-a-stored-response-holds.md, "What a stored response holds", says what this shows.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAccessCode } from '../../../shared/access-codes.js';
import { STATEMENTS } from '../../../shared/question-banks/index.js';
import { DATABASE_FILE } from '../../config.js';
import { adminCookie, call, createCompanyAccount, createTestClock, demoIzzAnswers, json, makeTempDir, postResponses, startTestServer, TEST_ENGINE, type TestServer } from '../../test/helpers.js';

const N = 40;
const clock = createTestClock('2030-05-01T09:00:00.000Z');
const emails = Array.from({ length: N }, (_, i) => `person-${String(i).padStart(2, '0')}@copy.test`);

/** The answers of the i-th response to arrive: its number i in the first three statements (base 4, 1..4). */
function answersOf(i: number): Record<string, unknown> {
  const statements = Object.fromEntries(STATEMENTS.map((s, k) => [s.id, (k % 4) + 1]));
  for (let d = 0; d < 3; d++) statements[STATEMENTS[d]!.id] = (Math.floor(i / 4 ** d) % 4) + 1;
  return demoIzzAnswers({ language: 'en', statements, extra: {} });
}
function arrivalOf(answers: string): number {
  const statements = (JSON.parse(answers) as { statements: Record<string, number> }).statements;
  let i = 0;
  for (let d = 0; d < 3; d++) i += ((statements[STATEMENTS[d]!.id] ?? 1) - 1) * 4 ** d;
  return i;
}

/** Kendall's tau between an order and 0..n-1: 1 when it is the order of arrival, about 0 (sd 0.11 for 40) when random. */
function kendallTau(order: number[]): number {
  let concordant = 0;
  let discordant = 0;
  for (let a = 0; a < order.length; a++) {
    for (let b = a + 1; b < order.length; b++) {
      if (order[a]! < order[b]!) concordant++;
      else discordant++;
    }
  }
  return (concordant - discordant) / (concordant + discordant);
}

const offsetsOf = (bytes: Buffer, needle: string): number[] => {
  const found: number[] = [];
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) found.push(at);
  return found;
};

let t: TestServer;
let admin: string;
const dataDir = makeTempDir('izz-copies-');
const copiesDir = makeTempDir('izz-copies-taken-');
let surveyId = 0;
let codes: string[] = [];
const arrivalIds: string[] = [];

const start = async () => {
  t = await startTestServer({ TIME_ZONE: 'Europe/Ljubljana', DATA_DIR: dataDir }, { clock, startScheduler: false });
  admin = await adminCookie(t);
};

/** The SQLite files as they are now (a hot copy while the server runs, a cold one after it stopped). */
function copyFiles(label: string): { dir: string; db: Buffer; wal: Buffer | null } {
  const dir = path.join(copiesDir, label);
  fs.mkdirSync(dir);
  for (const suffix of ['', '-wal', '-shm']) {
    const from = path.join(dataDir, DATABASE_FILE + suffix);
    if (fs.existsSync(from)) fs.copyFileSync(from, path.join(dir, DATABASE_FILE + suffix));
  }
  const wal = path.join(dir, `${DATABASE_FILE}-wal`);
  return { dir, db: fs.readFileSync(path.join(dir, DATABASE_FILE)), wal: fs.existsSync(wal) ? fs.readFileSync(wal) : null };
}

beforeAll(async () => {
  await start();
  const company = await createCompanyAccount(t);
  surveyId = (await json<{ data: { id: number } }>(await call(t, 'POST', '/api/applications', { cookie: company.cookie, body: { type: 'izz' } }))).data.id;
  const details = {
    name: 'IZZ 2030',
    collection: 'online',
    start_date: '2030-05-10',
    end_date: '2030-05-20',
    employees: 100,
    online_respondents: N,
    offline_respondents: 0,
    code_type: 'different',
    invitation_date: '2030-05-10',
    invitation_time: '09:00',
    reminder_date: '2030-05-15',
    reminder_time: '09:00',
    languages: ['en'],
    respondent_emails: emails.map((email) => ({ email, language: 'en' })),
  };
  expect((await call(t, 'PUT', `/api/applications/${String(surveyId)}/draft`, { cookie: company.cookie, body: { draft: { details } } })).status).toBe(200);
  expect((await call(t, 'POST', `/api/applications/${String(surveyId)}/submit`, { cookie: company.cookie })).status).toBe(200);
  expect((await call(t, 'POST', `/api/admin/applications/${String(surveyId)}/approve`, { cookie: admin })).status).toBe(200);
  // 10 May 09:00 (summer time): the survey starts and the invitations go out (captured: no SMTP here).
  clock.set('2030-05-10T07:00:00.000Z');
  await t.handle.scheduler.tick();
  await t.handle.scheduler.tick();
  await t.handle.mailWorker.tick();
  codes = [];
  for (const email of emails) {
    const row = await t.handle.db.get<{ code: string }>('SELECT c.code FROM access_codes c JOIN respondent_emails e ON e.id = c.respondent_email_id WHERE e.email = ? AND c.survey_id = ?', [email, surveyId]);
    codes.push(row?.code ?? '');
  }
  expect(codes.every((c) => c.length === 10)).toBe(true);
  // SQLite: the write-ahead log starts empty here, so what it holds below is the answering.
  if (TEST_ENGINE === 'sqlite') await t.handle.db.get('PRAGMA wal_checkpoint(TRUNCATE)');

  // The 40 answer one after the other, each with its own code; half-way, the reminder goes to the other half.
  for (let i = 0; i < N; i++) {
    if (i === N / 2) {
      clock.set('2030-05-15T07:00:00.000Z');
      await t.handle.scheduler.tick();
      await t.handle.mailWorker.tick();
    }
    const access = await call(t, 'POST', '/api/questionnaire/access', { body: { code: formatAccessCode(codes[i]!) } });
    expect(access.status).toBe(200);
    const { token } = (await json<{ data: { token: string } }>(access)).data;
    const id = randomUUID();
    expect(await postResponses(t, [{ id, token, answers: answersOf(i) }])).toEqual([{ id, status: 'applied' }]);
    arrivalIds.push(id);
  }
}, 120_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(copiesDir, { recursive: true, force: true });
});

/** What a finished survey's copy must not hold, and how its responses lie (SQLite). */
function expectSqliteCopyAfterFinish(copy: { dir: string; db: Buffer; wal: Buffer | null }) {
  const files = [copy.db, ...(copy.wal ? [copy.wal] : [])];
  // No address, no code as a mail prints it, no id a response had when it came: in no byte of any file.
  for (const bytes of files) {
    for (const needle of [...emails, ...codes.map(formatAccessCode), ...arrivalIds]) expect(offsetsOf(bytes, needle), needle).toEqual([]);
  }
  const reader = new Database(path.join(copy.dir, DATABASE_FILE));
  try {
    const pageSize = reader.pragma('page_size', { simple: true }) as number;
    const pageOwner = new Map((reader.prepare('SELECT pageno, name FROM dbstat').all() as { pageno: number; name: string }[]).map((p) => [p.pageno, p]));
    // A code itself is only where the codes are kept (used or not): the access_codes table and its unique index.
    for (const code of codes) {
      for (const at of offsetsOf(copy.db, code)) expect(pageOwner.get(Math.floor(at / pageSize) + 1)?.name, code).toMatch(/^(access_codes|sqlite_autoindex_access_codes_\d)$/);
    }
    if (copy.wal) for (const code of codes) expect(offsetsOf(copy.wal, code), code).toEqual([]);

    // The rows: what is kept of a code is used or not; no list, no outbox row of a respondent.
    expect(reader.prepare('SELECT count(*) AS n FROM respondent_emails WHERE application_id = ?').get(surveyId)).toEqual({ n: 0 });
    expect(reader.prepare('SELECT uses, count(*) AS n FROM access_codes WHERE survey_id = ? GROUP BY uses').all(surveyId)).toEqual([{ uses: 1, n: N }]);
    const outbox = reader.prepare('SELECT dedupe_key, text FROM mail_outbox').all() as { dedupe_key: string | null; text: string }[];
    expect(outbox.filter((m) => m.dedupe_key?.includes(`:${String(surveyId)}:`) || codes.some((c) => m.text.includes(formatAccessCode(c))))).toEqual([]);

    // The table's order is the order of its (new, random) ids, nothing else: a scan returns them sorted.
    const stored = reader.prepare('SELECT id, survey_id, answers FROM responses').all() as { id: string; survey_id: number; answers: string }[];
    const mine = stored.filter((r) => r.survey_id === surveyId);
    expect(mine).toHaveLength(N);
    expect(mine.map((r) => r.id)).toEqual(mine.map((r) => r.id).sort());
    expect(new Set(mine.map((r) => arrivalOf(r.answers)))).toEqual(new Set(arrivalIds.map((_, i) => i)));
    // In the file's bytes (the rows' cells on the table's pages; a WITHOUT ROWID table keeps each row once, on a leaf
    // or an interior page), the rows lie in an order that is not the
    // order of arrival: Kendall's tau of a random order of 40 has sd 0.11, so |tau| >= 0.5 by chance is ~7e-6.
    const byPlace = mine
      .map((r) => ({ r, at: offsetsOf(copy.db, r.id).find((o) => pageOwner.get(Math.floor(o / pageSize) + 1)?.name === 'responses') ?? -1 }))
      .sort((a, b) => a.at - b.at);
    expect(byPlace.every((p) => p.at >= 0)).toBe(true);
    expect(Math.abs(kendallTau(byPlace.map((p) => arrivalOf(p.r.answers))))).toBeLessThan(0.5);
  } finally {
    reader.close();
  }
}

describe.runIf(TEST_ENGINE === 'sqlite')('copies of the SQLite files', () => {
  it('while the survey runs (the window): a hot copy has the list, the codes and, in the WAL, the order of answering; a cold one has no WAL', async () => {
    const hot = copyFiles('hot-running');
    const all = Buffer.concat([hot.db, hot.wal ?? Buffer.alloc(0)]);
    for (const email of emails) expect(offsetsOf(all, email).length, email).toBeGreaterThan(0);
    // The WAL holds each commit's pages in the order of the commits: where each response id is first seen is the
    // order in which they came. This is the window docs/decisions/0005-what-a-stored-response-holds.md describes, until the finish.
    expect(hot.wal).not.toBeNull();
    const firstSeen = arrivalIds.map((id, i) => ({ i, at: offsetsOf(hot.wal ?? Buffer.alloc(0), id)[0] ?? -1 }));
    expect(firstSeen.every((f) => f.at >= 0)).toBe(true);
    expect(firstSeen.sort((a, b) => a.at - b.at).map((f) => f.i)).toEqual(arrivalIds.map((_, i) => i));
    // No rowid to order the table by.
    const reader = new Database(path.join(hot.dir, DATABASE_FILE));
    expect(() => reader.prepare('SELECT rowid FROM responses').all()).toThrow(/no such column/);
    reader.close();

    await t.close();
    const cold = copyFiles('cold-running');
    expect(cold.wal === null || cold.wal.length === 0).toBe(true);
    await start();
  });

  it('after the finish: neither a hot nor a cold copy holds an address, a mailed code, an old id, or the order of arrival', async () => {
    // 20 May 23:59 (summer time): the end-date job finishes the survey.
    clock.set('2030-05-20T21:59:00.000Z');
    await t.handle.scheduler.tick();
    expect((await t.handle.db.get<{ state: string }>('SELECT state FROM applications WHERE id = ?', [surveyId]))?.state).toBe('finished');
    expectSqliteCopyAfterFinish(copyFiles('hot-finished'));
    await t.close();
    const cold = copyFiles('cold-finished');
    expect(cold.wal === null || cold.wal.length === 0).toBe(true);
    expectSqliteCopyAfterFinish(cold);
    await start();
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('the PostgreSQL tables', () => {
  const db = () => t.handle.db;
  const inPhysicalOrder = async () => (await db().all<{ id: string; answers: string }>('SELECT id, answers FROM responses WHERE survey_id = ? ORDER BY ctid', [surveyId])).map((r) => ({ id: r.id, i: arrivalOf(r.answers) }));
  const everyRow = async () => {
    const tables = (await db().all<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")).map((r) => r.name);
    const rows: { table: string; text: string }[] = [];
    for (const table of tables) for (const row of await db().all<{ text: string }>(`SELECT t::text AS text FROM "${table}" t`)) rows.push({ table, text: row.text.toLowerCase() });
    return rows;
  };

  it('while the survey runs (the window): the heap holds the responses nearly in the order they came', async () => {
    // Appended as they come, a page's free space filled later: a few blocks out of turn, the rest in order.
    expect(kendallTau((await inPhysicalOrder()).map((r) => r.i))).toBeGreaterThan(0.5);
  });

  it('after the finish: new ids in an order that is not the order of arrival; no address, no mailed code, no outbox row of a respondent', async () => {
    clock.set('2030-05-20T21:59:00.000Z');
    await t.handle.scheduler.tick();
    expect((await db().get<{ state: string }>('SELECT state FROM applications WHERE id = ?', [surveyId]))?.state).toBe('finished');
    const rows = await inPhysicalOrder();
    expect(rows).toHaveLength(N);
    expect(rows.filter((r) => arrivalIds.includes(r.id))).toEqual([]);
    // |tau| >= 0.5 for a random order of 40: ~7e-6.
    expect(Math.abs(kendallTau(rows.map((r) => r.i)))).toBeLessThan(0.5);
    const all = await everyRow();
    for (const needle of [...emails, ...codes.map((c) => formatAccessCode(c).toLowerCase()), ...arrivalIds]) expect(all.filter((r) => r.text.includes(needle)).map((r) => r.table), needle).toEqual([]);
    for (const code of codes) expect([...new Set(all.filter((r) => r.text.includes(code.toLowerCase())).map((r) => r.table))], code).toEqual(['access_codes']);
    expect(await db().all('SELECT uses, count(*) AS n FROM access_codes WHERE survey_id = ? GROUP BY uses', [surveyId])).toEqual([{ uses: 1, n: N }]);
  });
});
