import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index.js';
import { call, demoIzzAnswers, demoSessionCookie, demoSurveyAndForeignCopy, json, postResponses, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { codeHash } from '../../lib/code-hash.js';
import { paperEntryPackageSchema } from '../../../shared/schemas/paper-entry.js';
import type { PaperEntryPackage } from './paper-entry.service.js';

const goodAnswers = () => demoIzzAnswers();

describe('paper entry API', () => {
  let t: TestServer;
  let demoCookie: string;
  let surveyA: number;
  let surveyB: number;
  let other: Awaited<ReturnType<typeof demoSurveyAndForeignCopy>>['other'];
  const now = '2026-01-01T00:00:00Z';
  const addCode = async (surveyId: number, code: string, channel = 'paper') =>
    await t.handle.db.run('INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, ?, 1, 1, ?)', [surveyId, code, channel, now]);
  const uses = async (code: string) => (await t.handle.db.get<{ uses: number }>('SELECT uses FROM access_codes WHERE code = ?', [code]))?.uses;
  const getPackage = (cookie: string | undefined, surveyId: number) => call(t, 'GET', `/api/paper-entry/surveys/${String(surveyId)}?lang=en`, { cookie });
  async function entryPackage(cookie: string, surveyId: number): Promise<PaperEntryPackage> {
    const res = await getPackage(cookie, surveyId);
    expect(res.status).toBe(200);
    const data = (await json<{ data: PaperEntryPackage }>(res)).data;
    // The PWA checks the answer with the shared schema before it keeps the package on the device.
    expect(paperEntryPackageSchema.safeParse(data).error).toBeUndefined();
    return data;
  }
  const sync = (items: unknown[]) => postResponses(t, items);
  const paperItem = (pkg: PaperEntryPackage, code: string, answers: unknown = goodAnswers(), noAnswer?: string[], id = randomUUID()) => ({
    id,
    token: pkg.token,
    answers: { code, answers, ...(noAnswer ? { no_answer: noAnswer } : {}) },
  });
  const paperCount = async (surveyId: number) => (await t.handle.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM responses WHERE survey_id = ? AND channel = 'paper'", [surveyId]))?.n ?? 0;

  beforeAll(async () => {
    t = await startTestServer();
    demoCookie = await demoSessionCookie(t.handle);
    ({ demoSurveyId: surveyA, other, otherSurveyId: surveyB } = await demoSurveyAndForeignCopy(t, now));
    for (const c of ['PPRAAAAAA2', 'PPRAAAAAA3', 'PPRAAAAAA4', 'PPRAAAAAA5', 'PPRAAAAAA6', 'PPRAAAAAA7']) await addCode(surveyA, c);
    await addCode(surveyA, 'PPRONLINE2', 'online');
    await addCode(surveyB, 'PPRBBBBBB2');
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a company session; another company gets 404 and cannot enter answers into the survey', async () => {
    expect((await getPackage(undefined, surveyA)).status).toBe(401);
    const res = await getPackage(other.cookie, surveyA);
    expect(res.status).toBe(404);
    expect((await json<ErrorJson>(res)).error.code).toBe('not-found');
    // Its own package's token is bound to its own survey: a code of the demo survey is not found there.
    const own = await entryPackage(other.cookie, surveyB);
    const [r] = await sync([paperItem(own, 'PPRAAAAAA2')]);
    expect(r).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
    expect(await uses('PPRAAAAAA2')).toBe(0);
  });

  it('hands out the package, a paper-entry token and salted hashes of the unused paper codes only — never a code', async () => {
    const pkg = await entryPackage(demoCookie, surveyA);
    expect(pkg.package.survey_id).toBe(surveyA);
    const text = JSON.stringify(pkg);
    for (const c of ['PPRAAAAAA2', 'PPRONLINE2']) expect(text).not.toContain(c);
    expect(pkg.hashes).toContain(codeHash(pkg.salt, 'PPRAAAAAA2'));
    expect(pkg.hashes).not.toContain(codeHash(pkg.salt, 'PPRONLINE2'));
    expect(pkg.hashes.every((h) => /^[0-9a-f]{8}$/.test(h))).toBe(true);
  });

  it('stores a paper item once (channel paper, no code, no day); a replay is a duplicate; the code then fails online', async () => {
    const pkg = await entryPackage(demoCookie, surveyA);
    const before = await paperCount(surveyA);
    const item = paperItem(pkg, 'ppraa-aaaa3');
    expect((await sync([item]))[0]).toMatchObject({ status: 'applied' });
    expect((await sync([item]))[0]).toMatchObject({ status: 'duplicate' });
    expect(await paperCount(surveyA)).toBe(before + 1);
    const row = await t.handle.db.get<Record<string, unknown>>('SELECT * FROM responses WHERE id = ?', [item.id]);
    expect(row?.channel).toBe('paper');
    expect(JSON.stringify(row)).not.toContain('PPRAAAAAA3');
    expect(Object.keys(row ?? {}).sort()).toEqual(['answers', 'channel', 'id', 'round', 'survey_id']);
    // The same paper code keyed a second time (another id) is refused.
    expect((await sync([paperItem(pkg, 'PPRAAAAAA3')]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-used' });
    // ... and it cannot be used online any more.
    const online = await call(t, 'POST', '/api/questionnaire/access?lang=en', { body: { code: 'PPRAAAAAA3' } });
    expect(online.status).toBe(409);
    expect((await json<ErrorJson>(online)).error.code).toBe('access-code-used');
    // The package no longer lists it.
    expect((await entryPackage(demoCookie, surveyA)).hashes).not.toContain(codeHash(pkg.salt, 'PPRAAAAAA3'));
  });

  it('refuses paper answers for a paper code already answered online', async () => {
    const access = await call(t, 'POST', '/api/questionnaire/access?lang=en', { body: { code: 'PPRAAAAAA4' } });
    expect(access.status).toBe(200);
    const { token } = (await json<{ data: { token: string } }>(access)).data;
    const onlineId = randomUUID();
    expect((await sync([{ id: onlineId, token, answers: goodAnswers() }]))[0]).toMatchObject({ status: 'applied' });
    // Answered online with the form's QR code: an online response
    expect((await t.handle.db.get<{ channel: string }>('SELECT channel FROM responses WHERE id = ?', [onlineId]))?.channel).toBe('online');
    const pkg = await entryPackage(demoCookie, surveyA);
    expect((await sync([paperItem(pkg, 'PPRAAAAAA4')]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-used' });
  });

  it('refuses an online code typed into paper entry', async () => {
    const pkg = await entryPackage(demoCookie, surveyA);
    expect((await sync([paperItem(pkg, 'PPRONLINE2')]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
    expect(await uses('PPRONLINE2')).toBe(0);
  });

  it("stores a mandatory item left blank on paper only when it is recorded as 'no answer on paper'", async () => {
    const pkg = await entryPackage(demoCookie, surveyA);
    const first = STATEMENTS[0]!.id;
    const answers = goodAnswers();
    delete (answers.statements as Record<string, unknown>)[first];
    delete answers.enps_grade;
    // Missing without the marker: refused, the code is not consumed.
    const missing = (await sync([paperItem(pkg, 'PPRAAAAAA5', answers)]))[0];
    expect(missing).toMatchObject({ status: 'rejected', code: 'validation-failed' });
    expect(missing?.issues).toEqual(expect.arrayContaining([{ path: `statements.${first}`, code: 'required' }, { path: 'enps_grade', code: 'required' }]));
    expect(await uses('PPRAAAAAA5')).toBe(0);
    // With the marker: stored, without the blank answers and without the marker.
    const item = paperItem(pkg, 'PPRAAAAAA5', answers, [`statements.${first}`, 'enps_grade']);
    expect((await sync([item]))[0]).toMatchObject({ status: 'applied' });
    const stored = JSON.parse((await t.handle.db.get<{ answers: string }>('SELECT answers FROM responses WHERE id = ?', [item.id]))?.answers ?? '{}') as Record<string, unknown>;
    expect((stored.statements as Record<string, unknown>)[first]).toBeUndefined();
    expect(stored.enps_grade).toBeUndefined();
    expect(JSON.stringify(stored)).not.toContain('no_answer');
    // The marker does not excuse a wrong value, nor works for an online response.
    const bad = goodAnswers();
    (bad.statements as Record<string, unknown>)[first] = 7;
    expect((await sync([paperItem(pkg, 'PPRAAAAAA6', bad, [`statements.${first}`])]))[0]).toMatchObject({ status: 'rejected', code: 'validation-failed' });
    const access = await call(t, 'POST', '/api/questionnaire/access?lang=en', { body: { code: 'PPRAAAAAA7' } });
    const { token } = (await json<{ data: { token: string } }>(access)).data;
    const onlineAnswers = goodAnswers();
    delete (onlineAnswers.statements as Record<string, unknown>)[first];
    expect((await sync([{ id: randomUUID(), token, answers: { ...onlineAnswers, no_answer: [`statements.${first}`] } }]))[0]).toMatchObject({ status: 'rejected', code: 'validation-failed' });
  });

  it('refuses a forged or foreign-audience token', async () => {
    const pkg = await entryPackage(demoCookie, surveyA);
    const forged = `${pkg.token.slice(0, -4)}AAAA`;
    expect((await sync([{ id: randomUUID(), token: forged, answers: { code: 'PPRAAAAAA6', answers: goodAnswers() } }]))[0]).toMatchObject({ status: 'rejected', code: 'invalid-token' });
    expect((await sync([{ id: randomUUID(), token: pkg.token, answers: { answers: goodAnswers() } }]))[0]).toMatchObject({ status: 'rejected', code: 'validation-failed' });
    expect(await uses('PPRAAAAAA6')).toBe(0);
  });
});
