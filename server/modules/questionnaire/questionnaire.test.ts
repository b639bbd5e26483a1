import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index.js';
import { questionnaireAccessSchema, type QuestionnairePackage } from '../../../shared/schemas/questionnaire.js';
import { call, demoIzzAnswers, json, postResponses, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';

const goodAnswers = () =>
  demoIzzAnswers({
    demographics: { gender: 'female' },
    department: 'Razvoj',
    location: 'Maribor',
    extra: { 'demo-q1': { value: 0, comment: 'ok' }, 'demo-q2': { value: 'Več kave' } },
    praise_critique: 'Dobro.',
  });

async function access(t: TestServer, code: string) {
  return call(t, 'POST', '/api/questionnaire/access', { body: { code } });
}
async function tokenFor(t: TestServer, code: string): Promise<string> {
  const res = await access(t, code);
  expect(res.status).toBe(200);
  return (await json<{ data: { token: string } }>(res)).data.token;
}
const submit = postResponses;

describe('questionnaire API', () => {
  let t: TestServer;
  let surveyId: number;
  const count = async () => (await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM responses WHERE survey_id = ?', [surveyId]))?.n ?? 0;
  const uses = async (code: string) => (await t.handle.db.get<{ uses: number }>('SELECT uses FROM access_codes WHERE code = ?', [code]))?.uses;
  const addCode = async (code: string, maxUses: number, revoked = false) =>
    await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, revoked_at, created_at) VALUES (?, ?, 'online', 1, ?, ?, '2026-01-01T00:00:00Z')", [
      surveyId,
      code,
      maxUses,
      revoked ? '2026-01-02T00:00:00Z' : null,
    ]);

  beforeAll(async () => {
    t = await startTestServer();
    surveyId = (await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress'"))?.id ?? 0;
    await addCode('REVKDAAAA2', 1, true);
    await addCode('SAMEAAAAA2', 2);
  });
  afterAll(async () => {
    await t.close();
  });

  it('hands out a token and the package for a valid code, case and dash insensitive; the token holds no code', async () => {
    const res = await access(t, 'demxa-aaaa2');
    expect(res.status).toBe(200);
    const body = await json<{ data: { token: string; package: QuestionnairePackage } }>(res);
    // The PWA checks the answer with the shared schema before it stores the questionnaire.
    expect(questionnaireAccessSchema.safeParse(body.data).error).toBeUndefined();
    const pkg = body.data.package;
    expect(pkg).toMatchObject({ survey_id: surveyId, type: 'izz', languages: ['sl', 'en'], departments: ['Razvoj', 'Prodaja'], demographic_ids: ['gender', 'age_group'], round: null });
    expect(pkg.statement_ids).toEqual(STATEMENTS.map((s) => s.id));
    expect(pkg.statement_ids).toHaveLength(74);
    expect(pkg.extra_questions.map((q) => q.id)).toEqual(['demo-q1', 'demo-q2']);
    const payload = Buffer.from(body.data.token.split('.')[1] ?? '', 'base64url').toString();
    expect(payload).not.toContain('DEMXA');
    expect(JSON.parse(payload)).toMatchObject({ sid: surveyId, rnd: null });
    expect((await access(t, 'DEMXAAAAA2 ')).status).toBe(200);
  });

  it('refuses unknown, malformed and revoked codes with 404 and a finished survey with 409', async () => {
    for (const code of ['ZZZZZ-ZZZZZ', 'nonsense', 'REVKD-AAAA2']) {
      const res = await access(t, code);
      expect(res.status).toBe(404);
      expect((await json<ErrorJson>(res)).error.code).toBe('access-code-invalid');
    }
    expect((await call(t, 'POST', '/api/questionnaire/access', { body: {} })).status).toBe(422);
  });

  it('rejects every kind of bad answer, stores nothing and does not consume the code', async () => {
    const token = await tokenFor(t, 'DEMXA-AAAA3');
    const bad: [string, (a: Record<string, unknown>) => void, string][] = [
      ['missing statement', (a) => delete (a.statements as Record<string, unknown>)[STATEMENTS[0]?.id ?? ''], `statements.${STATEMENTS[0]?.id ?? ''}`],
      ['out of range 5', (a) => ((a.statements as Record<string, unknown>)[STATEMENTS[1]?.id ?? ''] = 5), `statements.${STATEMENTS[1]?.id ?? ''}`],
      ['unknown statement', (a) => ((a.statements as Record<string, unknown>).ZZ99 = 3), 'statements.ZZ99'],
      ['enps 11', (a) => (a.enps_grade = 11), 'enps_grade'],
      ['esi missing', (a) => delete a.esi_ideal_job_comparison, 'esi_ideal_job_comparison'],
      ['text too long', (a) => ((a.extra as Record<string, unknown>)['demo-q2'] = { value: 'x'.repeat(251) }), 'extra.demo-q2.value'],
      ['comment too long', (a) => ((a.extra as Record<string, unknown>)['demo-q1'] = { value: 1, comment: 'x'.repeat(501) }), 'extra.demo-q1.comment'],
      ['bad radio index', (a) => ((a.extra as Record<string, unknown>)['demo-q1'] = { value: 2 }), 'extra.demo-q1.value'],
      ['required extra missing', (a) => delete (a.extra as Record<string, unknown>)['demo-q2'], 'extra.demo-q2.value'],
      ['unknown extra', (a) => ((a.extra as Record<string, unknown>).nope = { value: 'x' }), 'extra.nope'],
      ['unknown department', (a) => (a.department = 'Marketing'), 'department'],
      ['unknown location', (a) => (a.location = 'Koper'), 'location'],
      ['bad demographic option', (a) => (a.demographics = { gender: 'robot' }), 'demographics.gender'],
      ['demographic not asked', (a) => (a.demographics = { education: 'low' }), 'demographics.education'],
      ['praise too long', (a) => (a.praise_critique = 'x'.repeat(1001)), 'praise_critique'],
      ['language not offered', (a) => (a.language = 'de'), 'language'],
      ['puls answer in IZZ', (a) => (a.puls = { P01: 3 }), 'puls.P01'],
      ['not an object', (a) => (a.statements = 'all good'), 'statements'],
    ];
    for (const [name, mutate, path] of bad) {
      const answers = goodAnswers();
      mutate(answers);
      const [result] = await submit(t, [{ id: randomUUID(), token, answers }]);
      expect(result, name).toMatchObject({ status: 'rejected', code: 'validation-failed' });
      expect(result?.issues?.map((i) => i.path), name).toContain(path);
    }
    expect(await count()).toBe(0);
    expect(await uses('DEMXAAAAA3')).toBe(0);
    const [ok] = await submit(t, [{ id: randomUUID(), token, answers: goodAnswers() }]);
    expect(ok?.status).toBe('applied');
    await t.handle.db.run('DELETE FROM responses WHERE survey_id = ?', [surveyId]);
  });

  it('stores an applied response once (a replay is a duplicate), with no code, IP, user agent or day, and refuses the used code', async () => {
    const token = await tokenFor(t, 'DEMXA-AAAA4');
    const id = randomUUID();
    const item = { id, token, answers: goodAnswers() };
    expect(await submit(t, [item])).toEqual([{ id, status: 'applied' }]);
    expect(await submit(t, [item])).toEqual([{ id, status: 'duplicate' }]);
    const rows = await t.handle.db.all<Record<string, unknown>>('SELECT * FROM responses WHERE id = ?', [id]);
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? {};
    expect(Object.keys(row).sort()).toEqual(['answers', 'channel', 'id', 'round', 'survey_id']);
    expect(row).toMatchObject({ survey_id: surveyId, channel: 'online', round: null });
    const stored = JSON.stringify(row);
    for (const needle of ['DEMXA', 'demxa', '127.0.0.1', 'node', 'undici', token]) expect(stored).not.toContain(needle);
    // The code keeps only that it was used: no day or time of the use.
    expect(await t.handle.db.get("SELECT * FROM access_codes WHERE code = 'DEMXAAAAA4'")).not.toHaveProperty('used_at');

    const again = await access(t, 'DEMXA-AAAA4');
    expect(again.status).toBe(409);
    expect((await json<ErrorJson>(again)).error.code).toBe('access-code-used');
    const second = randomUUID();
    expect(await submit(t, [{ id: second, token, answers: goodAnswers() }])).toEqual([{ id: second, status: 'rejected', code: 'access-code-used' }]);
    expect(await count()).toBe(1);
  });

  it('accepts an identical code up to its number of uses; a batch answers per item', async () => {
    const token = await tokenFor(t, 'samea-aaaa2');
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const bad = { ...goodAnswers(), enps_grade: 12 };
    const results = await submit(t, [
      { id: ids[0], token, answers: goodAnswers() },
      { id: ids[0], token, answers: goodAnswers() },
      { id: ids[1], token: 'not-a-token', answers: goodAnswers() },
      { id: ids[2], token, answers: bad },
      { id: ids[3], token, answers: goodAnswers() },
      { id: ids[4], token, answers: goodAnswers() },
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['duplicate', undefined],
      ['rejected', 'invalid-token'],
      ['rejected', 'validation-failed'],
      ['applied', undefined],
      ['rejected', 'access-code-used'],
    ]);
    expect(await uses('SAMEAAAAA2')).toBe(2);
    expect((await access(t, 'SAMEA-AAAA2')).status).toBe(409);
  });

  it('refuses a malformed batch with 422 and a token once the code is revoked or the survey finished', async () => {
    for (const body of [{}, { items: [] }, { items: [{ id: 'not-a-uuid', token: 'x', answers: {} }] }, { items: Array.from({ length: 51 }, () => ({ id: randomUUID(), token: 'x', answers: {} })) }]) {
      expect((await call(t, 'POST', '/api/responses', { body })).status).toBe(422);
    }
    await addCode('GATEAAAAA2', 1);
    const token = await tokenFor(t, 'GATEA-AAAA2');
    await t.handle.db.run("UPDATE access_codes SET revoked_at = '2026-01-03' WHERE code = 'GATEAAAAA2'");
    const id = randomUUID();
    expect(await submit(t, [{ id, token, answers: goodAnswers() }])).toEqual([{ id, status: 'rejected', code: 'access-code-invalid' }]);
    await t.handle.db.run("UPDATE access_codes SET revoked_at = NULL WHERE code = 'GATEAAAAA2'");
    await t.handle.db.run("UPDATE applications SET state = 'finished' WHERE id = ?", [surveyId]);
    expect(await submit(t, [{ id, token, answers: goodAnswers() }])).toEqual([{ id, status: 'rejected', code: 'survey-closed' }]);
    const closed = await access(t, 'GATEA-AAAA2');
    expect(closed.status).toBe(409);
    expect((await json<ErrorJson>(closed)).error.code).toBe('survey-closed');
    await t.handle.db.run("UPDATE applications SET state = 'in_progress' WHERE id = ?", [surveyId]);
  });
});

/** A UUIDv7 (RFC 9562): the first 48 bits are the Unix time in milliseconds. */
function uuidv7(ms = Date.now()): string {
  const hex = ms.toString(16).padStart(12, '0') + randomUUID().replace(/-/g, '').slice(12);
  const v = `${hex.slice(0, 12)}7${hex.slice(13, 16)}${((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 32)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

describe('response ids', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts only random (version 4) UUIDs: a UUIDv7 refuses the batch with 422 and a localized message, nothing is stored', async () => {
    const token = await tokenFor(t, 'DEMXA-AAAA2');
    const v7 = uuidv7();
    expect(v7).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const good = randomUUID();
    const messages: Record<string, string> = {
      sl: 'Oznaka odgovora mora biti naključni UUID (različica 4).',
      en: 'The response id must be a random UUID (version 4).',
      de: 'Die Kennung der Antwort muss eine zufällige UUID (Version 4) sein.',
    };
    for (const [lang, message] of Object.entries(messages)) {
      const res = await call(t, 'POST', `/api/responses?lang=${lang}`, { body: { items: [{ id: good, token, answers: goodAnswers() }, { id: v7, token, answers: goodAnswers() }] } });
      expect(res.status).toBe(422);
      const body = await json<ErrorJson>(res);
      expect(body.error.code).toBe('validation-failed');
      expect(body.error.details).toEqual([{ location: 'body', path: 'items.1.id', code: 'invalid_format', message }]);
    }
    // Other UUID versions too (v1: time and node; the nil UUID; v4's layout with another version digit).
    for (const id of ['6ba7b810-9dad-11d1-80b4-00c04fd430c8', '00000000-0000-0000-0000-000000000000', good.replace(/^(.{14})4/, '$18')]) {
      expect((await call(t, 'POST', '/api/responses', { body: { items: [{ id, token, answers: goodAnswers() }] } })).status, id).toBe(422);
    }
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM responses WHERE id IN (?, ?)', [good, v7]))?.n).toBe(0);
    expect(await submit(t, [{ id: good, token, answers: goodAnswers() }])).toEqual([{ id: good, status: 'applied' }]);
  });
});

describe('PULS questionnaire', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('hands out the open round and stores the round on the response; a closed round refuses the code', async () => {
    const db = t.handle.db;
    const pulsId = (await db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'puls'"))?.id ?? 0;
    await db.run("UPDATE applications SET state = 'in_progress', code_batch = 1 WHERE id = ?", [pulsId]);
    await db.run("INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at, state, code_batch) VALUES (?, 1, '2026-01-01', '2099-01-31', '2026-01-01T08:00:00Z', 'open', 1)", [pulsId]);
    await db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, round, created_at) VALUES (?, 'PUPUPUPUP2', 'online', 1, 3, 1, '2026-01-01T00:00:00Z')", [pulsId]);
    const res = await access(t, 'pupup-upup2');
    expect(res.status).toBe(200);
    const { token, package: pkg } = (await json<{ data: { token: string; package: QuestionnairePackage } }>(res)).data;
    expect(pkg).toMatchObject({ type: 'puls', round: 1, end_date: '2099-01-31', statement_ids: [], puls_question_ids: ['P01', 'P02', 'P03'] });
    const id = randomUUID();
    const answers = { language: 'sl', puls: { P01: 4, P02: 5, P03: 1 } };
    expect(await submit(t, [{ id, token, answers }])).toEqual([{ id, status: 'applied' }]);
    expect(await db.get('SELECT survey_id, round, channel FROM responses WHERE id = ?', [id])).toEqual({ survey_id: pulsId, round: 1, channel: 'online' });
    const bad = randomUUID();
    expect((await submit(t, [{ id: bad, token, answers: { language: 'sl', puls: { P01: 6, P02: 5, P03: 1 } } }]))[0]).toMatchObject({ status: 'rejected', code: 'validation-failed' });
    await db.run("UPDATE survey_rounds SET state = 'closed' WHERE survey_id = ?", [pulsId]);
    const closed = await access(t, 'PUPUP-UPUP2');
    expect(closed.status).toBe(409);
    expect((await json<ErrorJson>(closed)).error.code).toBe('survey-closed');
  });
});

// Code entry's guessing budget (wrong codes per address): code-guesses.test.ts.

describe('request logs of the questionnaire endpoints', () => {
  it('hold no IP address, no code and no answers', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // At debug: at the default level (info) a respondent's request is not logged at all.
    const t = await startTestServer({}, { logger: pino({ level: 'debug' }, sink) });
    try {
      const token = await tokenFor(t, 'DEMXA-AAAA2');
      await submit(t, [{ id: randomUUID(), token, answers: { ...goodAnswers(), praise_critique: 'SECRET-PRAISE' } }]);
      await access(t, 'DEMXA-AAAA3');
      const log = lines.join('');
      expect(log).toContain('/api/responses');
      expect(log).toContain('/api/questionnaire/access');
      for (const needle of ['127.0.0.1', 'remoteAddress', 'DEMXA', 'SECRET-PRAISE', token, 'user-agent']) expect(log).not.toContain(needle);
      // Their lines carry the hour only, and no response time.
      const respondentLines = lines.map((l) => JSON.parse(l) as { time: number; req?: { url: string } }).filter((l) => l.req?.url.startsWith('/api/responses') || l.req?.url.startsWith('/api/questionnaire/'));
      expect(respondentLines.length).toBeGreaterThanOrEqual(2);
      for (const l of respondentLines) {
        expect(l.time % 3_600_000).toBe(0);
        expect(l).not.toHaveProperty('responseTime');
      }
    } finally {
      await t.close();
    }
  });
});
