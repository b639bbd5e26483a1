// The kiosks' guessing limit and refusal memory against the real server (docs/decisions/0011-kiosk-mode.md
// "Kiosk mode", 6 and 8). The server's clock is a test clock, so Retry-After is exact and time moves by hand.
import { randomInt, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, normalizeAccessCode } from '../../../shared/access-codes.js';
import type { SubmitResult } from '../../../shared/schemas/questionnaire.js';
import { seal, type PublicJwk } from '../../../pwa/features/questionnaire/kiosk/crypto.js';
import { deriveKey } from '../../secrets.js';
import { call, createTestClock, demoIzzAnswers, demoSessionCookie, json, postResponses, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { GUESS_BUDGET, GUESS_REFILL_MS, UNKNOWN_CODE_COST } from '../../lib/guess-budget.js';
import type { KioskSetup } from './kiosk.service.js';

const DAY = 86_400_000;
const REFILL_S = GUESS_REFILL_MS / 1000;
/** Unknown codes a fresh kiosk may have refused before it is held. */
const UNKNOWN_BEFORE_HELD = GUESS_BUDGET / UNKNOWN_CODE_COST;

/** A random well-formed code (the survey has it with probability ~0). */
function randomCode(): string {
  let code = '';
  for (let i = 0; i < ACCESS_CODE_LENGTH; i++) code += ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)];
  return code;
}

async function sealedItem(setup: KioskSetup, code: string) {
  const id = randomUUID();
  const sealed = await seal({ code, answers: demoIzzAnswers() }, setup.public_key as PublicJwk, `${String(setup.package.survey_id)}:${id}`);
  return { id, token: setup.token, answers: { sealed } };
}

describe('kiosk guessing limit', () => {
  let t: TestServer;
  let cookie: string;
  let surveyId: number;
  const clock = createTestClock('2030-03-02T08:00:00.000Z');
  const addCode = async (code: string, uses = 0) => {
    expect(normalizeAccessCode(code)).toBe(code);
    await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, uses, created_at) VALUES (?, ?, 'online', 1, 1, ?, ?)", [surveyId, code, uses, clock().toISOString()]);
  };
  const uses = async (code: string) => (await t.handle.db.get<{ uses: number }>('SELECT uses FROM access_codes WHERE code = ?', [code]))?.uses;
  const conflicts = async () => (await t.handle.db.get<{ count: number }>('SELECT count FROM kiosk_conflicts WHERE survey_id = ?', [surveyId]))?.count ?? 0;
  const stored = async (id: string) => await t.handle.db.get('SELECT 1 AS x FROM responses WHERE id = ?', [id]) !== undefined;
  const post = (items: unknown[]) => call(t, 'POST', '/api/responses', { body: { items } });
  const sync = (items: unknown[]): Promise<SubmitResult[]> => postResponses(t, items);
  async function setup(): Promise<KioskSetup> {
    const res = await call(t, 'POST', '/api/kiosk/setup', { cookie, body: { survey_id: surveyId, password: 'demo1234' } });
    expect(res.status).toBe(200);
    return (await json<{ data: KioskSetup }>(res)).data;
  }
  async function expectHeld(items: unknown[], retryAfterSeconds: number): Promise<void> {
    const res = await post(items);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(retryAfterSeconds));
    expect((await json<ErrorJson>(res)).error.code).toBe('rate-limited');
  }

  beforeAll(async () => {
    t = await startTestServer({}, { clock, startScheduler: false });
    cookie = await demoSessionCookie(t.handle);
    const demo = await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress'");
    if (!demo) throw new Error('no demo survey');
    surveyId = demo.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds a kiosk past its limit of wrong codes with 429 and Retry-After, its valid codes too; another kiosk of the survey goes on', async () => {
    const [k1, k2] = [await setup(), await setup()];
    await addCode('GSSGXXDA22');
    await addCode('GSSGXXDA23');
    const before = await conflicts();
    const guesses = await Promise.all(Array.from({ length: UNKNOWN_BEFORE_HELD }, () => sealedItem(k1, randomCode())));
    expect((await sync(guesses)).map((r) => r.code)).toEqual(guesses.map(() => 'access-code-invalid'));
    // one more guess, and a valid code alike: nothing is checked, nothing stored or consumed
    const guess = await sealedItem(k1, randomCode());
    const valid = await sealedItem(k1, 'GSSGXXDA22');
    await expectHeld([guess], REFILL_S);
    await expectHeld([valid], REFILL_S);
    expect(await uses('GSSGXXDA22')).toBe(0);
    expect(await stored(valid.id)).toBe(false);
    // codes the survey does not have are no conflicts, held ones even less
    expect(await conflicts()).toBe(before);
    // another kiosk of the same survey is not affected
    const other = await sealedItem(k2, 'GSSGXXDA23');
    expect(await sync([other])).toEqual([{ id: other.id, status: 'applied' }]);
    expect((await sync([await sealedItem(k2, randomCode())]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
    // Retry-After later one more code of k1 is checked: the held valid one is stored now ...
    clock.advance(GUESS_REFILL_MS - 1000);
    await expectHeld([valid], 1);
    clock.advance(1000);
    expect(await sync([valid])).toEqual([{ id: valid.id, status: 'applied' }]);
    expect(await uses('GSSGXXDA22')).toBe(1);
    // ... and a wrong one costs the units of a code the survey does not have
    expect((await sync([guess]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
    await expectHeld([await sealedItem(k1, 'GSSGXXDA23')], UNKNOWN_CODE_COST * REFILL_S);
    // what is stored per kiosk: a hash of its kid and one moment; no survey, no code
    for (const row of await t.handle.db.all<Record<string, unknown>>('SELECT * FROM kiosk_guesses')) {
      expect(Object.keys(row).sort()).toEqual(['kiosk', 'refilled_at']);
      expect(row.kiosk).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('lets a kiosk have a whole budget of refused codes the survey has (honest conflicts) at once; past it nothing counts, and a lost reply is answered from memory', async () => {
    const k = await setup();
    await addCode('GSSUSEDUP2', 1);
    const before = await conflicts();
    const items = await Promise.all(Array.from({ length: GUESS_BUDGET }, () => sealedItem(k, 'GSSUSEDUP2')));
    const results = await sync(items);
    expect(results).toEqual(items.map((i) => ({ id: i.id, status: 'rejected', code: 'access-code-used' })));
    expect(await conflicts()).toBe(before + GUESS_BUDGET);
    // past the limit: held, and the held ones count no conflict
    await expectHeld([await sealedItem(k, 'GSSUSEDUP2'), await sealedItem(k, 'GSSUSEDUP2')], REFILL_S);
    expect(await conflicts()).toBe(before + GUESS_BUDGET);
    // the reply to the batch was lost: sent again while the kiosk is held, it gets the same answers and counts nothing
    expect(await sync(items)).toEqual(results);
    expect(await conflicts()).toBe(before + GUESS_BUDGET);
  });

  it('stops a batch at its first held item: the answers before it are given, the rest is sent again and meets the 429', async () => {
    const k = await setup();
    await addCode('GSSCUTAAA2');
    await addCode('GSSCUTBBB2');
    const first = await sealedItem(k, 'GSSCUTAAA2');
    const guesses = await Promise.all(Array.from({ length: UNKNOWN_BEFORE_HELD }, () => sealedItem(k, randomCode())));
    const later = await sealedItem(k, 'GSSCUTBBB2');
    const results = await sync([first, ...guesses, later, await sealedItem(k, randomCode())]);
    expect(results.map((r) => r.id)).toEqual([first.id, ...guesses.map((g) => g.id)]);
    expect(results[0]).toEqual({ id: first.id, status: 'applied' });
    expect(await uses('GSSCUTBBB2')).toBe(0);
    await expectHeld([later], REFILL_S);
    // an item answered before the held one: the batch is cut after it, not refused
    expect(await sync([first, later])).toEqual([{ id: first.id, status: 'duplicate' }]);
  });

  it('a token made before kiosks had a kid is a kiosk of its own; another such token is another kiosk', async () => {
    const s = await setup();
    const key = deriveKey(t.handle.config.sessionSecret, 'kiosk-token');
    const oldToken = (iat: number) =>
      new SignJWT({ sid: surveyId }).setProtectedHeader({ alg: 'HS256' }).setIssuer('izz').setAudience('izz-kiosk').setIssuedAt(iat).setExpirationTime(iat + 30 * 86_400).sign(key);
    const now = Math.floor(clock().getTime() / 1000);
    const old1 = { ...s, token: await oldToken(now) };
    const old2 = { ...s, token: await oldToken(now - 60) };
    const guesses = await Promise.all(Array.from({ length: UNKNOWN_BEFORE_HELD }, () => sealedItem(old1, randomCode())));
    expect((await sync(guesses)).every((r) => r.code === 'access-code-invalid')).toBe(true);
    await expectHeld([await sealedItem(old1, randomCode())], REFILL_S);
    expect((await sync([await sealedItem(old2, randomCode())]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
    expect((await sync([await sealedItem(s, randomCode())]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
  });

  it('forgets kiosks whose budget is full again and refusals no kiosk token can send any more', async () => {
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM kiosk_guesses'))?.n).toBeGreaterThan(0);
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM kiosk_refusals'))?.n).toBeGreaterThan(0);
    // past the end of the survey (+2 days) and of the 30-day tokens above
    clock.advance(40 * DAY);
    const s = await setup();
    expect((await sync([await sealedItem(s, randomCode())]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
    // only this last refusal is left
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM kiosk_guesses'))?.n).toBe(1);
    expect((await t.handle.db.get<{ n: number }>('SELECT count(*) AS n FROM kiosk_refusals'))?.n).toBe(1);
  });
});
