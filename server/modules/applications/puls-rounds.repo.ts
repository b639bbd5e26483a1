/** PULS rounds (migration 0005): one row per round of a survey, and the round of its codes and responses. */
import type { Db } from '../../db/connection.js';
import type { AccessCodeRow } from './applications.repo.js';

export type RoundState = 'pending' | 'open' | 'closed';

export interface SurveyRoundRow {
  survey_id: number;
  number: number;
  opens_on: string;
  closes_on: string;
  invitation_at: string;
  reminder_at: string | null;
  state: RoundState;
  code_batch: number | null;
  opened_at: string | null;
  closed_at: string | null;
}

export function createPulsRoundsRepo(db: Db) {
  return {
    /** Inserts a round; an existing (survey, number) stays as it is. */
    async insert(row: { surveyId: number; number: number; opensOn: string; closesOn: string; invitationAt: string; reminderAt: string | null; codeBatch: number | null }): Promise<void> {
      await db.run(
        `INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at, reminder_at, code_batch)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [row.surveyId, row.number, row.opensOn, row.closesOn, row.invitationAt, row.reminderAt, row.codeBatch],
      );
    },
    async list(surveyId: number): Promise<SurveyRoundRow[]> {
      return await db.all<SurveyRoundRow>('SELECT * FROM survey_rounds WHERE survey_id = ? ORDER BY number', [surveyId]);
    },
    async find(surveyId: number, number: number): Promise<SurveyRoundRow | undefined> {
      return await db.get<SurveyRoundRow>('SELECT * FROM survey_rounds WHERE survey_id = ? AND number = ?', [surveyId, number]);
    },
    async count(surveyId: number): Promise<number> {
      return (await db.get<{ n: number }>('SELECT count(*) AS n FROM survey_rounds WHERE survey_id = ?', [surveyId]))?.n ?? 0;
    },
    /** The round whose codes are live: the lowest one not closed that has codes. */
    async active(surveyId: number): Promise<SurveyRoundRow | undefined> {
      return await db.get<SurveyRoundRow>("SELECT * FROM survey_rounds WHERE survey_id = ? AND state <> 'closed' AND code_batch IS NOT NULL ORDER BY number LIMIT 1", [surveyId]);
    },
    /** The round that is open now, if any (at most one is). */
    async open(surveyId: number): Promise<SurveyRoundRow | undefined> {
      return await db.get<SurveyRoundRow>("SELECT * FROM survey_rounds WHERE survey_id = ? AND state = 'open' ORDER BY number LIMIT 1", [surveyId]);
    },
    /** Sets the round's code batch only when it has none yet (true when this call set it). */
    async claimBatch(surveyId: number, number: number, batch: number): Promise<boolean> {
      return (await db.run('UPDATE survey_rounds SET code_batch = ? WHERE survey_id = ? AND number = ? AND code_batch IS NULL', [batch, surveyId, number])).changes === 1;
    },
    async setBatch(surveyId: number, number: number, batch: number): Promise<void> {
      await db.run('UPDATE survey_rounds SET code_batch = ? WHERE survey_id = ? AND number = ?', [batch, surveyId, number]);
    },
    /** "Move from one of `from` to `to`": false when it was there already. */
    async transition(surveyId: number, number: number, from: readonly RoundState[], to: RoundState, now: string): Promise<boolean> {
      const column = to === 'open' ? 'opened_at' : to === 'closed' ? 'closed_at' : null;
      const set = column ? `, ${column} = ?` : '';
      const params: unknown[] = [to, ...(column ? [now] : []), surveyId, number, ...from];
      return (await db.run(`UPDATE survey_rounds SET state = ?${set} WHERE survey_id = ? AND number = ? AND state IN (${from.map(() => '?').join(', ')})`, params)).changes === 1;
    },
    /** Marks the codes of a batch as codes of a round. */
    async tagCodes(surveyId: number, batch: number, round: number): Promise<void> {
      await db.run('UPDATE access_codes SET round = ? WHERE survey_id = ? AND batch = ?', [round, surveyId, batch]);
    },
    /** Revokes the unused codes of a batch (a closed round's codes stop working). */
    async revokeUnusedOfBatch(surveyId: number, batch: number, now: string): Promise<number> {
      return (await db.run('UPDATE access_codes SET revoked_at = ? WHERE survey_id = ? AND batch = ? AND revoked_at IS NULL AND uses < max_uses', [now, surveyId, batch])).changes;
    },
    async codesOfBatch(surveyId: number, batch: number): Promise<AccessCodeRow[]> {
      return await db.all<AccessCodeRow>("SELECT * FROM access_codes WHERE survey_id = ? AND batch = ? AND revoked_at IS NULL ORDER BY channel = 'paper', id", [surveyId, batch]);
    },
    /** Responses per round (rounds without responses are absent). */
    async responseCounts(surveyId: number): Promise<Map<number, number>> {
      const rows = await db.all<{ round: number; n: number }>('SELECT round, count(*) AS n FROM responses WHERE survey_id = ? AND round IS NOT NULL GROUP BY round', [surveyId]);
      return new Map(rows.map((r) => [r.round, r.n]));
    },
  };
}
export type PulsRoundsRepo = ReturnType<typeof createPulsRoundsRepo>;
