// The kiosk device's own calls with its token as the credential (docs/api.md "Kiosk"):
// GET /api/kiosk/package (codes reissued after the setup reach the kiosk, revoked ones leave it, and nothing in it
// changes when a code is used) and
// POST /api/kiosk/code-check (a code typed at an online kiosk, under the kiosk's guessing budget). Both engines.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '../../../shared/access-codes.js';
import { kioskCodeCheckSchema, kioskPackageSchema, type KioskPackage } from '../../../shared/schemas/kiosk.js';
import { seal, type PublicJwk } from '../../../pwa/features/questionnaire/kiosk/crypto.js';
import { codeHash } from '../../lib/code-hash.js';
import { deriveKey } from '../../secrets.js';
import {
  adminCookie,
  call,
  createTestClock,
  demoIzzAnswers,
  demoSessionCookie,
  demoSurveyAndForeignCopy,
  json,
  postResponses,
  startTestServer,
  type ErrorJson,
  type TestServer,
} from '../../test/helpers.js';
import { GUESS_BUDGET, GUESS_REFILL_MS, UNKNOWN_CODE_COST } from '../../lib/guess-budget.js';
import type { KioskSetup } from './kiosk.service.js';

const REFILL_S = GUESS_REFILL_MS / 1000;

describe('kiosk device API (package refresh and code check)', () => {
  let t: TestServer;
  let demoCookie: string;
  let surveyA: number;
  let surveyB: number;
  let other: Awaited<ReturnType<typeof demoSurveyAndForeignCopy>>['other'];
  const clock = createTestClock('2030-03-02T08:00:00.000Z');
  const at = () => clock().toISOString();
  /** A random well-formed code (a survey has it with probability ~0). */
  const unknownCode = () => Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)]).join('');
  const addCode = async (surveyId: number, code: string, maxUses = 1, channel = 'online') =>
    await t.handle.db.run('INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, ?, 1, ?, ?)', [surveyId, code, channel, maxUses, at()]);
  const uses = async (code: string) => (await t.handle.db.get<{ uses: number }>('SELECT uses FROM access_codes WHERE code = ?', [code]))?.uses;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const getPackage = (token: string | null, lang = 'en') => t.fetch(`/api/kiosk/package?lang=${lang}`, { headers: token === null ? {} : bearer(token) });
  const check = (token: string | null, body: unknown, headers: Record<string, string> = {}) =>
    call(t, 'POST', '/api/kiosk/code-check?lang=en', { body, headers: { ...(token === null ? {} : bearer(token)), ...headers } });
  async function setup(cookie: string, surveyId: number, password: string): Promise<KioskSetup> {
    const res = await call(t, 'POST', '/api/kiosk/setup', { cookie, body: { survey_id: surveyId, password } });
    expect(res.status).toBe(200);
    return (await json<{ data: KioskSetup }>(res)).data;
  }
  async function freshPackage(token: string): Promise<KioskPackage> {
    const res = await getPackage(token);
    expect(res.status).toBe(200);
    const data = (await json<{ data: KioskPackage }>(res)).data;
    // The PWA checks the answer with the shared schema before the kiosk stores it.
    expect(kioskPackageSchema.safeParse(data).error).toBeUndefined();
    return data;
  }
  async function expectError(res: Response, status: number, code: string): Promise<void> {
    expect(res.status).toBe(status);
    expect((await json<ErrorJson>(res)).error.code).toBe(code);
  }
  /** A kiosk token signed with the server's key (as a setup would) for any survey and expiry. */
  const signKioskToken = (sid: number, expSeconds: number) =>
    new SignJWT({ sid, kid: randomBytes(16).toString('base64url') })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('izz')
      .setAudience('izz-kiosk')
      .setIssuedAt(expSeconds - 86_400)
      .setExpirationTime(expSeconds)
      .sign(deriveKey(t.handle.config.sessionSecret, 'kiosk-token'));
  const liveCodes = async (surveyId: number) =>
    (await t.handle.db.all<{ code: string; max_uses: number }>("SELECT code, max_uses FROM access_codes WHERE survey_id = ? AND channel = 'online' AND revoked_at IS NULL ORDER BY id", [surveyId]));
  const responseCount = async (surveyId: number) => Number((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM responses WHERE survey_id = ?', [surveyId]))?.n ?? 0);
  const conflictCount = async (surveyId: number) => (await t.handle.db.get<{ count: number }>('SELECT count FROM kiosk_conflicts WHERE survey_id = ?', [surveyId]))?.count ?? 0;
  /** A code used the own-phone way: the code entry, then the response through the sync endpoint. */
  async function answerOnPhone(code: string): Promise<void> {
    const access = await call(t, 'POST', '/api/questionnaire/access', { body: { code } });
    expect(access.status).toBe(200);
    const token = (await json<{ data: { token: string } }>(access)).data.token;
    expect(await postResponses(t, [{ id: randomUUID(), token, answers: demoIzzAnswers() }])).toMatchObject([{ status: 'applied' }]);
  }

  beforeAll(async () => {
    t = await startTestServer({}, { clock, startScheduler: false });
    demoCookie = await demoSessionCookie(t.handle);
    ({ demoSurveyId: surveyA, other, otherSurveyId: surveyB } = await demoSurveyAndForeignCopy(t, at()));
    await addCode(surveyA, 'DVCAAAAAA2');
    await addCode(surveyA, 'DVCAAAAAA3');
    await addCode(surveyA, 'DVCSHARED2', 5);
    await addCode(surveyB, 'DVCBBBBBB2');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/kiosk/package', () => {
    it('answers only with a kiosk token: 401 without one, with a bad, expired or foreign token, and with a company session alone', async () => {
      const s = await setup(demoCookie, surveyA, 'demo1234');
      const access = await call(t, 'POST', '/api/questionnaire/access', { body: { code: 'DVCAAAAAA3' } });
      expect(access.status).toBe(200);
      const questionnaireToken = (await json<{ data: { token: string } }>(access)).data.token;
      const paper = await call(t, 'GET', `/api/paper-entry/surveys/${String(surveyA)}`, { cookie: demoCookie });
      expect(paper.status).toBe(200);
      const paperToken = (await json<{ data: { token: string } }>(paper)).data.token;
      const expired = await signKioskToken(surveyA, Math.floor(clock().getTime() / 1000) - 60);
      for (const token of [null, '', 'nonsense', `${s.token.slice(0, -4)}AAAA`, questionnaireToken, paperToken, expired]) {
        const res = await getPackage(token);
        await expectError(res, 401, 'invalid-token');
      }
      // the company's session is no credential here: the device has none, and the route reads none
      await expectError(await call(t, 'GET', '/api/kiosk/package', { cookie: demoCookie }), 401, 'invalid-token');
      const res = await getPackage(s.token, 'sl');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('brings codes reissued after the setup in and takes revoked ones out: the package, salt and hashes, never a code, no new token or key', async () => {
      const s = await setup(demoCookie, surveyA, 'demo1234');
      expect(s.hashes).toContainEqual({ h: codeHash(s.salt, 'DVCAAAAAA2'), n: 1 });
      // the administrator reissues the survey's codes after the kiosk was set up (the unused ones are revoked)
      const admin = await adminCookie(t);
      const reissue = await call(t, 'POST', `/api/admin/applications/${String(surveyA)}/reissue-codes`, { cookie: admin });
      expect(reissue.status).toBe(200);
      const live = await liveCodes(surveyA);
      expect(live.length).toBeGreaterThan(0);
      const res = await getPackage(s.token);
      const text = await res.text();
      const all = (await t.handle.db.all<{ code: string }>('SELECT code FROM access_codes')).map((c) => c.code);
      for (const code of all) {
        expect(text).not.toContain(code);
        expect(text).not.toContain(`${code.slice(0, 5)}-${code.slice(5)}`);
      }
      const data = (JSON.parse(text) as { data: Record<string, unknown> }).data;
      expect(Object.keys(data).sort()).toEqual(['hashes', 'package', 'salt']);
      const fresh = kioskPackageSchema.parse(data);
      expect(fresh.salt).toBe(s.salt);
      expect(fresh.package).toEqual(s.package);
      expect(fresh.hashes).toEqual(live.map((c) => ({ h: codeHash(s.salt, c.code), n: c.max_uses })).sort((a, b) => a.h.localeCompare(b.h) || a.n - b.n));
      // the unused code was revoked by the reissue: it left the package
      expect(fresh.hashes.map((h) => h.h)).not.toContain(codeHash(s.salt, 'DVCAAAAAA2'));
    });

    it('tells no used code from an unused one: the package is the same bytes before and after a code is used elsewhere, and the tablet that takes that code meets a conflict at sync, nothing stored twice', async () => {
      await addCode(surveyA, 'DVCWATCH22');
      await addCode(surveyA, 'DVCWATCH23');
      await addCode(surveyA, 'DVCWATCH24', 4);
      const s = await setup(demoCookie, surveyA, 'demo1234');
      const before = await getPackage(s.token);
      expect(before.status).toBe(200);
      const beforeText = await before.text();
      for (const code of ['DVCWATCH22', 'DVCWATCH23']) expect(s.hashes).toContainEqual({ h: codeHash(s.salt, code), n: 1 });
      expect(s.hashes).toContainEqual({ h: codeHash(s.salt, 'DVCWATCH24'), n: 4 });

      // two employees answer on their own phones, one with a single-use code, one with the 'identical' code
      await answerOnPhone('DVCWATCH22');
      await answerOnPhone('DVCWATCH24');
      expect(await uses('DVCWATCH22')).toBe(1);
      expect(await uses('DVCWATCH24')).toBe(1);
      clock.advance(60_000);

      // HR polls the package: it is byte for byte what it was, and a new setup hands out the same hashes
      const after = await getPackage(s.token);
      expect(after.status).toBe(200);
      expect(await after.text()).toBe(beforeText);
      const again = await setup(demoCookie, surveyA, 'demo1234');
      expect({ salt: again.salt, hashes: again.hashes, package: again.package }).toEqual({ salt: s.salt, hashes: s.hashes, package: s.package });

      // the tablet took DVCWATCH22 offline (its hash is in the package): at sync it is a conflict, as before
      const stored = await responseCount(surveyA);
      const conflicts = await conflictCount(surveyA);
      const id = randomUUID();
      const sealed = await seal({ code: 'DVCWATCH22', answers: demoIzzAnswers() }, s.public_key as PublicJwk, `${String(surveyA)}:${id}`);
      const item = { id, token: s.token, answers: { sealed } };
      expect(await postResponses(t, [item])).toEqual([{ id, status: 'rejected', code: 'access-code-used' }]);
      expect(await conflictCount(surveyA)).toBe(conflicts + 1);
      // sent again (a lost reply): the same answer, counted once, and nothing stored either time
      expect(await postResponses(t, [item])).toEqual([{ id, status: 'rejected', code: 'access-code-used' }]);
      expect(await conflictCount(surveyA)).toBe(conflicts + 1);
      expect(await responseCount(surveyA)).toBe(stored);
      expect(await t.handle.db.get('SELECT 1 AS x FROM responses WHERE id = ?', [id])).toBeUndefined();
      expect(await uses('DVCWATCH22')).toBe(1);
      // the conflict is the kiosk's own event; the package still says nothing of it
      expect(await (await getPackage(s.token)).text()).toBe(beforeText);
      // the code nobody used is taken from the tablet
      const ok = randomUUID();
      const good = await seal({ code: 'DVCWATCH23', answers: demoIzzAnswers() }, s.public_key as PublicJwk, `${String(surveyA)}:${ok}`);
      expect(await postResponses(t, [{ id: ok, token: s.token, answers: { sealed: good } }])).toEqual([{ id: ok, status: 'applied' }]);
      expect(await responseCount(surveyA)).toBe(stored + 1);
    });

    it("reads the token's own survey only: A's kiosk never sees B's hashes, and B's kiosk has B's salt", async () => {
      const a = await setup(demoCookie, surveyA, 'demo1234');
      const b = await setup(other.cookie, surveyB, other.password);
      const pa = await freshPackage(a.token);
      const pb = await freshPackage(b.token);
      expect(pa.package.survey_id).toBe(surveyA);
      expect(pb.package.survey_id).toBe(surveyB);
      expect(pb.salt).not.toBe(pa.salt);
      expect(pb.hashes).toEqual([{ h: codeHash(pb.salt, 'DVCBBBBBB2'), n: 1 }]);
      expect(pa.hashes.map((h) => h.h)).not.toContain(codeHash(pa.salt, 'DVCBBBBBB2'));
    });

    it('404 when the survey is gone, 403 while its company is disabled, 409 when it takes no answers', async () => {
      const gone = await signKioskToken(987_654, Math.floor(clock().getTime() / 1000) + 86_400);
      await expectError(await getPackage(gone), 404, 'not-found');

      const b = await setup(other.cookie, surveyB, other.password);
      await t.handle.db.run('UPDATE companies SET disabled_at = ? WHERE id = ?', [at(), other.companyId]);
      const disabled = await getPackage(b.token);
      await expectError(disabled, 403, 'forbidden');
      await expectError(await check(b.token, { code: 'DVCBBBBBB2' }), 403, 'forbidden');
      await t.handle.db.run('UPDATE companies SET disabled_at = NULL WHERE id = ?', [other.companyId]);
      expect((await getPackage(b.token)).status).toBe(200);

      await t.handle.db.run("UPDATE applications SET state = 'finished' WHERE id = ?", [surveyB]);
      try {
        const closed = await getPackage(b.token, 'sl');
        expect(closed.status).toBe(409);
        const body = await json<ErrorJson>(closed);
        expect(body.error.code).toBe('survey-closed');
        expect(body.error.message).not.toBe('');
      } finally {
        await t.handle.db.run("UPDATE applications SET state = 'in_progress' WHERE id = ?", [surveyB]);
      }
    });
  });

  describe('POST /api/kiosk/code-check', () => {
    it('says whether a code may be used now without consuming or storing anything: 200, 404 unknown or revoked, 409 used or closed', async () => {
      const s = await setup(demoCookie, surveyA, 'demo1234');
      await addCode(surveyA, 'DVCCHECKA2');
      await addCode(surveyA, 'DVCCHECKA3');
      await addCode(surveyA, 'DVCCHECKA4');
      const responses = async () => (await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM responses'))?.n;
      const before = await responses();
      const conflicts = await conflictCount(surveyA);
      const ok = await check(s.token, { code: 'dvcch-ecka2' });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('cache-control')).toBe('no-store');
      expect(kioskCodeCheckSchema.parse((await json<{ data: unknown }>(ok)).data)).toEqual({ ok: true });
      expect(await uses('DVCCHECKA2')).toBe(0);
      expect(await responses()).toBe(before);

      // used online meanwhile (a real response through the own-phone path)
      const access = await call(t, 'POST', '/api/questionnaire/access', { body: { code: 'DVCCHECKA3' } });
      const token = (await json<{ data: { token: string } }>(access)).data.token;
      expect(await postResponses(t, [{ id: randomUUID(), token, answers: demoIzzAnswers() }])).toMatchObject([{ status: 'applied' }]);
      await expectError(await check(s.token, { code: 'DVCCHECKA3' }), 409, 'access-code-used');
      // revoked, unknown, and another survey's code (looked up within the token's survey only)
      await t.handle.db.run("UPDATE access_codes SET revoked_at = ? WHERE code = 'DVCCHECKA4'", [at()]);
      await expectError(await check(s.token, { code: 'DVCCHECKA4' }), 404, 'access-code-invalid');
      await expectError(await check(s.token, { code: 'DVCBBBBBB2' }), 404, 'access-code-invalid');
      expect(await uses('DVCBBBBBB2')).toBe(0);
      // no conflict is counted: no answers were given
      expect(await conflictCount(surveyA)).toBe(conflicts);

      // the survey closed
      await t.handle.db.run("UPDATE applications SET state = 'finished' WHERE id = ?", [surveyA]);
      try {
        await expectError(await check(s.token, { code: 'DVCCHECKA2' }), 409, 'survey-closed');
      } finally {
        await t.handle.db.run("UPDATE applications SET state = 'in_progress' WHERE id = ?", [surveyA]);
      }
    });

    it('401 without a valid kiosk token, 403 from another origin, 404 for a survey gone, 422 for a bad body (in the language asked)', async () => {
      const s = await setup(demoCookie, surveyA, 'demo1234');
      for (const token of [null, 'nonsense', await signKioskToken(surveyA, Math.floor(clock().getTime() / 1000) - 1)]) {
        await expectError(await check(token, { code: 'DVCAAAAAA3' }), 401, 'invalid-token');
      }
      // a company session is no kiosk credential (and the route never looks it up)
      await expectError(await call(t, 'POST', '/api/kiosk/code-check', { cookie: demoCookie, body: { code: 'DVCAAAAAA3' } }), 401, 'invalid-token');
      await expectError(await check(s.token, { code: 'DVCAAAAAA3' }, { Origin: 'https://evil.example' }), 403, 'invalid-origin');
      await expectError(await check(await signKioskToken(987_654, Math.floor(clock().getTime() / 1000) + 600), { code: 'DVCAAAAAA3' }), 404, 'not-found');
      for (const body of [{}, { code: '' }, { code: 'X'.repeat(41) }, { code: 42 }]) {
        const res = await call(t, 'POST', '/api/kiosk/code-check?lang=sl', { body, headers: bearer(s.token) });
        expect(res.status).toBe(422);
        const err = await json<ErrorJson>(res);
        expect(err.error.code).toBe('validation-failed');
      }
    });

    it('charges the kiosk guessing budget as at sync: past it nothing is checked (429 with Retry-After), valid codes and sync items included; another kiosk goes on', async () => {
      const [k1, k2] = [await setup(demoCookie, surveyA, 'demo1234'), await setup(demoCookie, surveyA, 'demo1234')];
      await addCode(surveyA, 'DVCBUDGET2');
      await addCode(surveyA, 'DVCBUDGET3');
      await t.handle.db.run("UPDATE access_codes SET uses = 1 WHERE code = 'DVCBUDGET3'");
      // a code the survey has (used): 1 unit; unknown codes: 10 units each
      await expectError(await check(k1.token, { code: 'DVCBUDGET3' }), 409, 'access-code-used');
      const unknownAllowed = Math.floor((GUESS_BUDGET - 1) / UNKNOWN_CODE_COST);
      for (let i = 0; i < unknownAllowed; i++) await expectError(await check(k1.token, { code: unknownCode() }), 404, 'access-code-invalid');
      // 1 + 4 × 10 = 41 of 50 units: 8 more used-code checks still get an answer (49), the next one is the last
      for (let i = 0; i < GUESS_BUDGET - 1 - 1 - unknownAllowed * UNKNOWN_CODE_COST; i++) await expectError(await check(k1.token, { code: 'DVCBUDGET3' }), 409, 'access-code-used');
      expect((await check(k1.token, { code: 'DVCBUDGET2' })).status).toBe(200);
      await expectError(await check(k1.token, { code: 'DVCBUDGET3' }), 409, 'access-code-used');
      // over the budget: nothing is checked, a valid code alike
      for (const code of ['DVCBUDGET2', unknownCode(), 'DVCBUDGET3']) {
        const held = await check(k1.token, { code });
        expect(held.status).toBe(429);
        expect(held.headers.get('retry-after')).toBe(String(REFILL_S));
        expect((await json<ErrorJson>(held)).error.code).toBe('rate-limited');
      }
      // one budget for both ways in: the kiosk's sync is held too
      const id = randomUUID();
      const sealed = await seal({ code: 'DVCBUDGET2', answers: demoIzzAnswers() }, k1.public_key as PublicJwk, `${String(surveyA)}:${id}`);
      const sync = await call(t, 'POST', '/api/responses', { body: { items: [{ id, token: k1.token, answers: { sealed } }] } });
      expect(sync.status).toBe(429);
      expect(await uses('DVCBUDGET2')).toBe(0);
      // another kiosk of the survey has its own budget
      expect((await check(k2.token, { code: 'DVCBUDGET2' })).status).toBe(200);
      // one unit back after 6 hours: one more code is checked
      clock.advance(GUESS_REFILL_MS);
      expect((await check(k1.token, { code: 'DVCBUDGET2' })).status).toBe(200);
    });
  });
});
