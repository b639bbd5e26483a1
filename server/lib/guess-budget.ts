/**
 * The guessing budget of a device token whose items carry an access code checked only at sync: a kiosk (its token's
 * kid) and a paper-entry token. docs/decisions/0011-kiosk-mode.md "Kiosk mode", 8, and "Paper data entry", 9.
 *
 * Every item whose code is refused (unknown, revoked, used, another survey's) costs its token part of a budget:
 * GUESS_BUDGET units, one back every GUESS_REFILL_MS; a code the survey has (used or revoked: what honest conflicts
 * and forms keyed twice look like) costs 1 unit, a code it does not have (what guessing produces) UNKNOWN_CODE_COST.
 * While less than one unit is left, no code of the token is checked at all (the item is 'held' and POST
 * /api/responses answers 429 with Retry-After). Stored per token (a hash of its identity) as one number: the moment
 * its budget is full again (a generic cell rate algorithm). Rows whose moment has passed say nothing and are deleted,
 * at most once a day per process. The statements are guess-budget.repo.ts's, so every instance shares one budget.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/connection.js';
import { createGuessBudgetRepo } from './guess-budget.repo.js';

/** Units of a token's budget of refused codes. */
export const GUESS_BUDGET = 50;
/** One unit comes back every 6 hours (4 a day). */
export const GUESS_REFILL_MS = 6 * 60 * 60_000;
/** A refused code the survey does not have costs this many units; one it has (used or revoked) costs 1. */
export const UNKNOWN_CODE_COST = 10;
const DAY_MS = 86_400_000;

/** A sync item not handled now: its token is over its guessing budget (POST /api/responses answers 429 with Retry-After). */
export interface HeldItem {
  id: string;
  status: 'held';
  retryAfterMs: number;
}

export function createGuessBudget(db: Db) {
  const repo = createGuessBudgetRepo(db);
  const refillMs = GUESS_REFILL_MS;
  /** The token as stored: SHA-256 of its identity, 32 hex characters. */
  const keyOf = (token: string): string => createHash('sha256').update(token).digest('hex').slice(0, 32);
  // Held while the budget is full again later than (budget - 1) units from now, i.e. less than one unit is left.
  const slack = (GUESS_BUDGET - 1) * refillMs;
  let expiredAt = -Infinity;

  return {
    /** 0 when the token's next code may be checked now; otherwise the ms until it may. */
    async waitMs(token: string, now: number): Promise<number> {
      const refilledAt = await repo.refilledAt(keyOf(token));
      return refilledAt === undefined ? 0 : Math.max(0, refilledAt - now - slack);
    },

    /** A refused code of this token: cost units (1, or UNKNOWN_CODE_COST for a code the survey does not have). */
    async fail(token: string, cost: number, now: number): Promise<void> {
      await repo.addCost(keyOf(token), now, cost * refillMs);
    },

    /** Tokens whose budget is full again are forgotten, at most once a day per process. */
    async expire(now: number): Promise<void> {
      if (now - expiredAt < DAY_MS) return;
      expiredAt = now;
      await repo.deleteRefilledBy(now);
    },
  };
}
export type GuessBudget = ReturnType<typeof createGuessBudget>;
