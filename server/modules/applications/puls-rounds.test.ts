import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../print/pdf-text.js';
import { normalizeAccessCode } from '../../../shared/access-codes.js';
import { PULS_QUESTIONS } from '../../../shared/question-banks/index.js';
import { adminApplicationDetailSchema } from '../../../shared/schemas/application.js';
import { createScheduler, type Scheduler } from '../../jobs/scheduler.js';
import { adminCookie, call, createCompanyAccount, createTestClock, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { createApplicationsService } from './applications.service.js';
import { addMonthsClamped, planRounds } from './puls-rounds.js';

const clock = createTestClock('2030-01-20T09:00:00.000Z');
let t: TestServer;
let admin: string;
let second: Scheduler;

interface RoundJson { number: number; opens_on: string; closes_on: string; invitation_at: string; reminder_at: string | null; state: string; responses: number; closed_at: string | null; ended_early: boolean; cancelled: boolean }
interface StatusJson { data: { state: string; current_round: number | null; rounds: RoundJson[]; invitation_at: string; next_reminder_at: string | null } }

const pulsDetails = (over: Record<string, unknown> = {}) => ({
  name: 'Puls 2030',
  start_date: '2030-01-31',
  end_date: '2030-02-06',
  employees: 100, online_respondents: 2,
  offline_respondents: 0,
  code_type: 'different',
  invitation_date: '2030-01-31',
  invitation_time: '09:00',
  languages: ['sl', 'en'],
  respondent_emails: [
    { email: 'ana@p.test', language: 'sl' },
    { email: 'bob@p.test', language: 'en' },
  ],
  cadence: 'monthly',
  rounds: 3,
  ...over,
});

/** A PULS application approved "now" (the test clock); returns its id and the company's cookie. */
async function approvedPuls(over: Record<string, unknown> = {}): Promise<{ id: number; cookie: string }> {
  const c = await createCompanyAccount(t);
  const created = await call(t, 'POST', '/api/applications', { cookie: c.cookie, body: { type: 'puls' } });
  const id = (await json<{ data: { id: number } }>(created)).data.id;
  const draft = { details: pulsDetails(over), questions: PULS_QUESTIONS.slice(0, 3).map((q) => q.id) };
  expect((await call(t, 'PUT', `/api/applications/${id}/draft`, { cookie: c.cookie, body: { draft } })).status).toBe(200);
  const submitted = await call(t, 'POST', `/api/applications/${id}/submit`, { cookie: c.cookie });
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  expect((await call(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: admin })).status).toBe(200);
  return { id, cookie: c.cookie };
}

const status = async (id: number, cookie: string) => (await json<StatusJson>(await call(t, 'GET', `/api/applications/${id}/status`, { cookie }))).data;
const mails = async (like: string) => await t.handle.db.all<{ to_address: string; locale: string; text: string }>('SELECT to_address, locale, text FROM mail_outbox WHERE dedupe_key LIKE ? ORDER BY to_address', [like]);
const codeOf = (text: string): string => normalizeAccessCode(/\?code=([A-Z0-9-]+)/.exec(text)?.[1] ?? '') ?? '';
/** Both schedulers tick at once (and one of them twice): each due job still runs once. */
const tickBoth = async () => {
  await Promise.all([t.handle.scheduler.tick(), second.tick(), t.handle.scheduler.tick()]);
};

beforeAll(async () => {
  t = await startTestServer({ TIME_ZONE: 'Europe/Ljubljana' }, { clock, startScheduler: false });
  admin = await adminCookie(t);
  second = createScheduler({ db: t.handle.db, logger: t.handle.logger, clock, pollIntervalMs: 60_000, workerId: 'second' });
  createApplicationsService({ db: t.handle.db, config: t.handle.config, mail: t.handle.services.mail, logger: t.handle.logger, clock, scheduler: second }).registerJobs(second);
}, 60_000);
afterAll(async () => {
  await second.stop();
  await t.close();
});

describe('planning PULS rounds', () => {
  it('adds months with the day clamped to the month end', () => {
    expect(addMonthsClamped('2030-01-31', 1)).toBe('2030-02-28');
    expect(addMonthsClamped('2032-01-31', 1)).toBe('2032-02-29');
    expect(addMonthsClamped('2030-11-30', 3)).toBe('2031-02-28');
    expect(addMonthsClamped('2030-12-15', 1)).toBe('2031-01-15');
  });

  it('counts every round from round 1 (no drift after a short month), keeps length and times; one-off is 1 round', () => {
    const rounds = planRounds({ start_date: '2030-01-31', end_date: '2030-02-02', invitation_date: '2030-02-01', invitation_time: '10:30', cadence: 'monthly', rounds: 3 }, 'Europe/Ljubljana', '2030-01-01');
    expect(rounds.map((r) => [r.opens_on, r.closes_on, r.invitation_at.toISOString(), r.reminder_at?.toISOString() ?? null])).toEqual([
      ['2030-01-31', '2030-02-02', '2030-02-01T09:30:00.000Z', null], // the reminder (3 Feb) would fall after the round
      ['2030-02-28', '2030-03-02', '2030-03-01T09:30:00.000Z', null],
      ['2030-03-31', '2030-04-02', '2030-04-01T08:30:00.000Z', null], // summer time
    ]);
    const quarterly = planRounds({ start_date: '2030-11-30', end_date: '2030-12-14', cadence: 'quarterly', rounds: 2 }, 'Europe/Ljubljana', '2030-01-01');
    expect(quarterly.map((r) => [r.opens_on, r.closes_on, r.reminder_at?.toISOString()])).toEqual([
      ['2030-11-30', '2030-12-14', '2030-12-02T08:00:00.000Z'],
      ['2031-02-28', '2031-03-14', '2031-03-02T08:00:00.000Z'],
    ]);
    expect(planRounds({ start_date: '2030-05-01', end_date: '2030-05-10', cadence: 'one-off', rounds: 1 }, 'Europe/Ljubljana', '2030-01-01')).toHaveLength(1);
  });
});

describe('PULS rounds end to end', () => {
  it('a monthly PULS with 3 rounds: dates, one invitation per round with fresh codes, reminders, finished at the end', async () => {
    clock.set('2030-01-20T09:00:00.000Z');
    const { id, cookie } = await approvedPuls();

    let st = await status(id, cookie);
    expect(st.state).toBe('approved');
    expect(st.rounds).toEqual([
      { number: 1, opens_on: '2030-01-31', closes_on: '2030-02-06', invitation_at: '2030-01-31T08:00:00.000Z', reminder_at: '2030-02-02T08:00:00.000Z', state: 'pending', responses: 0, closed_at: null, ended_early: false, cancelled: false },
      { number: 2, opens_on: '2030-02-28', closes_on: '2030-03-06', invitation_at: '2030-02-28T08:00:00.000Z', reminder_at: '2030-03-02T08:00:00.000Z', state: 'pending', responses: 0, closed_at: null, ended_early: false, cancelled: false },
      { number: 3, opens_on: '2030-03-31', closes_on: '2030-04-06', invitation_at: '2030-03-31T07:00:00.000Z', reminder_at: '2030-04-02T07:00:00.000Z', state: 'pending', responses: 0, closed_at: null, ended_early: false, cancelled: false },
    ]);
    // No IZZ-style jobs for a PULS survey.
    expect((await t.handle.scheduler.list({ payload: { surveyId: id } })).map((j) => j.kind).filter((k) => k.startsWith('application.'))).toEqual([]);

    const codesPerRound: string[][] = [];
    for (const round of st.rounds) {
      const like = `puls-invite:${String(id)}:${String(round.number)}:%`;
      clock.set(new Date(Date.parse(round.invitation_at) - 60_000));
      await tickBoth();
      expect(await mails(like), `round ${String(round.number)} before its time`).toHaveLength(0);
      const mid = await status(id, cookie);
      expect(mid.state).toBe('in_progress');
      expect(mid.current_round).toBe(round.number);
      expect(mid.rounds.map((r) => r.state)).toEqual(st.rounds.map((r) => (r.number < round.number ? 'closed' : r.number === round.number ? 'open' : 'pending')));

      clock.set(round.invitation_at);
      await tickBoth();
      await tickBoth();
      const sent = await mails(like);
      expect(sent.map((m) => [m.to_address, m.locale])).toEqual([
        ['ana@p.test', 'sl'],
        ['bob@p.test', 'en'],
      ]);
      const codes = sent.map((m) => codeOf(m.text));
      codesPerRound.push(codes);
      for (const code of codes) {
        expect(await t.handle.db.get<{ round: number; revoked_at: string | null }>('SELECT round, revoked_at FROM access_codes WHERE code = ?', [code])).toEqual({ round: round.number, revoked_at: null });
      }
      expect(sent[0]?.text).toContain(round.closes_on.split('-').reverse().join('.'));

      // One respondent answers; the reminder goes only to the other one, once.
      await t.handle.db.run('UPDATE access_codes SET uses = 1 WHERE code = ?', [codes[0]]);
      await t.handle.db.run("INSERT INTO responses (id, survey_id, channel, round) VALUES (?, ?, 'online', ?)", [randomUUID(), id, round.number]);
      clock.set(round.reminder_at ?? '');
      await tickBoth();
      expect((await mails(`puls-remind:${String(id)}:${String(round.number)}:%`)).map((m) => m.to_address)).toEqual(['bob@p.test']);
    }
    const all = codesPerRound.flat();
    expect(all).toHaveLength(6);
    expect(new Set(all).size).toBe(6);
    // Every invitation job ran exactly once, by whichever scheduler claimed it.
    const inviteJobs = await t.handle.scheduler.list({ kind: 'puls.round.invite', payload: { surveyId: id } });
    expect(inviteJobs.map((j) => [j.dedupeKey, j.status, j.attempts])).toEqual([1, 2, 3].map((n) => [`puls-round:${String(id)}:${String(n)}:invite`, 'done', 1]));

    // After the last round's last day (6 April 23:59 summer time = 21:59 UTC): the survey is finished, every round closed, unused codes revoked.
    clock.set('2030-04-06T21:58:30.000Z');
    await tickBoth();
    expect((await status(id, cookie)).state).toBe('in_progress');
    clock.set('2030-04-06T21:59:00.000Z');
    await tickBoth();
    st = await status(id, cookie);
    expect(st.state).toBe('finished');
    // Each closed at its end: none ended early, none cancelled.
    expect(st.rounds.map((r) => [r.state, r.responses, r.ended_early, r.cancelled])).toEqual([
      ['closed', 1, false, false],
      ['closed', 1, false, false],
      ['closed', 1, false, false],
    ]);
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM access_codes WHERE survey_id = ? AND revoked_at IS NULL AND uses = 0', [id]))?.n).toBe(0);
    // The respondent e-mail list went with the last round: no list, no code linked to an address,
    // no outbox row of the rounds' invitations and reminders, no address in the draft.
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM respondent_emails WHERE application_id = ?', [id]))?.n).toBe(0);
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM access_codes WHERE survey_id = ? AND respondent_email_id IS NOT NULL', [id]))?.n).toBe(0);
    const roundMails = await t.handle.db.all<Record<string, unknown>>('SELECT * FROM mail_outbox WHERE dedupe_key LIKE ? OR dedupe_key LIKE ?', [`puls-invite:${String(id)}:%`, `puls-remind:${String(id)}:%`]);
    expect(roundMails).toEqual([]);
    expect((await t.handle.db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = ?', [id]))?.draft).not.toMatch(/ana@p\.test|bob@p\.test/);

    const detail = await json<{ data: { rounds: RoundJson[] } }>(await call(t, 'GET', `/api/admin/applications/${String(id)}`, { cookie: admin }));
    expect(adminApplicationDetailSchema.safeParse(detail.data).error).toBeUndefined();
    expect(detail.data.rounds.map((r) => r.number)).toEqual([1, 2, 3]);
  }, 60_000);

  it("a one-off PULS with 'identical' codes has 1 round, one shared code, and finishes when it closes", async () => {
    clock.set('2030-05-01T09:00:00.000Z');
    const { id, cookie } = await approvedPuls({ start_date: '2030-05-10', end_date: '2030-05-20', invitation_date: '2030-05-11', invitation_time: '08:15', code_type: 'identical', cadence: 'one-off', rounds: 1 });
    const st = await status(id, cookie);
    expect(st.rounds.map((r) => [r.number, r.opens_on, r.closes_on, r.invitation_at, r.reminder_at])).toEqual([[1, '2030-05-10', '2030-05-20', '2030-05-11T06:15:00.000Z', '2030-05-13T06:15:00.000Z']]);
    clock.set('2030-05-11T06:15:00.000Z');
    await tickBoth();
    const sent = await mails(`puls-invite:${String(id)}:1:%`);
    expect(sent).toHaveLength(2);
    expect(codeOf(sent[0]?.text ?? '')).toBe(codeOf(sent[1]?.text ?? ''));
    clock.set('2030-05-20T22:00:00.000Z');
    await tickBoth();
    expect((await status(id, cookie)).state).toBe('finished');
  }, 60_000);
});

describe('PULS rounds and the administrator', () => {
  it("closing a PULS survey cancels its rounds' pending jobs", async () => {
    clock.set('2030-07-01T09:00:00.000Z');
    const { id, cookie } = await approvedPuls({ start_date: '2030-07-10', end_date: '2030-07-20', invitation_date: '2030-07-10' });
    expect(await t.handle.scheduler.list({ status: 'pending', payload: { surveyId: id } })).toHaveLength(12);
    expect((await call(t, 'POST', `/api/admin/applications/${String(id)}/close`, { cookie: admin })).status).toBe(200);
    expect(await t.handle.scheduler.list({ status: 'pending', payload: { surveyId: id } })).toEqual([]);
    clock.set('2030-07-10T08:00:00.000Z');
    await tickBoth();
    expect(await mails(`puls-invite:${String(id)}:%`)).toEqual([]);
    expect((await status(id, cookie)).state).toBe('finished');
  }, 60_000);
});

describe('PULS rounds and reissued codes', () => {
  it("a reissue after the round's invitation re-sends it with the new codes of that round", async () => {
    clock.set('2030-08-01T09:00:00.000Z');
    const { id } = await approvedPuls({ start_date: '2030-08-10', end_date: '2030-08-20', invitation_date: '2030-08-10' });
    clock.set('2030-08-10T07:00:00.000Z');
    await tickBoth();
    const first = (await mails(`puls-invite:${String(id)}:1:%`)).map((m) => codeOf(m.text));
    expect(first).toHaveLength(2);
    expect((await call(t, 'POST', `/api/admin/applications/${String(id)}/reissue-codes`, { cookie: admin })).status).toBe(200);
    await tickBoth();
    const all = (await mails(`puls-invite:${String(id)}:1:%`)).map((m) => codeOf(m.text));
    expect(all).toHaveLength(4);
    const fresh = all.filter((c) => !first.includes(c));
    expect(fresh).toHaveLength(2);
    for (const code of fresh) expect(await t.handle.db.get('SELECT round, revoked_at FROM access_codes WHERE code = ?', [code])).toEqual({ round: 1, revoked_at: null });
    for (const code of first) expect((await t.handle.db.get<{ revoked_at: string | null }>('SELECT revoked_at FROM access_codes WHERE code = ?', [code]))?.revoked_at).toBeTruthy();
  }, 60_000);
});

describe('rate limits', () => {
  it('e-mail parsing: 30 per 10 minutes per company, then 429 rate-limited; another company is not affected', async () => {
    const c = await createCompanyAccount(t);
    const other = await createCompanyAccount(t);
    const id = (await json<{ data: { id: number } }>(await call(t, 'POST', '/api/applications', { cookie: c.cookie, body: { type: 'puls' } }))).data.id;
    const otherId = (await json<{ data: { id: number } }>(await call(t, 'POST', '/api/applications', { cookie: other.cookie, body: { type: 'puls' } }))).data.id;
    const parse = (cookie: string, app: number) => call(t, 'POST', `/api/applications/${String(app)}/emails/parse`, { cookie, headers: { 'Content-Type': 'text/plain', 'X-Locale': 'en' }, body: 'a@x.test\n' });
    for (let i = 0; i < 30; i++) expect((await parse(c.cookie, id)).status).toBe(200);
    const limited = await parse(c.cookie, id);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await json<ErrorJson>(limited)).error.code).toBe('rate-limited');
    expect((await parse(other.cookie, otherId)).status).toBe(200);
  }, 60_000);

  it('manual reminders: 5 per hour per application, then 429 rate-limited', async () => {
    clock.set('2030-06-01T09:00:00.000Z');
    const { id, cookie } = await approvedPuls({ start_date: '2030-06-10', end_date: '2030-06-20', invitation_date: '2030-06-10' });
    const remind = () => call(t, 'POST', `/api/applications/${String(id)}/reminders`, { cookie, headers: { 'X-Locale': 'en' } });
    const first = await remind();
    expect(first.status).toBe(200);
    expect((await json<{ data: { sent: number } }>(first)).data.sent).toBe(2);
    for (let i = 0; i < 4; i++) expect((await remind()).status).toBe(200);
    const limited = await remind();
    expect(limited.status).toBe(429);
    expect((await json<ErrorJson>(limited)).error.code).toBe('rate-limited');
  }, 60_000);
});

describe('ending a PULS round early (POST /api/admin/applications/:id/rounds/:number/close)', () => {
  const endRound = (id: number, n: number | string, cookie: string = admin) => call(t, 'POST', `/api/admin/applications/${String(id)}/rounds/${String(n)}/close`, { cookie, headers: { 'X-Locale': 'en' } });
  const report = async (id: number, cookie: string) => await call(t, 'GET', `/api/surveys/${String(id)}/report/puls?language=en`, { cookie });
  interface ReportJson { data: { rounds: { round: number; responses: number; start_date: string; end_date: string }[]; schedule: { round: number; outcome: string; ended_on: string | null }[] } }
  const answer = JSON.stringify({ language: 'en', statements: {}, demographics: {}, extra: {}, puls: { [PULS_QUESTIONS[0]!.id]: 4 } });
  const respond = async (id: number, round: number, n: number) => {
    for (let i = 0; i < n; i++) await t.handle.db.run("INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, 'online', ?, ?)", [randomUUID(), id, answer, round]);
  };
  const liveUnused = async (id: number, round: number) =>
    (await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM access_codes WHERE survey_id = ? AND round = ? AND revoked_at IS NULL AND uses < max_uses', [id, round]))?.n;

  it('401 for a guest, 403 for a company, 404 for an unknown or IZZ survey, 422 for a bad round, 409 unless the round is open', async () => {
    clock.set('2030-09-01T09:00:00.000Z');
    const { id, cookie } = await approvedPuls({ start_date: '2030-09-10', end_date: '2030-09-16', invitation_date: '2030-09-10' });
    expect((await call(t, 'POST', `/api/admin/applications/${String(id)}/rounds/1/close`)).status).toBe(401);
    expect((await endRound(id, 1, cookie)).status).toBe(403);
    expect((await endRound(999999, 1)).status).toBe(404);
    const izz = (await json<{ data: { id: number } }>(await call(t, 'POST', '/api/applications', { cookie, body: { type: 'izz' } }))).data.id;
    expect((await endRound(izz, 1)).status).toBe(404);
    for (const bad of [0, 13, 'x']) {
      const res = await endRound(id, bad);
      expect(res.status, String(bad)).toBe(422);
      expect((await json<ErrorJson>(res)).error.details?.[0]).toMatchObject({ location: 'params', path: 'number' });
    }
    // Round 1 has not opened yet; round 3 does not exist: nothing to end.
    for (const n of [1, 3, 4]) {
      const res = await endRound(id, n);
      expect(res.status, String(n)).toBe(409);
      expect((await json<ErrorJson>(res)).error).toMatchObject({ code: 'invalid-state', message: 'This cannot be done in the application’s current state.' });
    }
    expect((await status(id, cookie)).rounds.map((r) => r.state)).toEqual(['pending', 'pending', 'pending']);
  }, 60_000);

  it('ends the open round now: closed and revoked, its jobs cancelled, audited, its report available; the next round keeps its schedule', async () => {
    clock.set('2030-09-01T09:00:00.000Z');
    const { id, cookie } = await approvedPuls({ start_date: '2030-09-10', end_date: '2030-09-16', invitation_date: '2030-09-10' });
    clock.set('2030-09-10T07:00:00.000Z');
    await tickBoth();
    expect((await status(id, cookie)).rounds.map((r) => r.state)).toEqual(['open', 'pending', 'pending']);
    await respond(id, 1, 5);
    expect((await report(id, cookie)).status).toBe(409);

    clock.set('2030-09-12T10:00:00.000Z');
    const res = await endRound(id, 1);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json<{ data: { state: string; rounds: RoundJson[] } }>(res);
    expect(body.data.state).toBe('in_progress');
    expect(body.data.rounds.map((r) => [r.number, r.state, r.ended_early, r.cancelled, r.responses, r.closed_at])).toEqual([
      [1, 'closed', true, false, 5, '2030-09-12T10:00:00.000Z'],
      [2, 'pending', false, false, 0, null],
      [3, 'pending', false, false, 0, null],
    ]);
    // The round's unused codes stop working; its remaining jobs are cancelled; round 2 still opens on 10 October.
    expect(await liveUnused(id, 1)).toBe(0);
    expect(await t.handle.scheduler.list({ status: 'pending', payload: { surveyId: id, round: 1 } })).toEqual([]);
    const open2 = await t.handle.scheduler.findByDedupeKey(`puls-round:${String(id)}:2:open`);
    expect([open2?.status, open2?.runAt]).toEqual(['pending', '2030-10-09T22:00:00.000Z']);
    const audit = await t.handle.db.get<{ actor_email: string; details: string }>("SELECT actor_email, details FROM audit_log WHERE action = 'application.end-round' AND target_id = ?", [String(id)]);
    expect(audit?.actor_email).toBe('admin@example.com');
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({ round: 1, finished: false });
    // A second end (a stale page, a double click) changes nothing.
    expect((await endRound(id, 1)).status).toBe(409);

    // The company sees it; the report holds round 1 up to the day it ended and says what became of the others.
    const st = await status(id, cookie);
    expect(st.current_round).toBe(2);
    expect(st.rounds[0]).toMatchObject({ state: 'closed', ended_early: true, responses: 5 });
    const figures = (await json<ReportJson>(await report(id, cookie))).data;
    expect(figures.rounds.map((r) => [r.round, r.responses, r.start_date, r.end_date])).toEqual([[1, 5, '2030-09-10', '2030-09-12']]);
    expect(figures.schedule.map((s) => [s.round, s.outcome, s.ended_on])).toEqual([
      [1, 'ended-early', '2030-09-12'],
      [2, 'pending', null],
      [3, 'pending', null],
    ]);

    // Round 2 opens and invites on its own schedule.
    clock.set('2030-10-10T07:00:00.000Z');
    await tickBoth();
    expect((await status(id, cookie)).rounds.map((r) => r.state)).toEqual(['closed', 'open', 'pending']);
    expect(await mails(`puls-invite:${String(id)}:2:%`)).toHaveLength(2);
  }, 60_000);

  it('ending the last round finishes the survey (and deletes its e-mail list, like every finish)', async () => {
    clock.set('2030-09-01T09:00:00.000Z');
    const { id, cookie } = await approvedPuls({ start_date: '2030-09-10', end_date: '2030-09-20', invitation_date: '2030-09-10', cadence: 'one-off', rounds: 1 });
    clock.set('2030-09-10T07:00:00.000Z');
    await tickBoth();
    clock.set('2030-09-11T07:00:00.000Z');
    const res = await endRound(id, 1);
    expect(res.status).toBe(200);
    expect((await json<{ data: { state: string; rounds: RoundJson[] } }>(res)).data).toMatchObject({ state: 'finished', rounds: [{ number: 1, state: 'closed', ended_early: true }] });
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM respondent_emails WHERE application_id = ?', [id]))?.n).toBe(0);
    expect(await t.handle.scheduler.list({ status: 'pending', payload: { surveyId: id } })).toEqual([]);
    const audit = await t.handle.db.get<{ details: string }>("SELECT details FROM audit_log WHERE action = 'application.end-round' AND target_id = ?", [String(id)]);
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({ round: 1, finished: true });
    expect((await status(id, cookie)).state).toBe('finished');
  }, 60_000);

  it('closing the whole survey closes the open round and names the rounds that will not run, in the views, the audit log and the report', async () => {
    clock.set('2030-09-01T09:00:00.000Z');
    const { id, cookie } = await approvedPuls({ start_date: '2030-09-10', end_date: '2030-09-16', invitation_date: '2030-09-10' });
    clock.set('2030-09-10T07:00:00.000Z');
    await tickBoth();
    await respond(id, 1, 6);
    clock.set('2030-09-13T12:00:00.000Z');
    expect((await call(t, 'POST', `/api/admin/applications/${String(id)}/close`, { cookie: admin })).status).toBe(200);

    const audit = await t.handle.db.get<{ details: string }>("SELECT details FROM audit_log WHERE action = 'application.close' AND target_id = ?", [String(id)]);
    expect(JSON.parse(audit?.details ?? '{}')).toEqual({ from: 'in_progress', not_run: [2, 3] });
    expect(await liveUnused(id, 1)).toBe(0);
    const st = await status(id, cookie);
    expect(st.state).toBe('finished');
    expect(st.current_round).toBe(1);
    expect(st.rounds.map((r) => [r.state, r.ended_early, r.cancelled])).toEqual([
      ['closed', true, false],
      ['pending', false, true],
      ['pending', false, true],
    ]);
    const detail = await json<{ data: unknown }>(await call(t, 'GET', `/api/admin/applications/${String(id)}`, { cookie: admin }));
    expect(adminApplicationDetailSchema.safeParse(detail.data).error).toBeUndefined();

    const figures = (await json<ReportJson>(await report(id, cookie))).data;
    expect(figures.rounds.map((r) => [r.round, r.responses, r.end_date])).toEqual([[1, 6, '2030-09-13']]);
    expect(figures.schedule.map((s) => [s.round, s.outcome, s.ended_on])).toEqual([
      [1, 'ended-early', '2030-09-13'],
      [2, 'not-run', null],
      [3, 'not-run', null],
    ]);
    // The PDF and the Excel file say it too.
    const pdf = await call(t, 'GET', `/api/surveys/${String(id)}/report/puls?language=en&format=pdf`, { cookie });
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Ended early on 13.09.2030');
    expect(text.match(/Did not run: the survey was closed before this round/g)).toHaveLength(2);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await (await call(t, 'GET', `/api/surveys/${String(id)}/report/puls?language=en&format=xlsx`, { cookie })).arrayBuffer()) as unknown as ExcelJS.Buffer);
    const summary = wb.getWorksheet('Summary')!;
    expect([2, 3, 4].map((row) => [summary.getCell(row, 1).value, summary.getCell(row, 7).value])).toEqual([
      ['Round 1', 'Ended early on 13.09.2030'],
      ['Round 2', 'Did not run: the survey was closed before this round'],
      ['Round 3', 'Did not run: the survey was closed before this round'],
    ]);
  }, 60_000);
});

describe('PULS code slips', () => {
  it("carry the pulse survey's title and the active round's last day", async () => {
    clock.set('2030-09-01T09:00:00.000Z');
    const { id, cookie } = await approvedPuls({ start_date: '2030-09-10', end_date: '2030-09-16', invitation_date: '2030-09-10', online_respondents: 3, respondent_emails: [{ email: 'ana@p.test', language: 'sl' }] });
    const slips = async () => pdfText(new Uint8Array(await (await call(t, 'GET', `/api/applications/${String(id)}/codes?format=pdf`, { cookie })).arrayBuffer()));
    let text = await slips();
    expect(text).toContain('Pulzna raziskava PULS · Puls 2030');
    expect(text).not.toContain('zadovoljstvu zaposlenih');
    expect(text).toContain('16.09.2030');
    // Round 2's codes: its own last day, not round 1's.
    clock.set('2030-09-17T07:00:00.000Z');
    await tickBoth();
    clock.set('2030-10-10T07:00:00.000Z');
    await tickBoth();
    text = await slips();
    expect(text).toContain('16.10.2030');
    expect(text).not.toContain('16.09.2030');
  }, 60_000);
});
