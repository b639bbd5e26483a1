import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../print/pdf-text.js';
import { adminCookie, call, createCompanyAccount, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';

// GET /api/applications/:id/paper-forms and /api/admin/applications/:id/paper-forms.
const nowMs = Date.parse('2030-03-01T09:00:00Z');
const clock = () => new Date(nowMs);
let t: TestServer;
let admin: string;
const dir = mkdtempSync(path.join(tmpdir(), 'izz-paper-route-'));

const details = (over: Record<string, unknown> = {}) => ({
  name: 'IZZ 2030',
  collection: 'combined',
  start_date: '2030-03-10',
  end_date: '2030-03-31',
  employees: 100, online_respondents: 1,
  offline_respondents: 3,
  code_type: 'different',
  invitation_date: '2030-03-10',
  invitation_time: '09:00',
  reminder_date: '2030-03-15',
  reminder_time: '09:00',
  languages: ['sl', 'mk'],
  respondent_emails: [],
  ...over,
});

async function approved(over: Record<string, unknown> = {}): Promise<{ id: number; cookie: string }> {
  const c = await createCompanyAccount(t);
  const created = await call(t, 'POST', '/api/applications', { cookie: c.cookie, body: { type: 'izz' } });
  const id = (await json<{ data: { id: number } }>(created)).data.id;
  expect((await call(t, 'PUT', `/api/applications/${id}/draft`, { cookie: c.cookie, body: { draft: { details: details(over), demographics: { questions: ['gender'], departments: ['Proizvodnja'], locations: [] } } } })).status).toBe(200);
  expect((await call(t, 'POST', `/api/applications/${id}/submit`, { cookie: c.cookie })).status).toBe(200);
  expect((await call(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: admin })).status).toBe(200);
  return { id, cookie: c.cookie };
}

const pages = async (res: Response) => (await PDFDocument.load(new Uint8Array(await res.arrayBuffer()))).getPageCount();

beforeAll(async () => {
  t = await startTestServer({ TIME_ZONE: 'Europe/Ljubljana' }, { clock, startScheduler: false });
  admin = await adminCookie(t);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('paper forms download', () => {
  it('gives the owner one PDF with every unused paper form, in the chosen language', async () => {
    const { id, cookie } = await approved();
    const codes = await t.handle.db.all<{ code: string }>("SELECT code FROM access_codes WHERE survey_id = ? AND channel = 'paper' ORDER BY id", [id]);
    expect(codes).toHaveLength(3);

    const res = await call(t, 'GET', `/api/applications/${id}/paper-forms?language=mk`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="paper-forms-${id}-mk.pdf"`);
    expect(res.headers.get('x-paper-forms')).toBe('3');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const total = (await PDFDocument.load(bytes)).getPageCount();
    expect(total % 3).toBe(0);
    const text = pdfText(bytes);
    expect(text).toContain('Код на прашалникот');
    expect(text).toContain('Proizvodnja');
    for (const { code } of codes) expect(text).toContain(`${code.slice(0, 5)}-${code.slice(5)}`);

    // A part of the batch; a used code is left out.
    expect(await pages(await call(t, 'GET', `/api/applications/${id}/paper-forms?language=mk&from=2&count=1`, { cookie }))).toBe(total / 3);
    await t.handle.db.run('UPDATE access_codes SET uses = 1 WHERE code = ?', [codes[0]!.code]);
    expect(await pages(await call(t, 'GET', `/api/applications/${id}/paper-forms?language=mk`, { cookie }))).toBe((total / 3) * 2);
    // The administrator may download it too.
    expect(await pages(await call(t, 'GET', `/api/admin/applications/${id}/paper-forms?language=mk`, { cookie: admin }))).toBe((total / 3) * 2);
    expect((await t.handle.db.get<{ n: number }>("SELECT count(*) AS n FROM audit_log WHERE action = 'application.paper-forms' AND target_id = ?", [String(id)]))?.n).toBe(1);
  }, 60_000);

  it('answers 401 without a session, 404 for another company, 422 for a language the survey does not offer', async () => {
    const { id } = await approved();
    const other = await createCompanyAccount(t);
    expect((await call(t, 'GET', `/api/applications/${id}/paper-forms`)).status).toBe(401);
    const foreign = await call(t, 'GET', `/api/applications/${id}/paper-forms`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect((await json<ErrorJson>(foreign)).error.code).toBe('not-found');
    expect((await call(t, 'GET', `/api/admin/applications/${id}/paper-forms`, { cookie: other.cookie })).status).toBe(403);
    const { cookie } = await approved();
    const own = (await json<{ data: { id: number }[] }>(await call(t, 'GET', '/api/applications', { cookie }))).data[0]!.id;
    const notOffered = await call(t, 'GET', `/api/applications/${own}/paper-forms?language=de`, { cookie, headers: { 'X-Locale': 'sl' } });
    expect(notOffered.status).toBe(422);
    const body = await json<{ error: { details: { path: string; message: string }[] } }>(notOffered);
    expect(body.error.details).toEqual([expect.objectContaining({ path: 'language', message: 'Ta jezik ni med jeziki ankete.' })]);
    expect((await call(t, 'GET', `/api/applications/${own}/paper-forms?language=xx`, { cookie })).status).toBe(422);
  }, 60_000);

  it('answers 409 for an online-only survey and 404 when no paper form is left', async () => {
    const online = await approved({ collection: 'online', offline_respondents: 0 });
    expect((await call(t, 'GET', `/api/applications/${online.id}/paper-forms`, { cookie: online.cookie })).status).toBe(409);
    const { id, cookie } = await approved();
    await t.handle.db.run("UPDATE access_codes SET uses = 1 WHERE survey_id = ? AND channel = 'paper'", [id]);
    expect((await call(t, 'GET', `/api/applications/${id}/paper-forms`, { cookie })).status).toBe(404);
  }, 60_000);
});
