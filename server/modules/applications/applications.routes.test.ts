import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../print/pdf-text.js';
import { ACCESS_CODE_ALPHABET, formatAccessCode, normalizeAccessCode } from '../../../shared/access-codes.js';
import { createScheduler } from '../../jobs/scheduler.js';
import type { MailTransport } from '../../jobs/mail-outbox.js';
import { adminCookie, call, createCompanyAccount, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { createApplicationsService } from './applications.service.js';

interface AppJson { data: { id: number; state: string; type: string; draft: Record<string, unknown> } }

// Mutable clock: 2030-03-01 10:00 Ljubljana (CET, UTC+1).
let nowMs = Date.parse('2030-03-01T09:00:00Z');
const clock = () => new Date(nowMs);
let failSend = false;
const sent: { to: string; subject: string }[] = [];
const transport: MailTransport = {
  sendMail(message) {
    if (failSend) return Promise.reject(new Error('SMTP down'));
    sent.push({ to: String(message.to), subject: String(message.subject) });
    return Promise.resolve({ messageId: 'x' });
  },
};

let t: TestServer;
let admin: string;
let a: { cookie: string; companyId: number };
let b: { cookie: string; companyId: number };

const details = (over: Record<string, unknown> = {}) => ({
  name: 'IZZ 2030',
  collection: 'combined',
  start_date: '2030-03-10',
  end_date: '2030-03-31',
  employees: 100, online_respondents: 3,
  offline_respondents: 2,
  code_type: 'different',
  invitation_date: '2030-03-10',
  invitation_time: '09:00',
  reminder_date: '2030-03-15',
  reminder_time: '09:00',
  languages: ['sl', 'en'],
  respondent_emails: [
    { email: 'ana@x.test', language: 'sl' },
    { email: 'bob@x.test', language: 'en' },
  ],
  ...over,
});

async function newApp(cookie: string, type = 'izz'): Promise<number> {
  const res = await call(t, 'POST', '/api/applications', { cookie, body: { type } });
  expect(res.status).toBe(201);
  return (await json<AppJson>(res)).data.id;
}
const save = (cookie: string, id: number, draft: unknown) => call(t, 'PUT', `/api/applications/${id}/draft`, { cookie, body: { draft } });

async function approvedApp(over: Record<string, unknown> = {}): Promise<number> {
  const c = await createCompanyAccount(t);
  const id = await newApp(c.cookie);
  expect((await save(c.cookie, id, { details: details(over) })).status).toBe(200);
  expect((await call(t, 'POST', `/api/applications/${id}/submit`, { cookie: c.cookie })).status).toBe(200);
  expect((await call(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: admin })).status).toBe(200);
  (approvedApp as unknown as { cookie: string }).cookie = c.cookie;
  return id;
}
const lastCookie = () => (approvedApp as unknown as { cookie: string }).cookie;

beforeAll(async () => {
  t = await startTestServer({ TIME_ZONE: 'Europe/Ljubljana' }, { clock, startScheduler: false, mailTransport: transport });
  admin = await adminCookie(t);
  a = await createCompanyAccount(t);
  b = await createCompanyAccount(t);
}, 60_000);
afterAll(async () => t.close());

describe('company applications', () => {
  it('creates one open application per type, saves drafts and lists only its own', async () => {
    const id = await newApp(a.cookie);
    const again = await call(t, 'POST', '/api/applications', { cookie: a.cookie, body: { type: 'izz' } });
    expect(again.status).toBe(409);
    expect((await json<ErrorJson>(again)).error.code).toBe('application-open');
    const saved = await save(a.cookie, id, { details: { name: 'Draft' }, step: 2 });
    expect(saved.status).toBe(200);
    expect((await json<{ saved_at: string }>(saved)).saved_at).toBeTruthy();
    const list = await json<{ data: { id: number }[] }>(await call(t, 'GET', '/api/applications?type=izz', { cookie: a.cookie }));
    expect(list.data.map((x) => x.id)).toEqual([id]);
    const other = await json<{ data: unknown[] }>(await call(t, 'GET', '/api/applications', { cookie: b.cookie }));
    expect(other.data).toEqual([]);
    expect((await call(t, 'DELETE', `/api/applications/${id}`, { cookie: a.cookie })).status).toBe(204);
  });

  it('rejects malformed drafts with every issue', async () => {
    const id = await newApp(a.cookie);
    const res = await save(a.cookie, id, { details: { start_date: '10.3.2030', online_respondents: -1, respondent_emails: [{ email: 'nope', language: 'sl' }] }, report_questions: Array(16).fill('JC01') });
    expect(res.status).toBe(422);
    const paths = (await json<ErrorJson>(res)).error.details?.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['draft.details.start_date', 'draft.details.online_respondents', 'draft.details.respondent_emails.0.email', 'draft.report_questions']));
    await call(t, 'DELETE', `/api/applications/${id}`, { cookie: a.cookie });
  });

  it('reports every submit rule with a localized message', async () => {
    const id = await newApp(a.cookie);
    await save(a.cookie, id, {
      details: details({
        start_date: '2030-02-01',
        end_date: '2030-01-01',
        collection: 'online',
        employees: 100, online_respondents: 1,
        offline_respondents: 2,
        respondent_emails: [{ email: 'x@x.test', language: 'sl' }, { email: 'X@x.test', language: 'de' }],
      }),
      extra_questions: [{ id: 'q1', type: 'text250', title: { sl: 'Vprašanje' }, description: {}, answers: [] }],
    });
    const res = await call(t, 'POST', `/api/applications/${id}/submit`, { cookie: a.cookie, headers: { 'X-Locale': 'en' } });
    expect(res.status).toBe(422);
    const details422 = (await json<ErrorJson>(res)).error.details ?? [];
    const messages = details422.map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'The start date may not be in the past.',
        'The end date may not be before the start date.',
        'An online survey has no offline respondents.',
        'There are more e-mail addresses than online respondents.',
        'This e-mail address is listed more than once.',
        'This language is not one of the survey\'s languages.'.replace("'", "'"),
        'A translation is missing for one of the survey\'s languages.'.replace("'", "'"),
      ]),
    );
    expect(details422.every((d) => !d.message.startsWith('field:'))).toBe(true);
    await call(t, 'DELETE', `/api/applications/${id}`, { cookie: a.cookie });
  });

  it('locks a sent application and keeps other companies out', async () => {
    const id = await newApp(a.cookie);
    await save(a.cookie, id, { details: details() });
    expect((await call(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: admin })).status).toBe(409); // approving a draft
    expect((await call(t, 'POST', `/api/applications/${id}/submit`, { cookie: a.cookie })).status).toBe(200);
    expect((await save(a.cookie, id, { details: details() })).status).toBe(409);
    expect((await call(t, 'DELETE', `/api/applications/${id}`, { cookie: a.cookie })).status).toBe(409);
    expect((await call(t, 'POST', `/api/applications/${id}/submit`, { cookie: a.cookie })).status).toBe(409);
    expect((await call(t, 'GET', `/api/applications/${id}/codes`, { cookie: a.cookie })).status).toBe(409);
    for (const [m, p] of [
      ['GET', ''],
      ['PUT', '/draft'],
      ['DELETE', ''],
      ['POST', '/submit'],
      ['GET', '/codes?format=csv'],
      ['GET', '/status'],
      ['POST', '/reminders'],
    ] as const) {
      const res = await call(t, m, `/api/applications/${id}${p}`, { cookie: b.cookie, body: m === 'PUT' ? { draft: {} } : undefined });
      expect(res.status, `${m} ${p}`).toBe(404);
    }
    expect((await call(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: a.cookie })).status).toBe(403);
    const rc = await call(t, 'POST', `/api/admin/applications/${id}/request-changes`, { cookie: admin, body: { comment: 'Please fix the dates.' } });
    expect((await json<AppJson>(rc)).data.state).toBe('changes_requested');
    expect((await save(a.cookie, id, { details: details({ name: 'Fixed' }) })).status).toBe(200);
  });

  it('parses e-mail lists without dropping anything', async () => {
    const c = await createCompanyAccount(t);
    const id = await newApp(c.cookie);
    await save(c.cookie, id, { details: details() });
    const res = await call(t, 'POST', `/api/applications/${id}/emails/parse`, {
      cookie: c.cookie,
      headers: { 'Content-Type': 'text/csv' },
      body: 'new@x.test,en\nnot-an-email\nANA@x.test\nnew@x.test\nz@x.test;xx\n',
    });
    const data = (await json<{ data: { valid: unknown[]; invalid: { line: number; reason: string }[]; duplicates: { line: number }[] } }>(res)).data;
    expect(data.valid).toEqual([{ email: 'new@x.test', language: 'en' }]);
    expect(data.invalid).toEqual([expect.objectContaining({ line: 2, reason: 'email-invalid' }), expect.objectContaining({ line: 5, reason: 'language-unknown' })]);
    expect(data.duplicates.map((d) => d.line)).toEqual([3, 4]);
  });
});

describe('approval, codes and jobs', () => {
  it('generates codes, serves the downloads and reissues unused codes', async () => {
    const id = await approvedApp();
    const rows = await t.handle.db.all<{ code: string; channel: string; respondent_email_id: number | null }>('SELECT * FROM access_codes WHERE survey_id = ?', [id]);
    expect(rows.filter((r) => r.channel === 'online')).toHaveLength(3);
    expect(rows.filter((r) => r.channel === 'paper')).toHaveLength(2);
    expect(new Set(rows.map((r) => r.code)).size).toBe(5);
    for (const r of rows) expect([...r.code].every((ch) => ACCESS_CODE_ALPHABET.includes(ch)) && r.code.length === 10).toBe(true);
    expect(rows.filter((r) => r.respondent_email_id !== null)).toHaveLength(2);

    const csv = await call(t, 'GET', `/api/applications/${id}/codes?format=csv`, { cookie: lastCookie() });
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(6);
    const xlsx = await call(t, 'GET', `/api/applications/${id}/codes?format=xlsx`, { cookie: lastCookie() });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    expect(wb.getWorksheet('Codes')?.rowCount).toBe(6);
    const pdf = await call(t, 'GET', `/api/applications/${id}/codes?format=pdf`, { cookie: lastCookie() });
    const pdfBytes = new Uint8Array(await pdf.arrayBuffer());
    expect((await PDFDocument.load(pdfBytes)).getPageCount()).toBe(1);
    // slips: the one online code without an e-mail; no paper code, no code already sent by e-mail
    const slipText = pdfText(pdfBytes);
    const slipped = rows.filter((r) => slipText.includes(formatAccessCode(r.code)));
    expect(slipped.map((r) => [r.channel, r.respondent_email_id])).toEqual([['online', null]]);
    expect((await call(t, 'GET', `/api/applications/${id}/codes?format=pdf`, { cookie: b.cookie })).status).toBe(404);

    await t.handle.db.run('UPDATE access_codes SET uses = 1 WHERE id = (SELECT min(id) FROM access_codes WHERE survey_id = ?)', [id]);
    const re = await call(t, 'POST', `/api/admin/applications/${id}/reissue-codes`, { cookie: admin });
    expect((await json<{ data: unknown }>(re)).data).toEqual({ online: 2, offline: 2 });
    const live = await t.handle.db.all<{ code: string }>('SELECT code FROM access_codes WHERE survey_id = ? AND revoked_at IS NULL', [id]);
    expect(live).toHaveLength(5);
    expect(live.filter((l) => rows.some((r) => r.code === l.code))).toHaveLength(1);
  });

  it('sends each invitation once at 09:00, in the respondent language, also with two schedulers', async () => {
    const id = await approvedApp();
    const before = await t.handle.db.all('SELECT * FROM mail_outbox WHERE dedupe_key LIKE ?', [`invite:${id}:%`]);
    expect(before).toHaveLength(0);
    nowMs = Date.parse('2030-03-10T07:59:00Z'); // 08:59 in Ljubljana
    await t.handle.scheduler.tick();
    expect(await t.handle.db.all('SELECT * FROM mail_outbox WHERE dedupe_key LIKE ?', [`invite:${id}:%`])).toHaveLength(0);
    nowMs = Date.parse('2030-03-10T08:00:00Z'); // 09:00
    const second = createScheduler({ db: t.handle.db, logger: t.handle.logger, clock, pollIntervalMs: 60_000, workerId: 'second' });
    createApplicationsService({ db: t.handle.db, config: t.handle.config, mail: t.handle.services.mail, logger: t.handle.logger, clock, scheduler: second }).registerJobs(second);
    await Promise.all([t.handle.scheduler.tick(), second.tick(), t.handle.scheduler.tick()]);
    await second.stop();
    const mails = await t.handle.db.all<{ to_address: string; locale: string; text: string; subject: string }>('SELECT * FROM mail_outbox WHERE dedupe_key LIKE ? ORDER BY to_address', [`invite:${id}:%`]);
    expect(mails.map((m) => [m.to_address, m.locale])).toEqual([
      ['ana@x.test', 'sl'],
      ['bob@x.test', 'en'],
    ]);
    const code = /\?code=([A-Z0-9-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const norm = normalizeAccessCode(code);
    expect(await t.handle.db.get('SELECT 1 AS ok FROM access_codes WHERE survey_id = ? AND code = ? AND revoked_at IS NULL', [id, norm])).toBeTruthy();
    expect(mails[0]?.text).toContain('/vprasalnik?code=');
    expect(mails[1]?.text).toContain('Owners, directors and board members do not take part');
    // The start job moved the survey on.
    const st = await json<{ data: { state: string; employees: number; next_reminder_at: string | null } }>(await call(t, 'GET', `/api/applications/${id}/status`, { cookie: lastCookie() }));
    expect(st.data.state).toBe('in_progress');
    expect(st.data.employees).toBe(100);
    expect(st.data.next_reminder_at).toBe('2030-03-15T08:00:00.000Z');
  });

  it('manual reminder: 502 reminder-failed with a failing transport, then succeeds', async () => {
    nowMs = Date.parse('2030-03-01T09:00:00Z');
    const id = await approvedApp();
    failSend = true;
    const res = await call(t, 'POST', `/api/applications/${id}/reminders`, { cookie: lastCookie(), headers: { 'X-Locale': 'en' } });
    expect(res.status).toBe(502);
    const body = await json<ErrorJson>(res);
    expect(body.error.code).toBe('reminder-failed');
    expect(body.error.message).toMatch(/^An error occurred while sending the reminder/);
    failSend = false;
    sent.length = 0;
    const ok = await call(t, 'POST', `/api/applications/${id}/reminders`, { cookie: lastCookie() });
    expect(ok.status).toBe(200);
    expect((await json<{ data: { sent: number } }>(ok)).data.sent).toBe(2);
    expect(sent.map((s) => s.to).sort()).toEqual(['ana@x.test', 'bob@x.test']);
  });
});
