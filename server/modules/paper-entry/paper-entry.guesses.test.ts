// Paper-entry items under the kiosks' guessing budget (docs/decisions/0023-paper-data-entry.md "Paper data entry", 9). The code
// of a paper item is checked only at sync, so a paper-entry token without a limit was a code-guessing machine. The
// server's clock is a test clock, so Retry-After is exact and time moves by hand.
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, normalizeAccessCode } from '../../../shared/access-codes.js';
import type { SubmitResult } from '../../../shared/schemas/questionnaire.js';
import { GUESS_BUDGET, GUESS_REFILL_MS, UNKNOWN_CODE_COST } from '../../lib/guess-budget.js';
import { deriveKey } from '../../secrets.js';
import { call, createTestClock, demoIzzAnswers, demoSessionCookie, json, postResponses, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import type { PaperEntryPackage } from './paper-entry.service.js';

const REFILL_S = GUESS_REFILL_MS / 1000;
/** Unknown codes a fresh token may have refused before it is held. */
const UNKNOWN_BEFORE_HELD = GUESS_BUDGET / UNKNOWN_CODE_COST;

/** A random well-formed code (the survey has it with probability ~0). */
function randomCode(): string {
  let code = '';
  for (let i = 0; i < ACCESS_CODE_LENGTH; i++) code += ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)];
  return code;
}

/** The 'rate-limited' message of a locale, as the error handler answers it. */
function rateLimitedMessage(locale: string): string {
  const file = new URL(`../../../shared/i18n/${locale}/errors.json`, import.meta.url);
  const errors = JSON.parse(fs.readFileSync(file, 'utf8')) as { code: Record<string, string> };
  const message = errors.code['rate-limited'];
  if (!message) throw new Error(`no rate-limited message in ${locale}`);
  return message;
}

describe('paper entry guessing limit', () => {
  let t: TestServer;
  let cookie: string;
  let surveyId: number;
  const clock = createTestClock('2030-03-02T08:00:00.000Z');
  const addCode = async (code: string, uses = 0) => {
    expect(normalizeAccessCode(code)).toBe(code);
    await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, uses, created_at) VALUES (?, ?, 'paper', 1, 1, ?, ?)", [surveyId, code, uses, clock().toISOString()]);
  };
  const uses = async (code: string) => (await t.handle.db.get<{ uses: number }>('SELECT uses FROM access_codes WHERE code = ?', [code]))?.uses;
  const stored = async (id: string) => (await t.handle.db.get('SELECT 1 AS x FROM responses WHERE id = ?', [id])) !== undefined;
  const paperCount = async () => (await t.handle.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM responses WHERE survey_id = ? AND channel = 'paper'", [surveyId]))?.n ?? 0;
  const post = (items: unknown[], lang = 'en') => call(t, 'POST', `/api/responses?lang=${lang}`, { body: { items } });
  const sync = (items: unknown[]): Promise<SubmitResult[]> => postResponses(t, items);
  const item = (pkg: Pick<PaperEntryPackage, 'token'>, code: string) => ({ id: randomUUID(), token: pkg.token, answers: { code, answers: demoIzzAnswers() } });
  async function entryPackage(): Promise<PaperEntryPackage> {
    const res = await call(t, 'GET', `/api/paper-entry/surveys/${String(surveyId)}?lang=en`, { cookie });
    expect(res.status).toBe(200);
    return (await json<{ data: PaperEntryPackage }>(res)).data;
  }
  async function expectHeld(items: unknown[], retryAfterSeconds: number, lang = 'en'): Promise<void> {
    const res = await post(items, lang);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(retryAfterSeconds));
    const body = await json<ErrorJson>(res);
    expect(body.error.code).toBe('rate-limited');
    expect(body.error.message).toBe(rateLimitedMessage(lang));
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

  it('holds a paper-entry token past its limit of wrong codes with 429 in the user\'s language: nothing checked or stored, valid codes too; another token goes on', async () => {
    const [p1, p2] = [await entryPackage(), await entryPackage()];
    await addCode('PGSAAAAAA2');
    await addCode('PGSAAAAAA3');
    const before = await paperCount();
    // A batch of guesses stops where the budget ends: the first ones are refused, the rest is not even looked at.
    const guesses = Array.from({ length: 40 }, () => item(p1, randomCode()));
    const results = await sync(guesses);
    expect(results.map((r) => r.code)).toEqual(guesses.slice(0, UNKNOWN_BEFORE_HELD).map(() => 'access-code-invalid'));
    // one more guess, and a valid code alike: 429, in the request's language
    const valid = item(p1, 'PGSAAAAAA2');
    await expectHeld([item(p1, randomCode())], REFILL_S, 'de');
    await expectHeld([valid], REFILL_S, 'sl');
    await expectHeld([valid], REFILL_S, 'en');
    expect(await uses('PGSAAAAAA2')).toBe(0);
    expect(await stored(valid.id)).toBe(false);
    expect(await paperCount()).toBe(before);
    // another paper-entry token (another device, or the page opened again) has its own budget
    const other = item(p2, 'PGSAAAAAA3');
    expect(await sync([other])).toEqual([{ id: other.id, status: 'applied' }]);
    // Retry-After later one more code of p1 is checked: the held valid form is stored now
    clock.advance(GUESS_REFILL_MS - 1000);
    await expectHeld([valid], 1);
    clock.advance(1000);
    expect(await sync([valid])).toEqual([{ id: valid.id, status: 'applied' }]);
    expect(await uses('PGSAAAAAA2')).toBe(1);
    // a wrong one costs the units of a code the survey does not have
    expect((await sync([item(p1, randomCode())]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
    await expectHeld([item(p1, 'PGSAAAAAA2')], UNKNOWN_CODE_COST * REFILL_S);
  });

  it('lets a token have a whole budget of refused codes the survey has (forms keyed twice) at once, then holds it', async () => {
    const p = await entryPackage();
    await addCode('PGSUSEDUP2', 1);
    const items = Array.from({ length: GUESS_BUDGET }, () => item(p, 'PGSUSEDUP2'));
    expect(await sync(items)).toEqual(items.map((i) => ({ id: i.id, status: 'rejected', code: 'access-code-used' })));
    await expectHeld([item(p, 'PGSUSEDUP2')], REFILL_S);
    // A stored form answered again (a lost reply) is a duplicate even while held: it checks nothing.
    await addCode('PGSKEPTAA2');
    const q = await entryPackage();
    const kept = item(q, 'PGSKEPTAA2');
    expect(await sync([kept])).toEqual([{ id: kept.id, status: 'applied' }]);
    expect(await sync([{ ...kept, token: p.token }])).toEqual([{ id: kept.id, status: 'duplicate' }]);
  });

  it('a token made before paper-entry tokens had a kid is a budget of its own', async () => {
    const key = deriveKey(t.handle.config.sessionSecret, 'paper-entry-token');
    const now = Math.floor(clock().getTime() / 1000);
    const oldToken = (iat: number) =>
      new SignJWT({ sid: surveyId, purpose: 'paper-entry' }).setProtectedHeader({ alg: 'HS256' }).setIssuer('izz').setAudience('izz-paper-entry').setIssuedAt(iat).setExpirationTime(now + 86_400).sign(key);
    const [a, b] = [{ token: await oldToken(now - 10) }, { token: await oldToken(now - 20) }];
    expect((await sync(Array.from({ length: UNKNOWN_BEFORE_HELD }, () => item(a, randomCode())))).every((r) => r.code === 'access-code-invalid')).toBe(true);
    await expectHeld([item(a, randomCode())], REFILL_S);
    expect((await sync([item(b, randomCode())]))[0]).toMatchObject({ status: 'rejected', code: 'access-code-invalid' });
  });
});
