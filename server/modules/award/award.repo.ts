import type { Db } from '../../db/connection.js';

export interface CandidateRow {
  survey_id: number;
  company_id: number;
  company_name: string;
  type: 'izz' | 'puls';
  state: string;
  draft: string;
  employees_total: number;
  started_at: string | null;
  finished_at: string | null;
  responses: number | null;
  esi: number | null;
  enps: number | null;
  withdraw_name: number | null;
  show_figures: number | null;
  excluded_reason: string | null;
  excluded_at: string | null;
}

export interface AwardYearRow {
  year: number;
  published_at: string | null;
  /** The year's first publication: its public date and its certificates' issue date, kept when it is published again. */
  first_published_at: string | null;
  computed_at: string | null;
  results: string | null;
}

export interface RecipientRow {
  company_id: number;
  email: string;
  name: string;
  locale: string;
}

/** The award's SQL (tables of migration 0011 and award_years of 0001). */
export function createAwardRepo(db: Db) {
  return {
    /**
     * IZZ surveys that ran or finished in [from, to) (ISO instants: the year's bounds in the platform's zone), by their
     * finish, else their start; with their stored whole-survey figures and the company's choices for `year`.
     */
    async candidates(year: number, from: string, to: string, companyId?: number): Promise<CandidateRow[]> {
      return await db.all<CandidateRow>(
        `SELECT a.id AS survey_id, a.company_id, c.name AS company_name, a.type, a.state, a.draft, c.employees_total,
                a.started_at, a.finished_at, f.responses, f.esi, f.enps,
                p.withdraw_name, p.show_figures, p.excluded_reason, p.excluded_at
         FROM applications a
         JOIN companies c ON c.id = a.company_id
         LEFT JOIN survey_figures f ON f.survey_id = a.id
         LEFT JOIN award_participants p ON p.year = ? AND p.company_id = a.company_id
         WHERE a.type = 'izz' AND a.state IN ('in_progress', 'finished') AND a.started_at IS NOT NULL
           AND COALESCE(a.finished_at, a.started_at) >= ? AND COALESCE(a.finished_at, a.started_at) < ?
           AND (CAST(? AS INTEGER) IS NULL OR a.company_id = ?)
         ORDER BY a.id`,
        [year, from, to, companyId ?? null, companyId ?? null],
      );
    },

    /** One survey with its stored figures (no year's choices). */
    async candidateById(surveyId: number): Promise<CandidateRow | undefined> {
      return await db.get<CandidateRow>(
        `SELECT a.id AS survey_id, a.company_id, c.name AS company_name, a.type, a.state, a.draft, c.employees_total,
                a.started_at, a.finished_at, f.responses, f.esi, f.enps,
                NULL AS withdraw_name, NULL AS show_figures, NULL AS excluded_reason, NULL AS excluded_at
         FROM applications a JOIN companies c ON c.id = a.company_id LEFT JOIN survey_figures f ON f.survey_id = a.id
         WHERE a.id = ?`,
        [surveyId],
      );
    },

    /** When every IZZ survey that ran started or finished (for the list of years). */
    async surveyInstants(companyId?: number): Promise<{ at: string }[]> {
      return await db.all<{ at: string }>(
        `SELECT COALESCE(finished_at, started_at) AS at FROM applications
         WHERE type = 'izz' AND state IN ('in_progress', 'finished') AND started_at IS NOT NULL AND (CAST(? AS INTEGER) IS NULL OR company_id = ?)`,
        [companyId ?? null, companyId ?? null],
      );
    },

    async saveFigures(surveyId: number, f: { responses: number; esi: number | null; enps: number | null; detail: string }): Promise<void> {
      await db.run(
        `INSERT INTO survey_figures (survey_id, responses, esi, enps, detail, computed_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (survey_id) DO UPDATE SET responses = excluded.responses, esi = excluded.esi, enps = excluded.enps, detail = excluded.detail, computed_at = excluded.computed_at`,
        [surveyId, f.responses, f.esi, f.enps, f.detail, new Date().toISOString()],
      );
    },
    /** Adds the category and statement means to a survey's stored figures (rows from before migration 0012). */
    async saveDetail(surveyId: number, detail: string): Promise<void> {
      await db.run('UPDATE survey_figures SET detail = ? WHERE survey_id = ?', [detail, surveyId]);
    },
    /** The market's input for the given surveys: each one's stored detail (null when not computed yet) and its company's industry. */
    async marketRows(surveyIds: readonly number[]): Promise<{ survey_id: number; detail: string | null; industry: string }[]> {
      const out: { survey_id: number; detail: string | null; industry: string }[] = [];
      for (let i = 0; i < surveyIds.length; i += 500) {
        const part = surveyIds.slice(i, i + 500);
        out.push(
          ...(await db.all<{ survey_id: number; detail: string | null; industry: string }>(
            `SELECT a.id AS survey_id, f.detail, c.industry FROM applications a JOIN companies c ON c.id = a.company_id
             LEFT JOIN survey_figures f ON f.survey_id = a.id WHERE a.id IN (${part.map(() => '?').join(', ')})`,
            [...part],
          )),
        );
      }
      return out;
    },

    async year(year: number): Promise<AwardYearRow | undefined> {
      return await db.get<AwardYearRow>('SELECT year, published_at, first_published_at, computed_at, results FROM award_years WHERE year = ?', [year]);
    },

    async years(): Promise<AwardYearRow[]> {
      return await db.all<AwardYearRow>('SELECT year, published_at, first_published_at, computed_at, results FROM award_years ORDER BY year DESC');
    },

    /** Publishes the year at `at`; its first publication's date stays when it is published again. */
    async publish(year: number, results: string, at: string): Promise<void> {
      await db.run(
        `INSERT INTO award_years (year, published_at, first_published_at, computed_at, results, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (year) DO UPDATE SET published_at = excluded.published_at, computed_at = excluded.computed_at, results = excluded.results,
           first_published_at = COALESCE(award_years.first_published_at, excluded.first_published_at)`,
        [year, at, at, at, results, at],
      );
    },

    /** Clears published_at; true when the year was published. */
    async unpublish(year: number): Promise<boolean> {
      return (await db.run('UPDATE award_years SET published_at = NULL WHERE year = ? AND published_at IS NOT NULL', [year])).changes > 0;
    },

    async setChoices(year: number, companyId: number, choices: { withdrawName: boolean; showFigures: boolean }): Promise<void> {
      await db.run(
        `INSERT INTO award_participants (year, company_id, withdraw_name, show_figures, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (year, company_id) DO UPDATE SET withdraw_name = excluded.withdraw_name, show_figures = excluded.show_figures, updated_at = excluded.updated_at`,
        [year, companyId, choices.withdrawName ? 1 : 0, choices.showFigures ? 1 : 0, new Date().toISOString()],
      );
    },

    async choices(year: number, companyId: number): Promise<{ withdraw_name: number; show_figures: number } | undefined> {
      return await db.get('SELECT withdraw_name, show_figures FROM award_participants WHERE year = ? AND company_id = ?', [year, companyId]);
    },

    /** Sets (reason) or clears (null) the administrator's exclusion. */
    async setExclusion(year: number, companyId: number, reason: string | null): Promise<void> {
      const now = new Date().toISOString();
      await db.run(
        `INSERT INTO award_participants (year, company_id, excluded_reason, excluded_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (year, company_id) DO UPDATE SET excluded_reason = excluded.excluded_reason, excluded_at = excluded.excluded_at, updated_at = excluded.updated_at`,
        [year, companyId, reason, reason === null ? null : now, now],
      );
    },

    /** The users of the given companies who receive company mail (enabled, confirmed), by company. */
    async recipients(companyIds: readonly number[]): Promise<RecipientRow[]> {
      if (companyIds.length === 0) return [];
      return await db.all<RecipientRow>(
        `SELECT u.company_id, u.email, u.name, u.locale FROM users u JOIN companies c ON c.id = u.company_id
         WHERE u.company_id IN (${companyIds.map(() => '?').join(', ')}) AND u.disabled_at IS NULL AND c.disabled_at IS NULL
           AND u.email_verified_at IS NOT NULL AND u.scope LIKE '%"company"%'
         ORDER BY u.company_id, u.id`,
        [...companyIds],
      );
    },

    async companyLogo(companyId: number): Promise<{ logo_asset_id: string | null; content_type: string | null; bytes: Buffer | null } | undefined> {
      return await db.get(
        `SELECT c.logo_asset_id, a.content_type, a.bytes FROM companies c LEFT JOIN assets a ON a.id = c.logo_asset_id WHERE c.id = ?`,
        [companyId],
      );
    },

    async logoIds(companyIds: readonly number[]): Promise<Map<number, string | null>> {
      if (companyIds.length === 0) return new Map();
      const rows = await db.all<{ id: number; logo_asset_id: string | null }>(
        `SELECT id, logo_asset_id FROM companies WHERE id IN (${companyIds.map(() => '?').join(', ')})`,
        [...companyIds],
      );
      return new Map(rows.map((r) => [r.id, r.logo_asset_id]));
    },

    async assetBytes(assetIds: readonly string[]): Promise<Map<string, Buffer>> {
      if (assetIds.length === 0) return new Map();
      const rows = await db.all<{ id: string; bytes: Buffer }>(`SELECT id, bytes FROM assets WHERE id IN (${assetIds.map(() => '?').join(', ')})`, [...assetIds]);
      return new Map(rows.map((r) => [r.id, r.bytes]));
    },

    async companyLanguage(companyId: number): Promise<string | undefined> {
      return (await db.get<{ locale: string }>(`SELECT locale FROM users WHERE company_id = ? ORDER BY id LIMIT 1`, [companyId]))?.locale;
    },
  };
}
export type AwardRepo = ReturnType<typeof createAwardRepo>;
