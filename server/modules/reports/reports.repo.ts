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

/** A stored benchmark group (migrations 0012, 0016): JSON columns as text. */
export interface BenchmarkGroupRow {
  group_key: string;
  companies: number;
  survey_ids: string;
  items: string;
  computed_at: string;
}

/** A survey's frozen place in a published year's market (migration 0016). */
export interface BenchmarkMemberRow {
  survey_id: number;
  company_id: number;
  size_class: string | null;
  industry: string;
  in_market: number;
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

    /** The company's finished IZZ surveys, oldest finish first. */
    async finishedIzzSurveys(companyId: number): Promise<{ id: number }[]> {
      return await db.all<{ id: number }>(
        `SELECT id FROM applications WHERE company_id = ? AND type = 'izz' AND state = 'finished' AND finished_at IS NOT NULL ORDER BY finished_at, id`,
        [companyId],
      );
    },

    async benchmarkGroups(year: number): Promise<BenchmarkGroupRow[]> {
      return await db.all<BenchmarkGroupRow>('SELECT group_key, companies, survey_ids, items, computed_at FROM benchmark_groups WHERE year = ? ORDER BY group_key', [year]);
    },

    async benchmarkMembers(year: number): Promise<BenchmarkMemberRow[]> {
      return await db.all<BenchmarkMemberRow>('SELECT survey_id, company_id, size_class, industry, in_market FROM benchmark_members WHERE year = ? ORDER BY survey_id', [year]);
    },

    async hasBenchmark(year: number): Promise<boolean> {
      return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM benchmark_groups WHERE year = ?', [year]))!.n > 0;
    },

    /** Replaces the year's groups and frozen members (inside the caller's transaction). */
    async saveBenchmark(
      year: number,
      market: {
        groups: readonly { key: string; companies: number; surveyIds: readonly number[]; items: unknown }[];
        members: readonly { surveyId: number; companyId: number; sizeClass: string | null; industry: string; inMarket: boolean }[];
      },
      at: string,
    ): Promise<void> {
      await db.run('DELETE FROM benchmark_groups WHERE year = ?', [year]);
      await db.run('DELETE FROM benchmark_members WHERE year = ?', [year]);
      for (const g of market.groups) {
        await db.run('INSERT INTO benchmark_groups (year, group_key, companies, survey_ids, items, computed_at) VALUES (?, ?, ?, ?, ?, ?)', [
          year,
          g.key,
          g.companies,
          JSON.stringify(g.surveyIds),
          JSON.stringify(g.items),
          at,
        ]);
      }
      for (const m of market.members) {
        await db.run('INSERT INTO benchmark_members (year, survey_id, company_id, size_class, industry, in_market) VALUES (?, ?, ?, ?, ?, ?)', [
          year,
          m.surveyId,
          m.companyId,
          m.sizeClass,
          m.industry,
          m.inMarket ? 1 : 0,
        ]);
      }
    },

    async deleteBenchmark(year: number): Promise<void> {
      await db.run('DELETE FROM benchmark_groups WHERE year = ?', [year]);
      await db.run('DELETE FROM benchmark_members WHERE year = ?', [year]);
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
