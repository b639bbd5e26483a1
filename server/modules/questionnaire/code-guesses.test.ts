/**
 * Code entry's guessing budget (code-guesses.ts): only wrong codes count, per address, in the
 * database. A busy shared address keeps entering valid codes after many typos; wrong guesses beyond the budget get
 * 429 with Retry-After. Runs on both engines (vitest projects node and node-pg).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, formatAccessCode } from '../../../shared/access-codes.js';
import { AppError } from '../../errors.js';
import { createRateLimitCounts } from '../../lib/rate-limits.js';
import { call, json, makeTempDir, openTestDatabase, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { CODE_GUESS_WINDOWS, createCodeGuesses, guessAddress, isWrongGuess } from './code-guesses.js';

const [SHORT, DAY] = CODE_GUESS_WINDOWS as [(typeof CODE_GUESS_WINDOWS)[number], (typeof CODE_GUESS_WINDOWS)[number]];

/** The n-th code after a 5-character prefix (n in base 31 over the code alphabet). */
function nthCode(prefix: string, n: number): string {
  let rest = '';
  for (let i = 0, v = n; i < 5; i++, v = Math.floor(v / ACCESS_CODE_ALPHABET.length)) rest = (ACCESS_CODE_ALPHABET[v % ACCESS_CODE_ALPHABET.length] as string) + rest;
  return prefix + rest;
}
/** A well-formed code no survey has (typo n). */
const wrongCode = (n: number) => formatAccessCode(nthCode('TYPQZ', n));

describe('the budget (the rules over the rate_limits table)', () => {
  let close: () => Promise<void>;
  let counts: ReturnType<typeof createRateLimitCounts>;
  let nowMs = Date.parse('2030-03-01T06:00:00Z');
  beforeAll(async () => {
    const { db, drop } = await openTestDatabase(makeTempDir('izz-code-guesses-'));
    counts = createRateLimitCounts(db);
    close = async () => {
      await db.close();
      await drop();
    };
  });
  afterAll(() => close());

  const invalid = () => Promise.reject(new AppError('access-code-invalid'));

  it('tells a wrong guess from everything else', () => {
    expect(isWrongGuess('TYPQZ-AAAAA', new AppError('access-code-invalid'))).toBe(true);
    expect(isWrongGuess('typqz aaaaa', new AppError('access-code-invalid'))).toBe(true);
    // Malformed: cannot hit any code. Used, closed, failing: not a miss of the code space.
    expect(isWrongGuess('nonsense', new AppError('access-code-invalid'))).toBe(false);
    expect(isWrongGuess('TYPQZ-AAAAA', new AppError('access-code-used'))).toBe(false);
    expect(isWrongGuess('TYPQZ-AAAAA', new AppError('survey-closed'))).toBe(false);
    expect(isWrongGuess('TYPQZ-AAAAA', new Error('database down'))).toBe(false);
  });

  it('counts IPv4 addresses apart and IPv6 by /56', () => {
    expect(guessAddress('203.0.113.7')).not.toBe(guessAddress('203.0.113.8'));
    expect(guessAddress('2001:db8:1:100::1')).toBe(guessAddress('2001:db8:1:1ff:abcd::2'));
    expect(guessAddress('2001:db8:1:100::1')).not.toBe(guessAddress('2001:db8:1:200::1'));
  });

  it(`lets parallel guesses check at most ${String(SHORT.limit)} codes per window, and valid codes checked in parallel cost nothing`, async () => {
    const guesses = createCodeGuesses({ counts, now: () => nowMs });
    // 300 valid codes, 30 at the same moment (each holds a place only while it is checked).
    for (let batch = 0; batch < 10; batch++) {
      const valid = await Promise.all(Array.from({ length: 30 }, () => guesses.enter('198.51.100.1', 'VALID-AAAAA', () => Promise.resolve('ok'))));
      expect(valid.every((v) => v === 'ok')).toBe(true);
    }
    let checked = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 300 }, (_, i) =>
        guesses.enter('198.51.100.1', wrongCode(i), () => {
          checked += 1;
          return invalid();
        }),
      ),
    );
    expect(checked).toBe(SHORT.limit);
    const refused = outcomes.filter((o) => o.status === 'rejected' && (o.reason as Error).name === 'GuessBudgetSpent');
    expect(refused).toHaveLength(300 - SHORT.limit);
  });

  it(`spends the day's ${String(DAY.limit)} over ten windows, then waits for the day to end`, async () => {
    const guesses = createCodeGuesses({ counts, now: () => nowMs });
    const address = '198.51.100.2';
    const start = nowMs;
    for (let w = 0; w < DAY.limit / SHORT.limit; w++) {
      for (let i = 0; i < SHORT.limit; i++) await expect(guesses.enter(address, wrongCode(i), invalid)).rejects.toThrow(AppError);
      // The tenth window's last guess also spends the day: then the day's end is the later one.
      const last = w === DAY.limit / SHORT.limit - 1;
      await expect(guesses.enter(address, wrongCode(0), invalid)).rejects.toMatchObject({ name: 'GuessBudgetSpent', retryAfterMs: last ? DAY.windowMs - (nowMs - start) : SHORT.windowMs });
      nowMs += SHORT.windowMs;
    }
    // A new 10-minute window, but the day is spent: even a valid code waits until the day's window ends.
    await expect(guesses.enter(address, 'VALID-AAAAA', () => Promise.resolve('ok'))).rejects.toMatchObject({ name: 'GuessBudgetSpent', retryAfterMs: DAY.windowMs - (nowMs - start) });
    nowMs = start + DAY.windowMs;
    expect(await guesses.enter(address, 'VALID-AAAAA', () => Promise.resolve('ok'))).toBe('ok');
    await expect(guesses.enter(address, wrongCode(1), invalid)).rejects.toThrow(AppError);
  });
});

describe('POST /api/questionnaire/access from one busy address', () => {
  let t: TestServer;
  let nowMs = Date.parse('2030-03-01T06:00:00Z');
  /** The factory's 300 valid codes, on the seeded in-progress demo survey. */
  const valid = Array.from({ length: 300 }, (_, i) => nthCode('NATQZ', i));

  const enter = (code: string, headers: Record<string, string> = {}) => call(t, 'POST', '/api/questionnaire/access', { body: { code }, headers });
  const expectSpent = async (res: Response) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    // The entry page says how long to wait: the seconds are in the body too.
    expect((await json<ErrorJson>(res)).error).toMatchObject({ code: 'rate-limited', details: { retry_after_seconds: retryAfter } });
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(SHORT.windowMs / 1000);
    return retryAfter;
  };

  beforeEach(async () => {
    t = await startTestServer({ TRUST_PROXY: '1' }, { now: () => nowMs });
    const surveyId = (await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress'"))?.id;
    await t.handle.db.transaction(async () => {
      for (const code of valid) {
        await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, 'online', 1, 1, '2030-01-01T00:00:00Z')", [surveyId, code]);
      }
    });
  });
  afterEach(async () => {
    await t.close();
  });

  it('300 employees enter their codes after 99 typos; wrong guesses beyond the budget get 429 with Retry-After', async () => {
    for (const [i, code] of valid.entries()) {
      if (i < SHORT.limit - 1) expect((await enter(wrongCode(i))).status).toBe(404);
      // Typed as people type: lower case, with a space instead of the dash.
      const res = await enter(i % 2 === 0 ? formatAccessCode(code) : `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`);
      expect(res.status).toBe(200);
    }
    // The budget's last wrong code is still checked; the next one is not.
    expect((await enter(wrongCode(500))).status).toBe(404);
    nowMs += 60_000;
    const retryAfter = await expectSpent(await enter(wrongCode(501)));
    expect(retryAfter).toBe(SHORT.windowMs / 1000 - 60);
    // While the budget is spent, no code is checked, a valid one neither: otherwise its answer would tell a guess apart.
    await expectSpent(await enter(formatAccessCode(valid[0] as string)));
    // Once the window has ended, the address's codes are checked again.
    nowMs += SHORT.windowMs;
    expect((await enter(formatAccessCode(valid[1] as string))).status).toBe(200);
    expect((await enter(wrongCode(502))).status).toBe(404);
  });

  it('300 valid codes entered 25 at a time all succeed, and cost nothing', async () => {
    for (let i = 0; i < valid.length; i += 25) {
      const results = await Promise.all(valid.slice(i, i + 25).map((code) => enter(code)));
      expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    }
    for (let i = 0; i < SHORT.limit; i++) expect((await enter(wrongCode(i))).status).toBe(404);
    await expectSpent(await enter(wrongCode(SHORT.limit)));
  });

  it('used codes, a closed survey’s codes and malformed entries cost nothing; other addresses have their own budget', async () => {
    const used = valid[0] as string;
    await t.handle.db.run('UPDATE access_codes SET uses = max_uses WHERE code = ?', [used]);
    const closed = nthCode('CSDQZ', 0);
    const finishedId = (await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE state = 'finished'"))?.id;
    await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, 'online', 1, 1, '2030-01-01T00:00:00Z')", [finishedId, closed]);
    for (let i = 0; i < 150; i++) {
      expect((await enter(used)).status).toBe(409);
      expect((await enter(closed)).status).toBe(409);
      expect((await enter('nonsense')).status).toBe(404);
    }
    for (let i = 0; i < SHORT.limit; i++) expect((await enter(wrongCode(i))).status).toBe(404);
    await expectSpent(await enter(valid[1] as string));

    // Behind a proxy (TRUST_PROXY=1) the forwarded address counts: another address, and another /56, are unaffected.
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    expect((await enter(valid[1] as string, from('203.0.113.9'))).status).toBe(200);
    for (let i = 0; i < SHORT.limit; i++) expect((await enter(wrongCode(i), from('2001:db8:1:100::1'))).status).toBe(404);
    await expectSpent(await enter(valid[1] as string, from('2001:db8:1:1ff::7')));
    expect((await enter(valid[1] as string, from('2001:db8:1:200::1'))).status).toBe(200);
  });
});
