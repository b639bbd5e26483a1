/**
 * The guessing budgets' SQL (kiosk_guesses, migration 0008): one row per device token (a kiosk, or a paper-entry
 * token), keyed by the first 32 hex characters of SHA-256 of its identity, holding one number: the moment (unix ms)
 * its budget is full again. The rules are guess-budget.ts's.
 */
import type { Db } from '../db/connection.js';

export function createGuessBudgetRepo(db: Db) {
  return {
    /** The moment the (hashed) token's budget is full again, in ms; undefined when nothing is stored. */
    async refilledAt(key: string): Promise<number | undefined> {
      return (await db.get<{ refilled_at: number }>('SELECT refilled_at FROM kiosk_guesses WHERE kiosk = ?', [key]))?.refilled_at;
    },

    /** Moves the moment the budget is full again by `add` ms, from `now` when it has passed. */
    async addCost(key: string, now: number, add: number): Promise<void> {
      await db.run(
        'INSERT INTO kiosk_guesses (kiosk, refilled_at) VALUES (?, ?) ON CONFLICT (kiosk) DO UPDATE SET refilled_at = CASE WHEN kiosk_guesses.refilled_at > ? THEN kiosk_guesses.refilled_at ELSE ? END + ?',
        [key, now + add, now, now, add],
      );
    },

    async deleteRefilledBy(now: number): Promise<void> {
      await db.run('DELETE FROM kiosk_guesses WHERE refilled_at <= ?', [now]);
    },
  };
}
export type GuessBudgetRepo = ReturnType<typeof createGuessBudgetRepo>;
