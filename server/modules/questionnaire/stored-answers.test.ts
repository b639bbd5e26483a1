/**
 * A stored response holds only the validated, normalised answers (storedAnswers), whatever
 * else the client sends, on every channel: online, kiosk (sealed) and paper entry.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index.js';
import { seal, type PublicJwk } from '../../../pwa/features/questionnaire/kiosk/crypto.js';
import { call, demoIzzAnswers, demoSessionCookie, json, postResponses, startTestServer, type TestServer } from '../../test/helpers.js';
import type { KioskSetup } from '../kiosk/kiosk.service.js';
import type { PaperEntryPackage } from '../paper-entry/paper-entry.service.js';

/** Things a client might add that must never reach the database. */
const NEEDLES = ['203.0.113.7', 'SECRET-UA', '2030-01-01T08:15', 'Janez Novak', 'fingerprint', 'employee', 'user_agent', 'submitted_at', '"ip"', '"code"', '"who"', '"at"'];

/** Valid answers with extra fields at the top level and inside objects, statements in reverse bank order. */
function answersWithExtras(code: string): Record<string, unknown> {
  const base = demoIzzAnswers({
    demographics: { gender: 'female' },
    department: 'Razvoj',
    location: 'Maribor',
    // a radio answer index as a numeric string (accepted), a comment; unknown keys inside the answer objects
    extra: { 'demo-q1': { value: '0', comment: 'ok', who: 'Janez Novak' }, 'demo-q2': { value: 'Več kave', at: '2030-01-01T08:15:00Z' } },
    praise_critique: 'Dobro.',
  });
  return {
    code,
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 SECRET-UA',
    submitted_at: '2030-01-01T08:15:00Z',
    employee: 'Janez Novak',
    device: { fingerprint: 'abc' },
    ...base,
    statements: Object.fromEntries(Object.entries(base.statements as Record<string, number>).reverse()),
  };
}

/** Exactly what is stored for answersWithExtras: the schema's fields in a fixed order, indexes as numbers. */
function expectedStored(): string {
  return JSON.stringify({
    language: 'sl',
    statements: Object.fromEntries(STATEMENTS.map((s, i) => [s.id, (i % 4) + 1])),
    enps_grade: 9,
    esi_workplace_satisfaction: 8,
    esi_workplace_expectations: 7,
    esi_ideal_job_comparison: 6,
    demographics: { gender: 'female' },
    department: 'Razvoj',
    location: 'Maribor',
    extra: { 'demo-q1': { value: 0, comment: 'ok' }, 'demo-q2': { value: 'Več kave' } },
    praise_critique: 'Dobro.',
    puls: {},
  });
}

describe('stored responses hold only the validated answers', () => {
  let t: TestServer;
  let surveyId: number;
  let cookie: string;
  const addCode = async (code: string, channel: 'online' | 'paper') =>
    await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, ?, 1, 1, '2026-01-01T00:00:00Z')", [surveyId, code, channel]);
  const row = async (id: string) => await t.handle.db.get<Record<string, unknown> & { answers: string; channel: string }>('SELECT * FROM responses WHERE id = ?', [id]);
  async function expectClean(id: string, channel: string, code: string) {
    const r = await row(id);
    expect(r?.channel).toBe(channel);
    expect(r?.answers).toBe(expectedStored());
    const everything = JSON.stringify(r);
    for (const needle of [...NEEDLES, code, `${code.slice(0, 5)}-${code.slice(5)}`]) expect(everything, needle).not.toContain(needle);
  }

  beforeAll(async () => {
    t = await startTestServer();
    surveyId = (await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress'"))?.id ?? 0;
    cookie = await demoSessionCookie(t.handle);
    await addCode('STKSKAAAA2', 'online');
    await addCode('STPPRAAAA2', 'paper');
  });
  afterAll(async () => {
    await t.close();
  });

  it('online: extra fields at the top level and inside answer objects are not saved', async () => {
    const access = await call(t, 'POST', '/api/questionnaire/access', { body: { code: 'DEMXA-AAAA2' } });
    const { token } = (await json<{ data: { token: string } }>(access)).data;
    const id = randomUUID();
    expect(await postResponses(t, [{ id, token, answers: answersWithExtras('DEMXA-AAAA2') }])).toEqual([{ id, status: 'applied' }]);
    await expectClean(id, 'online', 'DEMXAAAAA2');
  });

  it('kiosk: extra fields inside the sealed envelope are not saved', async () => {
    const res = await call(t, 'POST', '/api/kiosk/setup', { cookie, body: { survey_id: surveyId, password: 'demo1234' } });
    expect(res.status).toBe(200);
    const setup = (await json<{ data: KioskSetup }>(res)).data;
    const id = randomUUID();
    const sealed = await seal({ code: 'STKSK-AAAA2', answers: answersWithExtras('STKSKAAAA2'), employee: 'Janez Novak' }, setup.public_key as PublicJwk, `${String(surveyId)}:${id}`);
    expect(await postResponses(t, [{ id, token: setup.token, answers: { sealed } }])).toEqual([{ id, status: 'applied' }]);
    await expectClean(id, 'kiosk', 'STKSKAAAA2');
  });

  it("paper: extra fields (an employee's name) beside and inside the keyed answers are not saved", async () => {
    const res = await call(t, 'GET', `/api/paper-entry/surveys/${String(surveyId)}`, { cookie });
    expect(res.status).toBe(200);
    const pkg = (await json<{ data: PaperEntryPackage }>(res)).data;
    const id = randomUUID();
    const item = { id, token: pkg.token, answers: { code: 'STPPR-AAAA2', answers: answersWithExtras('STPPRAAAA2'), no_answer: [], employee: 'Janez Novak' } };
    expect(await postResponses(t, [item])).toEqual([{ id, status: 'applied' }]);
    await expectClean(id, 'paper', 'STPPRAAAA2');
  });
});
