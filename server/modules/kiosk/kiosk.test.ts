import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PULS_QUESTIONS } from '../../../shared/question-banks/index.js';
import { seal, type PublicJwk } from '../../../pwa/features/questionnaire/kiosk/crypto.js';
import { call, demoIzzAnswers, demoSessionCookie, demoSurveyAndForeignCopy, json, postResponses, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { deriveKey } from '../../secrets.js';
import { codeHash } from '../../lib/code-hash.js';
import { kioskSetupSchema } from '../../../shared/schemas/kiosk.js';
import type { KioskSetup } from './kiosk.service.js';

const goodAnswers = () => demoIzzAnswers();
const tokenClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

/** A kiosk token as setups made it before kiosks had a kid: { sid } only. */
function tokenWithoutKid(t: TestServer, surveyId: number, issuedAt: number): Promise<string> {
  return new SignJWT({ sid: surveyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('izz')
    .setAudience('izz-kiosk')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 30 * 86_400)
    .sign(deriveKey(t.handle.config.sessionSecret, 'kiosk-token'));
}

async function sealedItem(setup: KioskSetup, code: string, answers: unknown = goodAnswers(), id = randomUUID()) {
  const sealed = await seal({ code, answers }, setup.public_key as PublicJwk, `${String(setup.package.survey_id)}:${id}`);
  return { id, token: setup.token, answers: { sealed } };
}

describe('kiosk API', () => {
  let t: TestServer;
  let demoCookie: string;
  let surveyA: number;
  let surveyB: number;
  let other: Awaited<ReturnType<typeof demoSurveyAndForeignCopy>>['other'];
  const now = '2026-01-01T00:00:00Z';
  const addCode = async (surveyId: number, code: string, maxUses = 1, channel = 'online') =>
    await t.handle.db.run('INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, ?, 1, ?, ?)', [surveyId, code, channel, maxUses, now]);
  const uses = async (code: string) => (await t.handle.db.get<{ uses: number }>('SELECT uses FROM access_codes WHERE code = ?', [code]))?.uses;
  const setupAs = (cookie: string | undefined, body: unknown, lang = 'en') => call(t, 'POST', `/api/kiosk/setup?lang=${lang}`, { cookie, body });
  async function setup(cookie: string, surveyId: number, password: string): Promise<KioskSetup> {
    const res = await setupAs(cookie, { survey_id: surveyId, password });
    expect(res.status).toBe(200);
    const data = (await json<{ data: KioskSetup }>(res)).data;
    // The PWA checks the answer with the shared schema before the kiosk stores it.
    expect(kioskSetupSchema.safeParse(data).error).toBeUndefined();
    return data;
  }
  const sync = (items: unknown[]) => postResponses(t, items);

  beforeAll(async () => {
    t = await startTestServer();
    demoCookie = await demoSessionCookie(t.handle);
    ({ demoSurveyId: surveyA, other, otherSurveyId: surveyB } = await demoSurveyAndForeignCopy(t, now));
    await addCode(surveyA, 'KSKAAAAAA2');
    await addCode(surveyA, 'KSKAAAAAA3');
    await addCode(surveyA, 'KSKSHARED2', 3);
    await addCode(surveyA, 'KSKPAPERA2', 1, 'paper');
    await addCode(surveyB, 'KSKBBBBBB2');
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a company session, and another company gets 404', async () => {
    expect((await setupAs(undefined, { survey_id: surveyA, password: 'demo1234' })).status).toBe(401);
    const res = await setupAs(other.cookie, { survey_id: surveyA, password: other.password });
    expect(res.status).toBe(404);
    expect((await call(t, 'GET', `/api/kiosk/surveys/${String(surveyA)}/conflicts`, { cookie: other.cookie })).status).toBe(404);
    expect((await setupAs(demoCookie, { survey_id: surveyA })).status).toBe(422);
  });

  it('refuses a wrong password with 403 and a localized message', async () => {
    const res = await setupAs(demoCookie, { survey_id: surveyA, password: 'wrong-one' }, 'sl');
    expect(res.status).toBe(403);
    const body = await json<ErrorJson>(res);
    expect(body.error.code).toBe('wrong-password');
    expect(body.error.message).toBe('Trenutno geslo ni pravilno.');
    expect(await t.handle.db.get('SELECT 1 AS x FROM kiosk_keys WHERE survey_id = ?', [surveyA])).toBeUndefined();
  });

  it('hands out the package, the token, the salt and the hashes of the live online codes, used or not — never a code', async () => {
    const res = await setupAs(demoCookie, { survey_id: surveyA, password: 'demo1234' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const codes = (await t.handle.db.all<{ code: string }>('SELECT code FROM access_codes WHERE survey_id = ?', [surveyA])).map((c) => c.code);
    for (const code of codes) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(`${code.slice(0, 5)}-${code.slice(5)}`);
    }
    const data = (JSON.parse(text) as { data: KioskSetup }).data;
    expect(data.package.survey_id).toBe(surveyA);
    expect(data.package.statement_ids).toHaveLength(74);
    expect(data.public_key).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(Object.keys(data.public_key).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    const live = await t.handle.db.all<{ code: string; max_uses: number }>(
      "SELECT code, max_uses FROM access_codes WHERE survey_id = ? AND channel = 'online' AND revoked_at IS NULL",
      [surveyA],
    );
    const expected = live.map((c) => ({ h: codeHash(data.salt, c.code), n: c.max_uses })).sort((a, b) => a.h.localeCompare(b.h) || a.n - b.n);
    expect(data.hashes).toEqual(expected);
    expect(data.hashes).toContainEqual({ h: codeHash(data.salt, 'KSKSHARED2'), n: 3 });
    expect(data.hashes.map((h) => h.h)).not.toContain(codeHash(data.salt, 'KSKPAPERA2'));
    for (const h of data.hashes) expect(h.h).toMatch(/^[0-9a-f]{8}$/);
    const payload = tokenClaims(data.token);
    expect(payload).toMatchObject({ sid: surveyA, aud: 'izz-kiosk' });
    expect(payload.kid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // A second setup keeps the survey's salt and key; it is another kiosk (its own kid)
    const again = await setup(demoCookie, surveyA, 'demo1234');
    expect(again.salt).toBe(data.salt);
    expect(again.public_key).toEqual(data.public_key);
    expect(tokenClaims(again.token).kid).not.toBe(payload.kid);
  });

  it('stores a sealed response once (channel kiosk, no code), consumes the code, and a replay is a duplicate', async () => {
    const s = await setup(demoCookie, surveyA, 'demo1234');
    const item = await sealedItem(s, 'kskaa-aaaa2');
    expect(await sync([item])).toEqual([{ id: item.id, status: 'applied' }]);
    expect(await uses('KSKAAAAAA2')).toBe(1);
    const row = await t.handle.db.get<{ channel: string; answers: string }>('SELECT channel, answers FROM responses WHERE id = ?', [item.id]);
    expect(row?.channel).toBe('kiosk');
    expect(row?.answers).not.toContain('KSK');
    expect(JSON.parse(row?.answers ?? '{}')).toMatchObject({ enps_grade: 9 });
    expect(await sync([item])).toEqual([{ id: item.id, status: 'duplicate' }]);
    expect(await uses('KSKAAAAAA2')).toBe(1);
    // a shared ('identical') code takes as many responses as it has uses
    const shared = [await sealedItem(s, 'KSKSHARED2'), await sealedItem(s, 'KSKSHARED2')];
    expect((await sync(shared)).map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await uses('KSKSHARED2')).toBe(2);
  });

  it('refuses a code used meanwhile elsewhere and counts the conflict for the company (no code, no answers)', async () => {
    const s = await setup(demoCookie, surveyA, 'demo1234');
    const before = (await json<{ data: { count: number } }>(await call(t, 'GET', `/api/kiosk/surveys/${String(surveyA)}/conflicts`, { cookie: demoCookie }))).data.count;
    // the code is used online first
    await t.handle.db.run("UPDATE access_codes SET uses = 1 WHERE code = 'KSKAAAAAA3'");
    const item = await sealedItem(s, 'KSKAAAAAA3');
    expect(await sync([item])).toEqual([{ id: item.id, status: 'rejected', code: 'access-code-used' }]);
    // a revoked code is a conflict too
    await addCode(surveyA, 'KSKREVKED2');
    await t.handle.db.run("UPDATE access_codes SET revoked_at = ? WHERE code = 'KSKREVKED2'", [now]);
    const revoked = await sealedItem(s, 'KSKREVKED2');
    expect(await sync([revoked])).toEqual([{ id: revoked.id, status: 'rejected', code: 'access-code-invalid' }]);
    // a code the survey does not have is refused but is no conflict (what guessing produces; see the guessing limit)
    const unknown = await sealedItem(s, 'ZZZZZ-ZZZZZ');
    expect((await sync([unknown]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
    const res = await call(t, 'GET', `/api/kiosk/surveys/${String(surveyA)}/conflicts`, { cookie: demoCookie });
    expect(res.status).toBe(200);
    const conflicts = (await json<{ data: { count: number; last_on: string } }>(res)).data;
    expect(conflicts.count).toBe(before + 2);
    expect(conflicts.last_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(await t.handle.db.get('SELECT * FROM kiosk_conflicts WHERE survey_id = ?', [surveyA]) ?? {}).sort()).toEqual(['count', 'last_on', 'survey_id']);
    // the kiosk's HR panel reads the same count with its token
    const byToken = await t.fetch('/api/kiosk/conflicts', { headers: { Authorization: `Bearer ${s.token}` } });
    expect((await json<{ data: { count: number } }>(byToken)).data.count).toBe(before + 2);
    expect((await t.fetch('/api/kiosk/conflicts', { headers: { Authorization: 'Bearer nonsense' } })).status).toBe(401);
    expect(await t.handle.db.get('SELECT 1 AS x FROM responses WHERE id IN (?, ?)', [item.id, unknown.id])).toBeUndefined();
  });

  it('counts a refused item once however often it is sent again (a lost reply, then a retry), and answers it from memory', async () => {
    const s = await setup(demoCookie, surveyA, 'demo1234');
    const count = async () => (await json<{ data: { count: number } }>(await call(t, 'GET', `/api/kiosk/surveys/${String(surveyA)}/conflicts`, { cookie: demoCookie }))).data.count;
    await addCode(surveyA, 'KSKRETRY22');
    await t.handle.db.run("UPDATE access_codes SET uses = 1 WHERE code = 'KSKRETRY22'");
    const before = await count();
    const item = await sealedItem(s, 'KSKRETRY22');
    const refused = [{ id: item.id, status: 'rejected', code: 'access-code-used' }];
    expect(await sync([item])).toEqual(refused);
    expect(await count()).toBe(before + 1);
    // the reply was lost: the kiosk sends the same item again, alone and within a batch
    expect(await sync([item])).toEqual(refused);
    expect((await sync([item, item]))).toEqual([...refused, ...refused]);
    expect(await count()).toBe(before + 1);
    // the refusal is final for this id: another envelope under it (even with a good code) is not checked
    await addCode(surveyA, 'KSKRETRY23');
    const again = await sealedItem(s, 'KSKRETRY23', goodAnswers(), item.id);
    expect(await sync([again])).toEqual(refused);
    expect(await uses('KSKRETRY23')).toBe(0);
    // what is remembered: a hash of the id, the reason and a day; no code, no kiosk
    const rows = await t.handle.db.all<Record<string, unknown>>('SELECT * FROM kiosk_refusals WHERE survey_id = ?', [surveyA]);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['id_hash', 'keep_until', 'reason', 'survey_id']);
      expect(row.id_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.keep_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(JSON.stringify(row)).not.toContain('KSK');
    }
    expect(rows.map((r) => r.id_hash)).not.toContain(item.id);
  });

  it('rejects a tampered or foreign envelope and bad answers, storing nothing and consuming nothing', async () => {
    const s = await setup(demoCookie, surveyA, 'demo1234');
    await addCode(surveyA, 'KSKTAMPER2');
    const item = await sealedItem(s, 'KSKTAMPER2');
    const ct = item.answers.sealed.ct;
    const flipped = `${ct.slice(0, 10)}${ct[10] === 'A' ? 'B' : 'A'}${ct.slice(11)}`;
    const tampered = { ...item, answers: { sealed: { ...item.answers.sealed, ct: flipped } } };
    expect(await sync([tampered])).toEqual([{ id: item.id, status: 'rejected', code: 'validation-failed', issues: [{ path: 'sealed', code: 'invalid' }] }]);
    // the same envelope under another response id does not open (the id is bound as additional data)
    const moved = { ...item, id: randomUUID() };
    expect((await sync([moved]))[0]).toMatchObject({ status: 'rejected', code: 'validation-failed' });
    // plain answers instead of an envelope
    expect((await sync([{ id: randomUUID(), token: s.token, answers: { code: 'KSKTAMPER2', answers: goodAnswers() } }]))[0]).toMatchObject({ status: 'rejected', code: 'validation-failed' });
    // bad answers inside a good envelope
    const bad = await sealedItem(s, 'KSKTAMPER2', { ...goodAnswers(), enps_grade: 11 });
    expect((await sync([bad]))[0]).toMatchObject({ status: 'rejected', code: 'validation-failed' });
    // a forged token
    expect((await sync([{ ...item, token: `${s.token.slice(0, -4)}AAAA` }]))[0]).toMatchObject({ status: 'rejected', code: 'invalid-token' });
    expect(await uses('KSKTAMPER2')).toBe(0);
    expect(await sync([item])).toEqual([{ id: item.id, status: 'applied' }]);
  });

  it('still takes responses from a kiosk token made before tokens had a kid; a bad kid is an invalid token', async () => {
    const s = await setup(demoCookie, surveyA, 'demo1234');
    await addCode(surveyA, 'KSKPREKAD2');
    const old = { ...s, token: await tokenWithoutKid(t, surveyA, Math.floor(Date.now() / 1000)) };
    const item = await sealedItem(old, 'KSKPREKAD2');
    expect(await sync([item])).toEqual([{ id: item.id, status: 'applied' }]);
    const badKid = await new SignJWT({ sid: surveyA, kid: 42 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('izz')
      .setAudience('izz-kiosk')
      .setExpirationTime('1h')
      .sign(deriveKey(t.handle.config.sessionSecret, 'kiosk-token'));
    expect((await sync([await sealedItem({ ...s, token: badKid }, 'KSKPREKAD2')]))[0]).toMatchObject({ status: 'rejected', code: 'invalid-token' });
  });

  it("a kiosk token for survey A cannot submit into survey B", async () => {
    const a = await setup(demoCookie, surveyA, 'demo1234');
    const b = await setup(other.cookie, surveyB, other.password);
    expect(b.package.survey_id).toBe(surveyB);
    // A's token with an envelope sealed to B's key: it does not open
    const foreign = await sealedItem({ ...b, token: a.token }, 'KSKBBBBBB2');
    expect((await sync([foreign]))[0]).toMatchObject({ status: 'rejected', code: 'validation-failed' });
    // A's token and key with B's code: the code is looked up within survey A only
    const crossCode = await sealedItem(a, 'KSKBBBBBB2');
    expect((await sync([crossCode]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
    expect(await uses('KSKBBBBBB2')).toBe(0);
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM responses WHERE survey_id = ?', [surveyB]))?.n).toBe(0);
    // B's own kiosk works
    const own = await sealedItem(b, 'KSKBBBBBB2');
    expect(await sync([own])).toEqual([{ id: own.id, status: 'applied' }]);
  });

  it('PULS: the package and hashes of the open round only; a kiosk response is stored in that round', async () => {
    const pulsApp = await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'puls' AND company_id = (SELECT company_id FROM applications WHERE id = ?)", [surveyA]);
    if (!pulsApp) throw new Error('no demo PULS application');
    const draft = (await t.handle.db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = ?', [pulsApp.id]))?.draft ?? '{}';
    await t.handle.db.run("UPDATE applications SET state = 'in_progress' WHERE id = ?", [pulsApp.id]);
    await t.handle.db.run("INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at, state, code_batch) VALUES (?, 1, '2020-01-01', '2020-01-31', ?, 'closed', 1), (?, 2, '2020-02-01', '2099-12-31', ?, 'open', 2)", [pulsApp.id, now, pulsApp.id, now]);
    await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, round, created_at) VALUES (?, 'PXSRNDAAA2', 'online', 1, 5, 1, ?), (?, 'PXSRNDBBB2', 'online', 2, 5, 2, ?)", [pulsApp.id, now, pulsApp.id, now]);
    const s = await setup(demoCookie, pulsApp.id, 'demo1234');
    expect(s.package).toMatchObject({ type: 'puls', round: 2, end_date: '2099-12-31' });
    expect(s.hashes).toEqual([{ h: codeHash(s.salt, 'PXSRNDBBB2'), n: 5 }]);
    const d = JSON.parse(draft) as { questions: string[]; own_questions: { id: string; required?: boolean }[] };
    const kinds = new Map(PULS_QUESTIONS.map((q) => [q.id, q.kind]));
    const puls = Object.fromEntries(d.questions.filter((q) => kinds.get(q) !== 'text').map((q) => [q, kinds.get(q) === 'enps' ? 8 : 4]));
    const extra = Object.fromEntries(d.own_questions.filter((q) => q.required !== false).map((q) => [q.id, { value: 0 }]));
    const answers = { language: s.package.languages[0], statements: {}, demographics: {}, extra, puls };
    const item = await sealedItem(s, 'PXSRNDBBB2', answers);
    expect(await sync([item])).toEqual([{ id: item.id, status: 'applied' }]);
    expect(await t.handle.db.get('SELECT channel, round FROM responses WHERE id = ?', [item.id])).toEqual({ channel: 'kiosk', round: 2 });
  });

  it('refuses a survey that takes no answers with 409 and rate-limits wrong passwords', async () => {
    await t.handle.db.run("UPDATE applications SET state = 'finished' WHERE id = ?", [surveyB]);
    const closed = await setupAs(other.cookie, { survey_id: surveyB, password: other.password });
    expect(closed.status).toBe(409);
    expect((await json<ErrorJson>(closed)).error.code).toBe('survey-closed');
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await setupAs(other.cookie, { survey_id: surveyB, password: 'nope-nope' })).status;
    expect(last).toBe(429);
  });
});
