/**
 * Response rates: the status board counts each kind of code against what was planned
 * (online codes answered on a phone or a kiosk, paper codes on paper or online), the channels add up to the
 * total, nothing passes 100 %, and the total is counted against the survey's population, which is the same
 * figure the report prints once the survey is finished.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { izzSubmitIssues } from '../../../shared/schemas/application.js';
import { reportFiguresSchema } from '../../../shared/schemas/report.js';
import { adminCookie, call, demoIzzAnswers, demoSessionCookie, json, postResponses, startTestServer, type TestServer } from '../../test/helpers.js';

interface StatusJson {
  data: { employees: number | null; planned: { online: number; offline: number }; responses: { online: number; offline: number; total: number }; occupancy: { online: number; offline: number; total: number } };
}

let t: TestServer;
let demo: string;
let surveyId: number;

const status = async () => (await json<StatusJson>(await call(t, 'GET', `/api/applications/${String(surveyId)}/status`, { cookie: demo }))).data;

async function answer(code: string): Promise<void> {
  const access = await call(t, 'POST', '/api/questionnaire/access', { body: { code } });
  expect(access.status).toBe(200);
  const { token } = (await json<{ data: { token: string } }>(access)).data;
  const id = randomUUID();
  expect(await postResponses(t, [{ id, token, answers: demoIzzAnswers() }])).toEqual([{ id, status: 'applied' }]);
}

beforeAll(async () => {
  t = await startTestServer();
  demo = await demoSessionCookie(t.handle);
  surveyId = (await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress'"))?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

describe('response rates on the status board and in the report', () => {
  it('counts online and paper codes against what was planned, adding up, against the population', async () => {
    // The seeded pilot: 5 employees, 3 online respondents, 2 paper forms.
    const before = await status();
    expect(before.employees).toBe(5);
    expect(before.planned).toEqual({ online: 3, offline: 2 });
    expect(before.responses).toEqual({ online: 0, offline: 0, total: 0 });

    const paper = await t.handle.db.all<{ code: string }>("SELECT code FROM access_codes WHERE survey_id = ? AND channel = 'paper' ORDER BY id", [surveyId]);
    await answer('DEMXA-AAAA2'); // an online code
    await answer(paper[0]?.code ?? ''); // a paper form's code, answered online instead
    await answer(paper[1]?.code ?? ''); // the second paper form, also online

    const after = await status();
    expect(after.responses).toEqual({ online: 1, offline: 2, total: 3 });
    expect(after.responses.online + after.responses.offline).toBe(after.responses.total);
    // 1 of 3 online, 2 of 2 paper (not more than all of them), 3 of 5 employees.
    expect(after.occupancy).toEqual({ online: 0.333, offline: 1, total: 0.6 });

    // The finished survey's report shows the same rate against the same population, with a margin of error.
    expect((await call(t, 'POST', `/api/admin/applications/${String(surveyId)}/close`, { cookie: await adminCookie(t) })).status).toBe(200);
    const report = reportFiguresSchema.parse((await json<{ data: unknown }>(await call(t, 'GET', `/api/surveys/${String(surveyId)}/report`, { cookie: demo }))).data);
    expect(report.meta.employees).toBe(5);
    expect(report.meta.occupancy_pct).toBe(60);
    expect(report.meta.occupancy_pct).toBe((await status()).occupancy.total * 100);
    expect(report.meta.margin_of_error.p95).not.toBeNull();
  });

  it('a new application starts with the profile’s employee count as its population', async () => {
    const other = await t.handle.db.get<{ company_id: number }>("SELECT company_id FROM users WHERE email = 'demo@example.com'");
    await t.handle.db.run("UPDATE applications SET state = 'finished' WHERE company_id = ? AND type = 'puls'", [other?.company_id]);
    const res = await call(t, 'POST', '/api/applications', { cookie: demo, body: { type: 'puls' } });
    expect(res.status).toBe(201);
    const created = await json<{ data: { draft: { details: { employees?: number } } } }>(res);
    expect(created.data.draft.details.employees).toBe(320);
  });

  it('refuses to send an application without a population, or with more respondents than employees', () => {
    const base = { report_questions: [], additional_options: {}, demographics: { questions: [], departments: [], locations: [] }, extra_questions: [], report_breakdowns: { priority: [] }, step: 0 };
    const details = { name: 'X', collection: 'online' as const, start_date: '2030-01-10', end_date: '2030-01-20', online_respondents: 10, offline_respondents: 0, code_type: 'different' as const, invitation_date: '2030-01-10', invitation_time: '09:00', reminder_date: '2030-01-15', reminder_time: '09:00', languages: ['en' as const], respondent_emails: [] };
    const paths = (d: Record<string, unknown>) => izzSubmitIssues({ ...base, details: d } as never, '2030-01-01').map((i) => `${i.path} ${i.message}`);
    expect(paths(details)).toContain('details.employees field:required');
    expect(paths({ ...details, employees: 8 })).toContain('details.employees field:respondents-exceed-employees');
    expect(paths({ ...details, employees: 10 }).filter((p) => p.startsWith('details.employees'))).toEqual([]);
  });
});
