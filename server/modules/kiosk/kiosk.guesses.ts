/**
 * What the kiosk module remembers about refused codes (issue 11; docs/architecture.md "Kiosk mode", 6 and 8).
 *
 * Guessing limit (kiosk_guesses): every kiosk item whose code is refused (unknown, revoked, used, another
 * survey's) costs its kiosk part of a budget: KIOSK_GUESS_BUDGET units, one back every KIOSK_GUESS_REFILL_MS;
 * a code the survey has (used or revoked: what honest conflicts look like) costs 1 unit, a code it does not
 * have (what guessing produces) KIOSK_UNKNOWN_CODE_COST. While less than one unit is left, no code of the
 * kiosk is checked at all (the caller answers 429 with Retry-After). Stored per kiosk (a hash of its token's
 * kid) as one number: the moment its budget is full again (a generic cell rate algorithm). Rows whose moment
 * has passed say nothing and are deleted.
 *
 * Refusal memory (kiosk_refusals): a kiosk item refused for its code is remembered by SHA-256 of its
 * response id, with the reason and the last day a kiosk token could send it. A re-sent item (the reply
 * was lost and the kiosk retries) is answered from memory: the same refusal, no second check, no second
 * conflict. Nothing stored names a code, a kiosk or a time finer than the day.
 *
 * The rules live here; the statements are the repository's (kiosk.repo.ts).
 */
import { createHash } from 'node:crypto';
import type { KioskRepo, StoredRefusal } from './kiosk.repo.js';

export type CodeRefusal = StoredRefusal;

export function isCodeRefusal(code: string | undefined): code is CodeRefusal {
  return code === 'access-code-used' || code === 'access-code-invalid';
}

const idHash = (responseId: string): string => createHash('sha256').update(responseId).digest('hex');

/** Units of a kiosk's budget of refused codes. */
export const KIOSK_GUESS_BUDGET = 50;
/** One unit comes back every 6 hours (4 a day). */
export const KIOSK_GUESS_REFILL_MS = 6 * 60 * 60_000;
/** A refused code the survey does not have costs this many units; one it has (used or revoked) costs 1. */
export const KIOSK_UNKNOWN_CODE_COST = 10;

export function createGuessLimit(repo: Pick<KioskRepo, 'guessRefilledAt' | 'addGuessCost' | 'deleteGuessesRefilledBy'>) {
  const refillMs = KIOSK_GUESS_REFILL_MS;
  /** The kiosk as stored: SHA-256 of its identity (its token's kid), 32 hex characters. */
  const keyOf = (kiosk: string): string => createHash('sha256').update(kiosk).digest('hex').slice(0, 32);
  // Held while the budget is full again later than (budget - 1) units from now, i.e. less than one unit is left.
  const slack = (KIOSK_GUESS_BUDGET - 1) * refillMs;

  return {
    /** 0 when the kiosk's next code may be checked now; otherwise the ms until it may. */
    async waitMs(kiosk: string, now: number): Promise<number> {
      const refilledAt = await repo.guessRefilledAt(keyOf(kiosk));
      return refilledAt === undefined ? 0 : Math.max(0, refilledAt - now - slack);
    },

    /** A refused code of this kiosk: cost units (1, or KIOSK_UNKNOWN_CODE_COST for a code the survey does not have). */
    async fail(kiosk: string, cost: number, now: number): Promise<void> {
      await repo.addGuessCost(keyOf(kiosk), now, cost * refillMs);
    },

    /** Kiosks whose budget is full again are forgotten. */
    async expire(now: number): Promise<void> {
      await repo.deleteGuessesRefilledBy(now);
    },
  };
}

export function createRefusalMemory(repo: Pick<KioskRepo, 'findRefusal' | 'insertRefusal' | 'deleteRefusalsKeptUntilBefore'>) {
  return {
    /** The refusal remembered for this response id, or null. */
    async recall(surveyId: number, responseId: string): Promise<CodeRefusal | null> {
      return await repo.findRefusal(surveyId, idHash(responseId)) ?? null;
    },

    /** Remembers a refusal until keepUntil (a day); true when it was not remembered yet (count it then only). */
    async remember(surveyId: number, responseId: string, reason: CodeRefusal, keepUntil: string): Promise<boolean> {
      return await repo.insertRefusal(surveyId, idHash(responseId), reason, keepUntil);
    },

    /** Forgets refusals no kiosk token can send again (their last day is before today). */
    async expire(today: string): Promise<void> {
      await repo.deleteRefusalsKeptUntilBefore(today);
    },
  };
}
