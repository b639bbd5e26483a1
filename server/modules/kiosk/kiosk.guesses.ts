/**
 * What the kiosk module remembers about refused codes (issue 11; docs/architecture.md "Kiosk mode", 6).
 *
 * Refusal memory (kiosk_refusals): a kiosk item refused for its code is remembered by SHA-256 of its
 * response id, with the reason and the last day a kiosk token could send it. A re-sent item (the reply
 * was lost and the kiosk retries) is answered from memory: the same refusal, no second check, no second
 * conflict. Nothing stored names a code, a kiosk or a time finer than the day.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.js';

export type CodeRefusal = 'access-code-used' | 'access-code-invalid';

export function isCodeRefusal(code: string | undefined): code is CodeRefusal {
  return code === 'access-code-used' || code === 'access-code-invalid';
}

const idHash = (responseId: string): string => createHash('sha256').update(responseId).digest('hex');

export function createRefusalMemory(db: Db) {
  return {
    /** The refusal remembered for this response id, or null. */
    recall(surveyId: number, responseId: string): CodeRefusal | null {
      const row = db.get<{ reason: CodeRefusal }>('SELECT reason FROM kiosk_refusals WHERE survey_id = ? AND id_hash = ?', [surveyId, idHash(responseId)]);
      return row?.reason ?? null;
    },

    /** Remembers a refusal until keepUntil (a day); true when it was not remembered yet (count it then only). */
    remember(surveyId: number, responseId: string, reason: CodeRefusal, keepUntil: string): boolean {
      const r = db.run('INSERT INTO kiosk_refusals (survey_id, id_hash, reason, keep_until) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [
        surveyId,
        idHash(responseId),
        reason,
        keepUntil,
      ]);
      return r.changes === 1;
    },

    /** Forgets refusals no kiosk token can send again (their last day is before today). */
    expire(today: string): void {
      db.run('DELETE FROM kiosk_refusals WHERE keep_until < ?', [today]);
    },
  };
}
