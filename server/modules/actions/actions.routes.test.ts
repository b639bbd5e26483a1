/**
 * Focus areas, actions and the employees' results page through the API on a real server: access (a company
 * session, another company's survey 404, a survey not finished 409), validation in the user's language, state changes
 * with their audit rows, the reminder job on the test clock (due, overdue, each sent once, none for a done action),
 * the public page built from the company's own report, publish / unpublish, the poster's text.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusAreaLabel } from '../../../shared/focus-follow-up.js';
import { textsFor } from '../../../shared/i18n/node.js';
import { pulseQuestionsFor, type ActionsOverview, type SharedResults } from '../../../shared/schemas/actions.js';
import type { ReportFigures } from '../../../shared/schemas/report.js';
import { pdfText } from '../../../print/pdf-text.js';
import { call, createCompanyAccount, createTestClock, demoSessionCookie, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';

let t: TestServer;
let demo: string;
let surveyId: number;
let otherSurvey: number;
const clock = createTestClock('2030-01-05T08:00:00.000Z');

const req = async <T>(method: string, path: string, body?: unknown, cookie: string | undefined = demo, headers: Record<string, string> = {}) => {
  const res = await call(t, method, path, { cookie, body, headers });
  const payload = res.headers.get('content-type')?.includes('json') ? await json<{ data?: T } & ErrorJson>(res) : undefined;
  return { status: res.status, data: payload?.data as T, error: payload?.error, res };
};
const overview = () => req<ActionsOverview>('GET', `/api/surveys/${String(surveyId)}/actions`);
const reminderMails = () => t.handle.db.all<{ to_address: string; subject: string; locale: string; dedupe_key: string }>("SELECT to_address, subject, locale, dedupe_key FROM mail_outbox WHERE dedupe_key LIKE 'action-%' ORDER BY id");

beforeAll(async () => {
  t = await startTestServer({ TIME_ZONE: 'Europe/Ljubljana' }, { clock, startScheduler: false });
  demo = await demoSessionCookie(t.handle);
  const rows = await t.handle.db.all<{ id: number; type: string; state: string }>(
    "SELECT a.id, a.type, a.state FROM applications a JOIN users u ON u.company_id = a.company_id WHERE u.email = 'demo@example.com' ORDER BY a.id",
  );
  surveyId = rows.find((r) => r.type === 'izz' && r.state === 'finished')!.id;
  otherSurvey = rows.find((r) => r.state !== 'finished')!.id;
}, 180_000);

afterAll(async () => {
  await t.close();
});

describe('access', () => {
  it('needs a session, and another company gets 404 for the demo survey', async () => {
    expect((await req('GET', `/api/surveys/${String(surveyId)}/actions`, undefined, '')).status).toBe(401);
    const other = await createCompanyAccount(t);
    const r = await req('GET', `/api/surveys/${String(surveyId)}/actions`, undefined, other.cookie);
    expect(r.status).toBe(404);
    expect((await req('POST', `/api/surveys/${String(surveyId)}/focus-areas`, { kind: 'category', item_id: 'communication' }, other.cookie)).status).toBe(404);
    expect((await req('POST', `/api/surveys/${String(surveyId)}/results-page/publish`, undefined, other.cookie)).status).toBe(404);
    expect(await t.handle.db.all('SELECT * FROM focus_areas')).toEqual([]);
  });

  it('a survey that is not finished has no action plan yet (409)', async () => {
    const r = await req('GET', `/api/surveys/${String(otherSurvey)}/actions`);
    expect([404, 409]).toContain(r.status);
  });
});

describe('focus areas and actions', () => {
  it('offers the lowest categories from the report', async () => {
    const r = await overview();
    expect(r.status).toBe(200);
    const report = (await req<ReportFigures>('GET', `/api/surveys/${String(surveyId)}/report?language=sl`)).data;
    const lowest = [...report.categories].sort((a, b) => a.mean! - b.mean!).slice(0, 3);
    expect(r.data.suggestions.lowest.map((s) => s.item_id)).toEqual(lowest.map((c) => c.id));
    expect(r.data.suggestions.lowest.map((s) => s.mean)).toEqual(lowest.map((c) => c.mean));
    // One finished survey and no published market: no drops, no benchmark.
    expect(r.data.suggestions.drops).toBeNull();
    expect(r.data.suggestions.benchmark).toBeNull();
    expect(r.data.focus_areas).toEqual([]);
  });

  it('refuses bad input in the user’s language and changes nothing', async () => {
    const bad = await req('POST', `/api/surveys/${String(surveyId)}/focus-areas`, { kind: 'statement', item_id: 'XX99' }, demo, { 'X-Locale': 'sl' });
    expect(bad.status).toBe(422);
    expect(bad.error!.message).toMatch(/podatk/i);
    const badDe = await req('POST', `/api/surveys/${String(surveyId)}/focus-areas`, { kind: 'team' }, demo, { 'X-Locale': 'de' });
    expect(badDe.status).toBe(422);
    expect(await t.handle.db.all('SELECT * FROM focus_areas')).toEqual([]);
  });

  it('picks up to three focus areas, refuses a fourth and a duplicate, audits each change', async () => {
    const picks = [
      { kind: 'category', item_id: 'communication' },
      { kind: 'category', item_id: 'pay_benefits' },
      { kind: 'statement', item_id: 'DM01' },
    ];
    for (const p of picks) expect((await req('POST', `/api/surveys/${String(surveyId)}/focus-areas`, p)).status).toBe(201);
    const dup = await req('POST', `/api/surveys/${String(surveyId)}/focus-areas`, picks[0], demo, { 'X-Locale': 'en' });
    expect(dup.status).toBe(409);
    expect(dup.error!.code).toBe('focus-area-exists');
    const fourth = await req('POST', `/api/surveys/${String(surveyId)}/focus-areas`, { kind: 'category', item_id: 'teamwork' }, demo, { 'X-Locale': 'en' });
    expect(fourth.status).toBe(409);
    expect(fourth.error!.code).toBe('focus-areas-full');
    expect(fourth.error!.message).toContain('at most three');
    const o = (await overview()).data;
    expect(o.focus_areas.map((a) => a.item_id)).toEqual(['communication', 'pay_benefits', 'DM01']);
    const report = (await req<ReportFigures>('GET', `/api/surveys/${String(surveyId)}/report?language=sl`)).data;
    expect(o.focus_areas[0]!.figures.mean).toBe(report.categories.find((c) => c.id === 'communication')!.mean);
    expect(o.focus_areas[2]!.figures.mean).toBe(report.statements.find((s) => s.id === 'DM01')!.mean);
    const audit = await t.handle.db.all<{ action: string; actor_email: string }>("SELECT action, actor_email FROM audit_log WHERE action = 'focus-area.add'");
    expect(audit).toHaveLength(3);
    expect(audit[0]!.actor_email).toBe('demo@example.com');
  });

  it('adds actions with notes and changes their status; a bad date is refused', async () => {
    const area = (await overview()).data.focus_areas[0]!;
    const bad = await req('POST', `/api/surveys/${String(surveyId)}/focus-areas/${String(area.id)}/actions`, { title: 'x', due_on: '2030-02-31' }, demo, { 'X-Locale': 'en' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.error!.details)).toContain('valid date');
    const add = await req<ActionsOverview>('POST', `/api/surveys/${String(surveyId)}/focus-areas/${String(area.id)}/actions`, {
      title: 'Monthly all-hands',
      description: 'Management explains decisions',
      owner: 'Ana Novak',
      due_on: '2030-02-10',
    });
    expect(add.status).toBe(201);
    const action = add.data.focus_areas[0]!.actions[0]!;
    expect(action).toMatchObject({ status: 'planned', timing: 'upcoming', owner: 'Ana Novak' });
    const noted = await req<ActionsOverview>('POST', `/api/surveys/${String(surveyId)}/actions/${String(action.id)}/notes`, { text: 'First meeting held', noted_on: '2030-01-04' });
    expect(noted.data.focus_areas[0]!.actions[0]!.notes.map((n) => [n.noted_on, n.text])).toEqual([['2030-01-04', 'First meeting held']]);
    const moved = await req<ActionsOverview>('PATCH', `/api/surveys/${String(surveyId)}/actions/${String(action.id)}`, { status: 'in_progress' });
    expect(moved.data.focus_areas[0]!.actions[0]!.status).toBe('in_progress');
    expect((await req('PATCH', `/api/surveys/${String(surveyId)}/actions/${String(action.id)}`, {})).status).toBe(422);
    const other = await createCompanyAccount(t);
    expect((await req('PATCH', `/api/surveys/${String(surveyId)}/actions/${String(action.id)}`, { status: 'done' }, other.cookie)).status).toBe(404);
    const audit = await t.handle.db.all<{ action: string; details: string }>("SELECT action, details FROM audit_log WHERE action LIKE 'action.%' ORDER BY id");
    expect(audit.map((a) => a.action)).toEqual(['action.add', 'action.note', 'action.update']);
    expect(JSON.parse(audit[2]!.details)).toMatchObject({ changed: { status: { from: 'planned', to: 'in_progress' } } });
  });
});

describe('the reminder job (test clock)', () => {
  it('mails the company’s users once when an action is due and once when it is overdue, and never for a done one', async () => {
    const o = (await overview()).data;
    const areaB = o.focus_areas[1]!;
    // A second action, done before its day: it is never reminded of.
    const done = (await req<ActionsOverview>('POST', `/api/surveys/${String(surveyId)}/focus-areas/${String(areaB.id)}/actions`, { title: 'Pay review', due_on: '2030-02-10', status: 'done' })).data;
    expect(done.focus_areas[1]!.actions[0]!.timing).toBe('done');

    clock.set('2030-02-10T07:59:00.000Z'); // 08:59 in Ljubljana
    await t.handle.scheduler.tick();
    expect(await reminderMails()).toEqual([]);

    clock.set('2030-02-10T08:00:00.000Z'); // 09:00 on the due day
    await t.handle.scheduler.tick();
    let mails = await reminderMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe('demo@example.com');
    expect(mails[0]!.subject).toContain('Monthly all-hands');
    const timing = (await overview()).data.focus_areas[0]!.actions[0]!.timing;
    expect(timing).toBe('due');

    // Ticking again (a job run twice after a crash would find the same keys) sends nothing more.
    await t.handle.scheduler.tick();
    expect(await reminderMails()).toHaveLength(1);

    clock.set('2030-02-11T08:00:00.000Z');
    await t.handle.scheduler.tick();
    mails = await reminderMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.dedupe_key).toMatch(/^action-overdue:/);
    expect((await overview()).data.focus_areas[0]!.actions[0]!.timing).toBe('overdue');
    clock.set('2030-02-20T08:00:00.000Z');
    await t.handle.scheduler.tick();
    expect(await reminderMails()).toHaveLength(2);
  });

  it('a new due date is reminded of again, in the user’s language', async () => {
    await t.handle.db.run("UPDATE users SET locale = 'hr' WHERE email = 'demo@example.com'");
    const action = (await overview()).data.focus_areas[0]!.actions[0]!;
    await req('PATCH', `/api/surveys/${String(surveyId)}/actions/${String(action.id)}`, { due_on: '2030-03-02' });
    clock.set('2030-03-02T08:00:00.000Z');
    await t.handle.scheduler.tick();
    const mails = await reminderMails();
    expect(mails).toHaveLength(3);
    expect(mails[2]!.locale).toBe('hr');
    expect(mails[2]!.subject).toContain('Mjera dospijeva danas');
  });
});

describe('the results page for employees', () => {
  let token: string;

  it('is not public until published; HR sees the preview', async () => {
    const saved = await req<ActionsOverview>('PUT', `/api/surveys/${String(surveyId)}/results-page`, { message: 'Hvala za vaše odgovore.' });
    expect(saved.status).toBe(200);
    token = saved.data.results_page.token!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(saved.data.results_page.published).toBe(false);
    expect((await req('GET', `/api/results/${token}`, undefined, '')).status).toBe(404);
    const preview = await req<SharedResults>('GET', `/api/surveys/${String(surveyId)}/results-page/preview?language=sl`);
    expect(preview.status).toBe(200);
    expect(preview.data.message).toBe('Hvala za vaše odgovore.');
    expect((await req('GET', `/api/surveys/${String(surveyId)}/results-page/poster?language=sl`)).status).toBe(409);
  });

  it('once published, anyone with the link sees figures that are the company’s report’s, nothing more', async () => {
    expect((await req<ActionsOverview>('POST', `/api/surveys/${String(surveyId)}/results-page/publish`)).data.results_page.published).toBe(true);
    const page = await req<SharedResults>('GET', `/api/results/${token}?language=mk`, undefined, '');
    expect(page.status).toBe(200);
    const report = (await req<ReportFigures>('GET', `/api/surveys/${String(surveyId)}/report?language=sl`)).data;
    expect(page.data.responses).toBe(report.meta.responses.total);
    expect(page.data.response_rate).toBe(report.meta.occupancy_pct);
    expect(page.data.esi).toBe(report.esi.score);
    expect(page.data.enps).toBe(report.enps.score);
    expect(page.data.categories.map((c) => [c.id, c.mean, c.favourable_pct])).toEqual(report.categories.map((c) => [c.id, c.mean, c.favourable_pct]));
    expect(page.data.focus_areas.map((a) => a.item_id)).toEqual(['communication', 'pay_benefits', 'DM01']);
    // The category names in the page's language (mk: Cyrillic), no owner names, no comment text.
    expect(page.data.categories[0]!.label).toMatch(/[\u0400-\u04FF]/);
    const text = JSON.stringify(page.data);
    expect(text).not.toContain('Ana Novak');
    for (const c of report.comments.praise_critique) expect(text).not.toContain(c);
    const published = await t.handle.db.all("SELECT action FROM audit_log WHERE action LIKE 'results-page.%' ORDER BY id");
    expect(published).toEqual([{ action: 'results-page.save' }, { action: 'results-page.publish' }]);
  });

  it('the poster is an A4 PDF with the figures, the focus areas and the link', async () => {
    const r = await call(t, 'GET', `/api/surveys/${String(surveyId)}/results-page/poster?language=sl`, { cookie: demo });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await r.arrayBuffer()), { joinLines: true });
    expect(text).toContain('Vaši odgovori – naši ukrepi');
    expect(text).toContain('Komuniciranje in obveščanje');
    expect(text).toContain('Monthly all-hands');
    expect(text).toContain(`/rezultati/${token.slice(0, 20)}`);
    const svg = await call(t, 'GET', `/api/surveys/${String(surveyId)}/results-page/qr.svg?language=sl`, { cookie: demo });
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('unpublished again, the link is a 404 and the page server answers 404', async () => {
    await req('POST', `/api/surveys/${String(surveyId)}/results-page/unpublish`);
    expect((await req('GET', `/api/results/${token}`, undefined, '')).status).toBe(404);
    expect((await call(t, 'GET', `/rezultati/${token}`)).status).toBe(404);
    await req('POST', `/api/surveys/${String(surveyId)}/results-page/publish`);
    expect((await call(t, 'GET', `/rezultati/${token}`)).status).toBe(200);
    expect((await call(t, 'GET', `/api/results/${'A'.repeat(43)}`)).status).toBe(404);
    // A disabled company's page is not public any more; enabled again, it is.
    const company = (await t.handle.db.get<{ company_id: number }>("SELECT company_id FROM users WHERE email = 'demo@example.com'"))!.company_id;
    await t.handle.db.run('UPDATE companies SET disabled_at = ? WHERE id = ?', [new Date().toISOString(), company]);
    expect((await req('GET', `/api/results/${token}`, undefined, '')).status).toBe(404);
    await t.handle.db.run('UPDATE companies SET disabled_at = NULL WHERE id = ?', [company]);
    expect((await req('GET', `/api/results/${token}`, undefined, '')).status).toBe(200);
  });
});

describe('the follow-up PULS', () => {
  it('a PULS application made from a focus area carries the area’s pulse questions and knows its origin', async () => {
    const area = (await overview()).data.focus_areas[0]!; // communication
    // The demo company has an open PULS application: one open application per type.
    const open = await req('POST', `/api/surveys/${String(surveyId)}/focus-areas/${String(area.id)}/puls`, undefined, demo, { 'X-Locale': 'en' });
    expect(open.status).toBe(409);
    expect(open.error!.code).toBe('application-open');
    await t.handle.db.run("UPDATE applications SET state = 'finished' WHERE type = 'puls' AND state <> 'finished'");
    const made = await req<{ application_id: number }>('POST', `/api/surveys/${String(surveyId)}/focus-areas/${String(area.id)}/puls`, undefined, demo, { 'X-Locale': 'sl' });
    expect(made.status).toBe(201);
    const app = await req<{ type: string; draft: { questions: string[]; details: { name?: string } } }>('GET', `/api/applications/${String(made.data.application_id)}`);
    expect(app.data.type).toBe('puls');
    expect(app.data.draft.questions).toEqual(pulseQuestionsFor('category', 'communication'));
    expect(app.data.draft.questions).toContain('P10');
    expect(app.data.draft.details.name).toContain('Komuniciranje in obveščanje');
    const origin = await req<{ survey_id: number; item_id: string; questions: string[] }>('GET', `/api/surveys/${String(made.data.application_id)}/focus-area-origin`);
    expect(origin.data).toMatchObject({ survey_id: surveyId, item_id: 'communication' });
    expect((await overview()).data.focus_areas[0]!.pulses.map((p) => p.id)).toEqual([made.data.application_id]);
    const other = await createCompanyAccount(t);
    expect((await req('GET', `/api/surveys/${String(made.data.application_id)}/focus-area-origin`, undefined, other.cookie)).status).toBe(404);
    const history = await req<{ survey_id: number; focus_areas: { item_id: string; actions: { status: string }[] }[] }[]>('GET', `/api/surveys/${String(surveyId)}/focus-history`);
    expect(history.data.map((h) => h.survey_id)).toEqual([surveyId]);
    expect(history.data[0]!.focus_areas.map((a) => a.item_id)).toEqual(['communication', 'pay_benefits', 'DM01']);
  });

  it('the comparative report over the years carries the focus areas into its Excel and PDF files, in the report language', async () => {
    const xlsx = await t.fetch(`/api/surveys/${String(surveyId)}/report/comparative?format=xlsx&language=en`, { headers: { cookie: demo } });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const en = textsFor('en', 'reports');
    const sheet = wb.worksheets.find((w) => w.getCell(1, 2).value === en('excel.focusArea'));
    expect(sheet, 'the focus areas sheet').toBeDefined();
    const areas = Array.from({ length: sheet!.rowCount - 1 }, (_, i) => sheet!.getCell(i + 2, 2).value).filter((v) => v !== null);
    expect(areas).toEqual(['communication', 'pay_benefits'].map((id) => focusAreaLabel('category', id, 'en')).concat(focusAreaLabel('statement', 'DM01', 'en')));
    const pdf = await t.fetch(`/api/surveys/${String(surveyId)}/report/comparative?format=pdf&language=sl`, { headers: { cookie: demo } });
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()), { joinLines: true });
    expect(text).toContain(textsFor('sl', 'reports')('focusHistory.title'));
    expect(text).toContain(focusAreaLabel('category', 'communication', 'sl'));
  });
});
