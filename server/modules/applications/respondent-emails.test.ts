/**
 * A survey's respondent e-mail list is deleted when the survey finishes, whichever way it
 * finishes (the end-date job, the administrator closing it): from respondent_emails, the codes' link
 * to an address, the outbox rows of its invitations and reminders (whole rows; a captured
 * .eml copy too), manual_reminders and the draft. Another survey's list is untouched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAccessCode } from '../../../shared/access-codes.js';
import { adminCookie, call, createCompanyAccount, createTestClock, json, startTestServer, type TestServer } from '../../test/helpers.js';
import { createApplicationsRepo } from './applications.repo.js';

const clock = createTestClock('2030-03-01T09:00:00.000Z');
let t: TestServer;
let admin: string;

const details = (emails: string[], month: string) => ({
  name: 'IZZ 2030',
  collection: 'online',
  start_date: `2030-${month}-10`,
  end_date: `2030-${month}-20`,
  employees: 100, online_respondents: emails.length,
  offline_respondents: 0,
  code_type: 'different',
  invitation_date: `2030-${month}-10`,
  invitation_time: '09:00',
  reminder_date: `2030-${month}-15`,
  reminder_time: '09:00',
  languages: ['en'],
  respondent_emails: emails.map((email) => ({ email, language: 'en' })),
});

async function approvedSurvey(emails: string[], month: string): Promise<{ id: number; cookie: string }> {
  const c = await createCompanyAccount(t);
  const id = (await json<{ data: { id: number } }>(await call(t, 'POST', '/api/applications', { cookie: c.cookie, body: { type: 'izz' } }))).data.id;
  expect((await call(t, 'PUT', `/api/applications/${String(id)}/draft`, { cookie: c.cookie, body: { draft: { details: details(emails, month) } } })).status).toBe(200);
  expect((await call(t, 'POST', `/api/applications/${String(id)}/submit`, { cookie: c.cookie })).status).toBe(200);
  expect((await call(t, 'POST', `/api/admin/applications/${String(id)}/approve`, { cookie: admin })).status).toBe(200);
  return { id, cookie: c.cookie };
}

/** Every row of every table (and every captured .eml) that mentions one of the addresses. */
async function mentions(addresses: string[]): Promise<string[]> {
  const found: string[] = [];
  const tableNames =
    t.handle.db.dialect === 'postgres'
      ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
      : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'";
  const tables = (await t.handle.db.all<{ name: string }>(tableNames)).map((r) => r.name);
  for (const table of tables) {
    for (const row of await t.handle.db.all<Record<string, unknown>>(`SELECT * FROM "${table}"`)) {
      const text = JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? '' : v)).toLowerCase();
      for (const a of addresses) if (text.includes(a)) found.push(`${table}: ${a}`);
    }
  }
  const outbox = path.join(t.dataDir, 'outbox');
  for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
    const text = fs.readFileSync(path.join(outbox, file), 'utf8').toLowerCase();
    for (const a of addresses) if (text.includes(a)) found.push(`${file}: ${a}`);
  }
  return found;
}

const outboxOf = async (id: number) =>
  await t.handle.db.all<{ to_address: string; status: string; dedupe_key: string | null }>(
    "SELECT to_address, status, dedupe_key FROM mail_outbox WHERE dedupe_key LIKE ? OR dedupe_key LIKE ? OR dedupe_key LIKE ? ORDER BY id",
    [`invite:${String(id)}:%`, `remind:${String(id)}:%`, `manual-remind:${String(id)}:%`],
  );

async function expectListGone(id: number, addresses: string[]) {
  const db = t.handle.db;
  expect((await db.get<{ state: string }>('SELECT state FROM applications WHERE id = ?', [id]))?.state).toBe('finished');
  expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM respondent_emails WHERE application_id = ?', [id]))?.n).toBe(0);
  expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM access_codes WHERE survey_id = ? AND respondent_email_id IS NOT NULL', [id]))?.n).toBe(0);
  expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM manual_reminders WHERE survey_id = ?', [id]))?.n).toBe(0);
  expect(JSON.parse((await db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = ?', [id]))?.draft ?? '{}')).not.toHaveProperty('details.respondent_emails');
  // Every outbox row of its invitations and reminders is gone: address, text with the code, key with the
  // list position; a mail still queued at the end is not sent.
  expect(await outboxOf(id)).toEqual([]);
  expect(await mentions(addresses)).toEqual([]);
}

beforeAll(async () => {
  t = await startTestServer({ TIME_ZONE: 'Europe/Ljubljana' }, { clock, startScheduler: false });
  admin = await adminCookie(t);
}, 60_000);
afterAll(async () => t.close());

describe('respondent e-mails are deleted when the survey finishes', () => {
  it('by the end-date job: invitations, reminders (scheduled, manual, and an unkeyed old one) lose their addresses', async () => {
    clock.set('2030-03-01T09:00:00.000Z');
    const gone = ['ana@gone.test', 'bo@gone.test', 'cy@gone.test'];
    const a = await approvedSurvey(gone, '03');

    // The invitations go out at 09:00 on the start day and are captured (no SMTP here).
    clock.set('2030-03-10T08:00:00.000Z');
    await t.handle.scheduler.tick();
    await t.handle.mailWorker.tick();
    expect((await outboxOf(a.id)).map((r) => [r.to_address, r.status])).toEqual(gone.map((e) => [e, 'captured']));
    const codeOf = async (email: string) =>
      (await t.handle.db.get<{ code: string }>('SELECT c.code FROM access_codes c JOIN respondent_emails e ON e.id = c.respondent_email_id WHERE e.email = ? AND c.survey_id = ?', [email, a.id]))?.code ?? '';
    // ana answers; bo and cy get a manual reminder (queued, never sent); bo also one from before reminders had a key.
    await t.handle.db.run('UPDATE access_codes SET uses = 1 WHERE code = ?', [await codeOf('ana@gone.test')]);
    expect((await call(t, 'POST', `/api/applications/${String(a.id)}/reminders`, { cookie: a.cookie })).status).toBe(200);
    await t.handle.db.run(
      "INSERT INTO mail_outbox (to_address, subject, html, text, locale, status, attempts, next_attempt_at, created_at, last_error) VALUES ('bo@gone.test', 'Old reminder', '<p>x</p>', ?, 'en', 'failed', 6, 'x', 'x', '550 bo@gone.test: mailbox full')",
      [`Please answer: https://example.test/en/questionnaire?code=${formatAccessCode(await codeOf('bo@gone.test'))}`],
    );
    // An unrelated mail to the same address (no key, no code of this survey) is not the survey's to delete.
    await t.handle.db.run("INSERT INTO mail_outbox (to_address, subject, html, text, locale, status, attempts, next_attempt_at, created_at) VALUES ('bo@gone.test', 'Unrelated', '', 'Hello', 'en', 'sent', 1, 'x', 'x')");
    clock.set('2030-03-15T08:00:00.000Z');
    await t.handle.scheduler.tick();
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM manual_reminders WHERE survey_id = ?', [a.id]))?.n).toBe(2);
    expect((await outboxOf(a.id)).filter((r) => r.dedupe_key?.startsWith('remind:')).map((r) => r.to_address)).toEqual(['bo@gone.test', 'cy@gone.test']);

    // The end: 20 March 23:59 (22:59 UTC).
    clock.set('2030-03-20T22:59:00.000Z');
    await t.handle.scheduler.tick();
    const unrelated = await t.handle.db.run("DELETE FROM mail_outbox WHERE subject = 'Unrelated' AND to_address = 'bo@gone.test'");
    expect(unrelated.changes).toBe(1);
    await expectListGone(a.id, gone);
    // The unkeyed reminder with one of the survey's codes went too.
    expect(await t.handle.db.get("SELECT id FROM mail_outbox WHERE subject = 'Old reminder'")).toBeUndefined();
    // The codes stay (used or not), only their link to an address went.
    expect((await t.handle.db.all<{ uses: number }>('SELECT uses FROM access_codes WHERE survey_id = ? ORDER BY id', [a.id])).map((r) => r.uses)).toEqual([1, 0, 0]);
  });

  it('when the administrator closes it; a survey still running keeps its list', async () => {
    clock.set('2030-04-01T09:00:00.000Z');
    const running = await approvedSurvey(['kept@keep.test', 'shared@keep.test'], '04');
    const closed = await approvedSurvey(['di@closed.test', 'shared@keep.test'], '04');
    // 10 April 09:00 summer time: both start and send their invitations.
    clock.set('2030-04-10T07:00:00.000Z');
    await t.handle.scheduler.tick();
    await t.handle.scheduler.tick();
    expect((await outboxOf(closed.id)).map((r) => r.to_address)).toEqual(['di@closed.test', 'shared@keep.test']);
    expect((await call(t, 'POST', `/api/applications/${String(closed.id)}/reminders`, { cookie: closed.cookie })).status).toBe(200);

    expect((await call(t, 'POST', `/api/admin/applications/${String(closed.id)}/close`, { cookie: admin })).status).toBe(200);
    await expectListGone(closed.id, ['di@closed.test']);
    // The running survey still has its list, its codes' links and its invitations, the shared address included.
    expect((await t.handle.db.all<{ email: string }>('SELECT email FROM respondent_emails WHERE application_id = ? ORDER BY email', [running.id])).map((r) => r.email)).toEqual(['kept@keep.test', 'shared@keep.test']);
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM access_codes WHERE survey_id = ? AND respondent_email_id IS NOT NULL', [running.id]))?.n).toBe(2);
    expect((await outboxOf(running.id)).map((r) => r.to_address)).toEqual(['kept@keep.test', 'shared@keep.test']);
  });

  it("finds a survey's mails by the exact survey id in the key (survey 700 is not 7000's prefix)", async () => {
    const db = t.handle.db;
    const company = (await createCompanyAccount(t)).companyId;
    for (const [id, type] of [[700, 'izz'], [7000, 'puls']] as const) await db.run("INSERT INTO applications (id, company_id, type, state, created_at, updated_at) VALUES (?, ?, ?, 'in_progress', 'x', 'x')", [id, company, type]);
    for (const key of ['invite:700:1:1', 'invite:7000:1:1', 'remind:700:1', 'remind:7000:1', 'manual-remind:7000:1:1']) {
      await db.run("INSERT INTO mail_outbox (to_address, subject, html, text, locale, status, attempts, next_attempt_at, created_at, dedupe_key) VALUES ('x@prefix.test', 'S', '', '', 'en', 'sent', 1, 'x', 'x', ?)", [key]);
    }
    expect(await createApplicationsRepo(db).purgeRespondentEmails(700)).toHaveLength(2);
    expect(await db.all("SELECT dedupe_key FROM mail_outbox WHERE to_address = 'x@prefix.test' ORDER BY dedupe_key")).toEqual([
      { dedupe_key: 'invite:7000:1:1' },
      { dedupe_key: 'manual-remind:7000:1:1' },
      { dedupe_key: 'remind:7000:1' },
    ]);
  });
});
