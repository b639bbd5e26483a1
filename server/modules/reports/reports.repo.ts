/**
 * Reports' SQL: the survey with its company, the company logo, the responses a reporting base is
 * built from, PULS rounds, and the stored reporting bases. Only this file reads those tables for
 * reports; the service holds the rules.
 */
import type { Db } from '../../db/connection.js';

export interface ReportSurveyRow {
  id: number;
  company_id: number;
  type: 'izz' | 'puls';
  state: string;
  draft: string;
  started_at: string | null;
  finished_at: string | null;
  company_name: string;
  employees_total: number;
  logo_asset_id: string | null;
}

export interface StoredBaseRow {
  version: number;
  min_group_size: number;
  rounds: string;
  base: string;
}

export function createReportsRepo(db: Db) {
  return {
    async findSurvey(id: number): Promise<ReportSurveyRow | undefined> {
      return await db.get<ReportSurveyRow>(
        `SELECT a.id, a.company_id, a.type, a.state, a.draft, a.started_at, a.finished_at, c.name AS company_name, c.employees_total, c.logo_asset_id
           FROM applications a JOIN companies c ON c.id = a.company_id WHERE a.id = ?`,
        [id],
      );
    },

    async surveyType(id: number): Promise<'izz' | 'puls' | undefined> {
      return (await db.get<{ type: 'izz' | 'puls' }>('SELECT type FROM applications WHERE id = ?', [id]))?.type;
    },

    async findLogo(assetId: string): Promise<{ content_type: string; bytes: Buffer } | undefined> {
      return await db.get<{ content_type: string; bytes: Buffer }>('SELECT content_type, bytes FROM assets WHERE id = ?', [assetId]);
    },

    /** The survey's responses (channel, PULS round, answers JSON); in no meaningful order. */
    async responses(surveyId: number): Promise<{ channel: 'online' | 'paper' | 'kiosk'; round: number | null; answers: string }[]> {
      return await db.all('SELECT channel, round, answers FROM responses WHERE survey_id = ?', [surveyId]);
    },

    async rounds(surveyId: number): Promise<{ number: number; opens_on: string; closes_on: string; state: string; closed_at: string | null }[]> {
      return await db.all('SELECT number, opens_on, closes_on, state, closed_at FROM survey_rounds WHERE survey_id = ? ORDER BY number', [surveyId]);
    },

    async findBase(surveyId: number): Promise<StoredBaseRow | undefined> {
      return await db.get<StoredBaseRow>('SELECT version, min_group_size, rounds, base FROM report_bases WHERE survey_id = ?', [surveyId]);
    },

    async saveBase(surveyId: number, row: StoredBaseRow): Promise<void> {
      await db.run(
        `INSERT INTO report_bases (survey_id, version, min_group_size, rounds, base) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (survey_id) DO UPDATE SET version = excluded.version, min_group_size = excluded.min_group_size, rounds = excluded.rounds, base = excluded.base`,
        [surveyId, row.version, row.min_group_size, row.rounds, row.base],
      );
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
