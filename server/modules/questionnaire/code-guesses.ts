/**
 * The guessing budget of code entry (POST /api/questionnaire/access; docs/decisions/0004-guessing-access-codes.md
 * "Guessing access codes").
 *
 * Only WRONG guesses count: a well-formed code the platform does not know (or has revoked). A valid code, a used code,
 * a code of a closed survey and a malformed entry cost nothing, so a factory of 300 behind one NAT address keeps
 * entering valid codes however many of them mistype first. Each address has CODE_GUESS_WINDOWS: 100 wrong codes per
 * 10 minutes and 1,000 per day; when either is spent, the address's code entries are not checked at all until its
 * window ends (429 with Retry-After). Refusing valid codes too is what keeps the budget a budget: an address that got
 * "valid" answers beyond it would be guessing without limit.
 *
 * Counted in the database (rate_limits through server/lib/rate-limits.ts), so every instance shares the budget. An
 * entry takes its place in every window BEFORE its code is checked (one atomic upsert each) and gives it back when
 * the code turned out not to be a wrong guess: parallel guesses can never overshoot the budget, while a valid code
 * holds a place only for the milliseconds of its check. A refused entry gives its places back too.
 *
 * An address is the client's IP (behind TRUST_PROXY the forwarded one); IPv6 addresses count per /56, as the other
 * limits do (express-rate-limit's ipKeyGenerator), since one subscriber holds a whole prefix.
 */
import { ipKeyGenerator } from 'express-rate-limit';
import { normalizeAccessCode } from '../../../shared/access-codes.js';
import { AppError } from '../../errors.js';
import type { RateLimitCounts } from '../../lib/rate-limits.js';

export interface GuessWindow {
  /** The window's name, in front of the address in its rate_limits key. */
  name: string;
  /** Wrong codes allowed per address in one window. */
  limit: number;
  windowMs: number;
}

/** Sized in docs/decisions/0004-guessing-access-codes.md ("Guessing access codes"): bursts of a busy shared address, and the odds per year. */
export const CODE_GUESS_WINDOWS: readonly GuessWindow[] = [
  { name: 'code-guesses-10min', limit: 100, windowMs: 10 * 60_000 },
  { name: 'code-guesses-day', limit: 1000, windowMs: 24 * 60 * 60_000 },
];

/** The address's budget is spent: nothing was checked; try again in retryAfterMs. */
export class GuessBudgetSpent extends Error {
  constructor(readonly retryAfterMs: number) {
    super('code guessing budget spent');
    this.name = 'GuessBudgetSpent';
  }
}

/** Whether a code entry that ended in `error` was a wrong guess: a well-formed code that is not valid. */
export function isWrongGuess(input: string, error: unknown): boolean {
  return error instanceof AppError && error.code === 'access-code-invalid' && normalizeAccessCode(input) !== null;
}

/** The address an entry counts against: the IP, IPv6 by its /56. */
export function guessAddress(ip: string | undefined): string {
  return ipKeyGenerator(ip ?? 'unknown', 56);
}

export function createCodeGuesses(deps: { counts: RateLimitCounts; now?: () => number; windows?: readonly GuessWindow[] }) {
  const { counts } = deps;
  const now = deps.now ?? Date.now;
  const windows = deps.windows ?? CODE_GUESS_WINDOWS;

  return {
    /**
     * Checks one code entry of `address` within its budget: `check` runs (and its answer or error is passed on) unless
     * the budget is spent (GuessBudgetSpent, nothing checked). An error for which isWrongGuess(input, error) holds
     * keeps its place in every window; anything else gives its places back.
     */
    async enter<T>(address: string, input: string, check: () => Promise<T>): Promise<T> {
      const at = now();
      const keys = windows.map((w) => `${w.name}:${address}`);
      const taken = await Promise.all(windows.map((w, i) => counts.hit(keys[i] as string, w.windowMs, at)));
      const giveBack = async () => {
        const t = now();
        await Promise.all(keys.map((key) => counts.decrement(key, t)));
      };
      const spent = taken.filter((count, i) => count.hits > (windows[i] as GuessWindow).limit);
      if (spent.length > 0) {
        await giveBack();
        throw new GuessBudgetSpent(Math.max(...spent.map((count) => count.resetAt - at)));
      }
      try {
        const result = await check();
        await giveBack();
        return result;
      } catch (error) {
        if (!isWrongGuess(input, error)) await giveBack();
        throw error;
      }
    },
  };
}
export type CodeGuesses = ReturnType<typeof createCodeGuesses>;
