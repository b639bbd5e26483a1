/**
 * The questionnaire's SQL: access codes, the survey with its company, open PULS rounds, and storing a
 * response (consuming one use of its code). Only this file reads those tables for the questionnaire;
 * the service holds the rules. The kiosk and paper entry reach it through the questionnaire service.
 */
import type { Db } from '../../db/connection.js';

export interface CodeRow {
  id: number;
  survey_id: number;
  channel: 'online' | 'paper';
  batch: number;
  round: number | null;
  max_uses: number;
  uses: number;
  revoked_at: string | null;
}

export interface SurveyRow {
  id: number;
  type: 'izz' | 'puls';
  state: string;
  draft: string;
  company_name: string;
  logo_asset_id: string | null;
}

export interface OpenRound {
  number: number;
  closes_on: string;
}

const CODE_SELECT = 'SELECT id, survey_id, channel, batch, round, max_uses, uses, revoked_at FROM access_codes';

export function createQuestionnaireRepo(db: Db) {
  return {
    async findSurvey(surveyId: number): Promise<SurveyRow | undefined> {
      return await db.get<SurveyRow>(
        `SELECT a.id, a.type, a.state, a.draft, c.name AS company_name, c.logo_asset_id
           FROM applications a JOIN companies c ON c.id = a.company_id WHERE a.id = ?`,
        [surveyId],
      );
    },

    /** The PULS round a code belongs to (its round, else the round of its batch), when that round is open. */
    async openRoundOfCode(code: Pick<CodeRow, 'survey_id' | 'round' | 'batch'>): Promise<OpenRound | undefined> {
      const sql = code.round !== null ? 'number = ?' : 'code_batch = ?';
      return await db.get<OpenRound>(`SELECT number, closes_on FROM survey_rounds WHERE survey_id = ? AND ${sql} AND state = 'open'`, [code.survey_id, code.round ?? code.batch]);
    },

    /** The survey's first open PULS round. */
    async firstOpenRound(surveyId: number): Promise<OpenRound | undefined> {
      return await db.get<OpenRound>("SELECT number, closes_on FROM survey_rounds WHERE survey_id = ? AND state = 'open' ORDER BY number LIMIT 1", [surveyId]);
    },

    async findCodeByCode(code: string): Promise<CodeRow | undefined> {
      return await db.get<CodeRow>(`${CODE_SELECT} WHERE code = ?`, [code]);
    },

    async findCodeById(id: number): Promise<CodeRow | undefined> {
      return await db.get<CodeRow>(`${CODE_SELECT} WHERE id = ?`, [id]);
    },

    async findCodeInSurvey(code: string, surveyId: number): Promise<CodeRow | undefined> {
      return await db.get<CodeRow>(`${CODE_SELECT} WHERE code = ? AND survey_id = ?`, [code, surveyId]);
    },

    /** Whether a response with this id is stored: the duplicate check of every channel (online, kiosk, paper). */
    async responseExists(id: string): Promise<boolean> {
      return await db.get('SELECT 1 AS x FROM responses WHERE id = ?', [id]) !== undefined;
    },

    /** One use of the code, unless it is used up or revoked; false when nothing was left. */
    async consumeCode(codeId: number): Promise<boolean> {
      return (await db.run('UPDATE access_codes SET uses = uses + 1 WHERE id = ? AND uses < max_uses AND revoked_at IS NULL', [codeId])).changes === 1;
    },

    /** Gives back a use consumed for a response that was then not stored (group commit: its id was taken meanwhile). */
    async returnCodeUse(codeId: number): Promise<void> {
      await db.run('UPDATE access_codes SET uses = uses - 1 WHERE id = ? AND uses > 0', [codeId]);
    },

    /** Inserts a response; false when its id is taken. Never a code, code id, day or time. */
    async insertResponse(row: { id: string; surveyId: number; channel: 'online' | 'kiosk' | 'paper'; answers: string; round: number | null }): Promise<boolean> {
      return (
        (await db.run('INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING', [
          row.id,
          row.surveyId,
          row.channel,
          row.answers,
          row.round,
        ])).changes === 1
      );
    },
  };
}
export type QuestionnaireRepo = ReturnType<typeof createQuestionnaireRepo>;
