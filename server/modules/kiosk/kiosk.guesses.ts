/**
 * What the kiosk module remembers about refused codes (docs/decisions/0011-kiosk-mode.md "Kiosk mode", 6 and 8).
 * The guessing limit per kiosk is server/lib/guess-budget.ts (paper-entry tokens have the same one).
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
