/**
 * POST /api/admin/applications/:id/close: an approved or running survey is finished now, its pending
 * jobs are cancelled and the action is audited; 401/403/404/409. Also the list's 'review' filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, call, createCompanyAccount, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';

interface AppJson { data: { id: number; state: string } }

// 2030-03-01 10:00 Ljubljana.
const clock = () => new Date(Date.parse('2030-03-01T09:00:00Z'));

let t: TestServer;
let admin: string;

const details = {
  name: 'IZZ 2030',
  collection: 'online',
  start_date: '2030-03-10',
  end_date: '2030-03-31',
  employees: 100, online_respondents: 2,
  offline_respondents: 0,
  code_type: 'different',
  invitation_date: '2030-03-10',
  invitation_time: '09:00',
  reminder_date: '2030-03-15',
  reminder_time: '09:00',
  languages: ['en'],
  respondent_emails: [{ email: 'ana@x.test', language: 'en' }],
};

async function submittedApp(): Promise<{ id: number; cookie: string }> {
  const c = await createCompanyAccount(t);
  const created = await call(t, 'POST', '/api/applications', { cookie: c.cookie, body: { type: 'izz' } });
  const id = (await json<AppJson>(created)).data.id;
  expect((await call(t, 'PUT', `/api/applications/${id}/draft`, { cookie: c.cookie, body: { draft: { details } } })).status).toBe(200);
  expect((await call(t, 'POST', `/api/applications/${id}/submit`, { cookie: c.cookie })).status).toBe(200);
  return { id, cookie: c.cookie };
}

const pendingJobs = async (id: number) =>
  (await t.handle.scheduler.list({ status: 'pending', payload: { surveyId: id } })).map((j) => j.kind).sort();

beforeAll(async () => {
  t = await startTestServer({ TIME_ZONE: 'Europe/Ljubljana' }, { clock, startScheduler: false });
  admin = await adminCookie(t);
}, 60_000);
afterAll(async () => t.close());

describe('POST /api/admin/applications/:id/close', () => {
  it('401 for a guest, 403 for a company user, 404 for an unknown id', async () => {
    const { id, cookie } = await submittedApp();
    expect((await call(t, 'POST', `/api/admin/applications/${id}/close`)).status).toBe(401);
    expect((await call(t, 'POST', `/api/admin/applications/${id}/close`, { cookie })).status).toBe(403);
    const missing = await call(t, 'POST', '/api/admin/applications/999999/close', { cookie: admin });
    expect(missing.status).toBe(404);
    expect((await json<ErrorJson>(missing)).error.code).toBe('not-found');
  });

  it('409 invalid-state unless approved or in progress', async () => {
    const { id } = await submittedApp();
    const res = await call(t, 'POST', `/api/admin/applications/${id}/close`, { cookie: admin });
    expect(res.status).toBe(409);
    expect((await json<ErrorJson>(res)).error.code).toBe('invalid-state');
    expect((await t.handle.db.get<{ state: string }>('SELECT state FROM applications WHERE id = ?', [id]))?.state).toBe('submitted');
  });

  it('finishes an approved survey now, cancels its jobs, audits it; a second close is 409', async () => {
    const { id, cookie } = await submittedApp();
    expect((await call(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: admin })).status).toBe(200);
    expect(await pendingJobs(id)).toEqual(['application.finish', 'application.invite', 'application.remind', 'application.start']);

    const res = await call(t, 'POST', `/api/admin/applications/${id}/close`, { cookie: admin });
    expect(res.status).toBe(200);
    expect((await json<AppJson>(res)).data.state).toBe('finished');
    const row = await t.handle.db.get<{ state: string; finished_at: string | null }>('SELECT state, finished_at FROM applications WHERE id = ?', [id]);
    expect(row).toEqual({ state: 'finished', finished_at: '2030-03-01T09:00:00.000Z' });
    // its jobs are cancelled; what follows a finish is due: the survey's figures for the award (from its reporting base)
    expect(await pendingJobs(id)).toEqual(['survey.figures']);
    await t.handle.scheduler.tick();
    expect(await t.handle.db.get('SELECT responses, esi, enps FROM survey_figures WHERE survey_id = ?', [id])).toEqual({ responses: 0, esi: null, enps: null });
    const audit = await t.handle.db.get<{ action: string; target_type: string }>("SELECT action, target_type FROM audit_log WHERE action = 'application.close' AND target_id = ?", [String(id)]);
    expect(audit).toEqual({ action: 'application.close', target_type: 'application' });

    // The company sees it finished; the codes stay downloadable; closing again changes nothing.
    const own = await call(t, 'GET', `/api/applications/${id}`, { cookie });
    expect((await json<AppJson>(own)).data.state).toBe('finished');
    expect((await call(t, 'POST', `/api/admin/applications/${id}/close`, { cookie: admin })).status).toBe(409);
    // A new application of the type may be started again.
    expect((await call(t, 'POST', '/api/applications', { cookie, body: { type: 'izz' } })).status).toBe(201);
  });

  it('finishes a survey in progress', async () => {
    const { id } = await submittedApp();
    await call(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: admin });
    await t.handle.db.run("UPDATE applications SET state = 'in_progress' WHERE id = ?", [id]);
    const res = await call(t, 'POST', `/api/admin/applications/${id}/close`, { cookie: admin });
    expect((await json<AppJson>(res)).data.state).toBe('finished');
  });
});

describe('GET /api/admin/applications?state=review', () => {
  it('lists submitted and in-review applications together', async () => {
    const a = await submittedApp();
    const b = await submittedApp();
    await t.handle.db.run("UPDATE applications SET state = 'in_review' WHERE id = ?", [b.id]);
    const res = await call(t, 'GET', '/api/admin/applications?state=review', { cookie: admin });
    const items = (await json<{ data: { items: { id: number; state: string }[] } }>(res)).data.items;
    expect(items.map((i) => i.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(new Set(items.map((i) => i.state))).toEqual(new Set(['submitted', 'in_review']));
    expect((await call(t, 'GET', '/api/admin/applications?state=nope', { cookie: admin })).status).toBe(422);
  });

  it('opening a submitted application for review moves it to in review; the company sees that state', async () => {
    const a = await submittedApp();
    const res = await call(t, 'GET', `/api/admin/applications/${String(a.id)}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect((await json<AppJson>(res)).data.state).toBe('in_review');
    const company = await call(t, 'GET', `/api/applications/${String(a.id)}`, { cookie: a.cookie });
    expect((await json<AppJson>(company)).data.state).toBe('in_review');
    const actions = await t.handle.db.all<{ action: string }>("SELECT action FROM audit_log WHERE target_type = 'application' AND target_id = ? ORDER BY id", [String(a.id)]);
    expect(actions.map((r) => r.action)).toEqual(['application.view', 'application.review']);
    // Opened again: it stays in review, and is approved from there.
    expect((await json<AppJson>(await call(t, 'GET', `/api/admin/applications/${String(a.id)}`, { cookie: admin }))).data.state).toBe('in_review');
    expect((await json<AppJson>(await call(t, 'POST', `/api/admin/applications/${String(a.id)}/approve`, { cookie: admin }))).data.state).toBe('approved');
  });
});
