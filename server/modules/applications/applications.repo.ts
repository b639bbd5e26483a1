/** Survey applications, respondent e-mails, access codes and the responses count (migration 0004). */
import type { Db } from '../../db/connection.js';
import type { ApplicationType } from '../../../shared/schemas/application.js';

export type { ApplicationType };

export interface ApplicationRow {
  id: number;
  company_id: number;
  created_by: number | null;
  type: ApplicationType;
  state: string;
  draft: string;
  review_comment: string | null;
  code_batch: number;
  reminder_round: number;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  approved_at: string | null;
  started_at: string | null;
  finished_at: string | null;
}

export interface AdminApplicationRow extends ApplicationRow {
  company_name: string;
}

export interface RespondentEmailRow {
  id: number;
  application_id: number;
  email: string;
  language: string;
}

export interface AccessCodeRow {
  id: number;
  survey_id: number;
  code: string;
  channel: 'online' | 'paper';
  batch: number;
  respondent_email_id: number | null;
  max_uses: number;
  /** How often the code was used (used or not): no day or time of a use is kept (migration 0009). */
  uses: number;
  revoked_at: string | null;
  created_at: string;
}

export function createApplicationsRepo(db: Db) {
  return {
    async insert(row: { companyId: number; userId: number; type: ApplicationType; draft: string; now: string }): Promise<number> {
      return Number(
        await db.insert('INSERT INTO applications (company_id, created_by, type, state, draft, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          row.companyId, row.userId, row.type, 'draft', row.draft, row.now, row.now,
        ]),
      );
    },
    async findById(id: number): Promise<ApplicationRow | undefined> {
      return await db.get<ApplicationRow>('SELECT * FROM applications WHERE id = ?', [id]);
    },
    async findOwned(companyId: number, id: number): Promise<ApplicationRow | undefined> {
      return await db.get<ApplicationRow>('SELECT * FROM applications WHERE id = ? AND company_id = ?', [id, companyId]);
    },
    async findOpen(companyId: number, type: ApplicationType): Promise<ApplicationRow | undefined> {
      return await db.get<ApplicationRow>("SELECT * FROM applications WHERE company_id = ? AND type = ? AND state <> 'finished'", [companyId, type]);
    },
    async listByCompany(companyId: number, type?: ApplicationType): Promise<ApplicationRow[]> {
      return await db.all<ApplicationRow>(
        `SELECT * FROM applications WHERE company_id = ? AND (CAST(? AS TEXT) IS NULL OR type = ?)
         ORDER BY (state = 'finished'), created_at DESC, id DESC`,
        [companyId, type ?? null, type ?? null],
      );
    },
    async listAdmin(filter: { states?: readonly string[]; type?: string; limit: number; offset: number }): Promise<{ rows: AdminApplicationRow[]; total: number }> {
      const states = filter.states && filter.states.length > 0 ? filter.states : null;
      const where = `WHERE ${states ? `a.state IN (${states.map(() => '?').join(', ')})` : '1 = 1'} AND (CAST(? AS TEXT) IS NULL OR a.type = ?)`;
      const params = [...(states ?? []), filter.type ?? null, filter.type ?? null];
      const rows = await db.all<AdminApplicationRow>(
        `SELECT a.*, c.name AS company_name FROM applications a JOIN companies c ON c.id = a.company_id ${where}
         ORDER BY a.updated_at DESC, a.id DESC LIMIT ? OFFSET ?`,
        [...params, filter.limit, filter.offset],
      );
      const total = (await db.get<{ n: number }>(`SELECT count(*) AS n FROM applications a ${where}`, params))?.n ?? 0;
      return { rows, total };
    },
    async saveDraft(id: number, draft: string, now: string, states: readonly string[]): Promise<boolean> {
      return (
        (await db.run(`UPDATE applications SET draft = ?, updated_at = ? WHERE id = ? AND state IN (${states.map(() => '?').join(', ')})`, [draft, now, id, ...states]))
          .changes === 1
      );
    },
    /** "Move from one of `from` to `to`": false when another request changed the state first. */
    async transition(id: number, from: readonly string[], to: string, now: string, extra: { column?: 'submitted_at' | 'approved_at' | 'started_at' | 'finished_at'; comment?: string | null } = {}): Promise<boolean> {
      const set = extra.column ? `, ${extra.column} = @now` : '';
      const comment = extra.comment !== undefined ? ', review_comment = @comment' : '';
      const placeholders = from.map((_, i) => `@f${i}`).join(', ');
      const params: Record<string, unknown> = { id, to, now, comment: extra.comment ?? null };
      from.forEach((s, i) => (params[`f${i}`] = s));
      return (await db.run(`UPDATE applications SET state = @to, updated_at = @now${set}${comment} WHERE id = @id AND state IN (${placeholders})`, params)).changes === 1;
    },
    async deleteDraft(id: number): Promise<boolean> {
      return (await db.run("DELETE FROM applications WHERE id = ? AND state = 'draft'", [id])).changes === 1;
    },
    async nextBatch(id: number): Promise<number> {
      await db.run('UPDATE applications SET code_batch = code_batch + 1 WHERE id = ?', [id]);
      return (await db.get<{ b: number }>('SELECT code_batch AS b FROM applications WHERE id = ?', [id]))?.b ?? 0;
    },
    async nextReminderRound(id: number): Promise<void> {
      await db.run('UPDATE applications SET reminder_round = reminder_round + 1 WHERE id = ?', [id]);
    },

    async insertEmail(applicationId: number, email: string, language: string): Promise<number> {
      await db.run('INSERT INTO respondent_emails (application_id, email, language) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [applicationId, email, language]);
      return (await db.get<{ id: number }>('SELECT id FROM respondent_emails WHERE application_id = ? AND email = ?', [applicationId, email]))?.id ?? 0;
    },
    async emails(applicationId: number): Promise<RespondentEmailRow[]> {
      return await db.all<RespondentEmailRow>('SELECT * FROM respondent_emails WHERE application_id = ? ORDER BY id', [applicationId]);
    },

    async insertCode(row: { surveyId: number; code: string; channel: 'online' | 'paper'; batch: number; emailId: number | null; maxUses: number; now: string }): Promise<boolean> {
      return (
        (await db.run(
          'INSERT INTO access_codes (survey_id, code, channel, batch, respondent_email_id, max_uses, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING',
          [row.surveyId, row.code, row.channel, row.batch, row.emailId, row.maxUses, row.now],
        )).changes === 1
      );
    },
    /** Live (not revoked) codes, paper after online, in creation order. */
    async liveCodes(surveyId: number): Promise<AccessCodeRow[]> {
      return await db.all<AccessCodeRow>("SELECT * FROM access_codes WHERE survey_id = ? AND revoked_at IS NULL ORDER BY channel = 'paper', id", [surveyId]);
    },
    async codesOfBatch(surveyId: number, batch: number): Promise<AccessCodeRow[]> {
      return await db.all<AccessCodeRow>('SELECT * FROM access_codes WHERE survey_id = ? AND batch = ? AND revoked_at IS NULL ORDER BY id', [surveyId, batch]);
    },
    /** Revokes every code that still has uses left; returns them. */
    async revokeUnused(surveyId: number, now: string): Promise<AccessCodeRow[]> {
      return await db.all<AccessCodeRow>('UPDATE access_codes SET revoked_at = ? WHERE survey_id = ? AND revoked_at IS NULL AND uses < max_uses RETURNING *', [now, surveyId]);
    },
    async codeCounts(surveyId: number): Promise<{ online: number; offline: number; used: number; revoked: number; paper_unused: number }> {
      return (
        await db.get<{ online: number; offline: number; used: number; revoked: number; paper_unused: number }>(
          `SELECT coalesce(sum(CASE WHEN channel = 'online' AND revoked_at IS NULL THEN 1 ELSE 0 END), 0) AS online,
                  coalesce(sum(CASE WHEN channel = 'paper' AND revoked_at IS NULL THEN 1 ELSE 0 END), 0) AS offline,
                  coalesce(sum(CASE WHEN channel = 'paper' AND revoked_at IS NULL AND uses = 0 THEN 1 ELSE 0 END), 0) AS paper_unused,
                  coalesce(sum(uses), 0) AS used,
                  coalesce(sum(CASE WHEN revoked_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS revoked
           FROM access_codes WHERE survey_id = ?`,
          [surveyId],
        ) ?? { online: 0, offline: 0, used: 0, revoked: 0, paper_unused: 0 }
      );
    },
    /**
     * Uses of the survey's online codes (answered on a phone or a kiosk) and of its paper codes (answered on paper,
     * or online with the form's code): one use per stored response, so the two add up to the responses.
     */
    async codeUses(surveyId: number): Promise<{ online: number; offline: number }> {
      const row = await db.get<{ online: number | string; offline: number | string }>(
        `SELECT coalesce(sum(CASE WHEN channel = 'online' THEN uses ELSE 0 END), 0) AS online,
                coalesce(sum(CASE WHEN channel = 'paper' THEN uses ELSE 0 END), 0) AS offline
         FROM access_codes WHERE survey_id = ?`,
        [surveyId],
      );
      return { online: Number(row?.online ?? 0), offline: Number(row?.offline ?? 0) };
    },

    /**
     * Deletes a finished survey's respondent e-mail list everywhere it is kept: the outbox rows of
     * its invitations and reminders go whole (recipient, text with the access code, locale, times, and the dedupe key
     * with the list position; a row still queued is not sent), the codes lose their link to an address, the
     * manual-reminder records and the respondent_emails rows go, and the draft's copy of the list is removed. Returns
     * the outbox ids deleted (their captured .eml copies go too).
     * Outbox rows are found by their dedupe keys (invite:, remind:, puls-invite:, puls-remind:, manual-remind:
     * <survey id>:...), and an unkeyed row (a manual reminder queued before it had a key) by its recipient being
     * one of the survey's addresses and its text carrying one of the survey's codes.
     */
    async purgeRespondentEmails(surveyId: number): Promise<number[]> {
      const keyed = ['invite', 'remind', 'puls-invite', 'puls-remind', 'manual-remind'].map((kind) => `${kind}:${String(surveyId)}:`);
      // A prefix as a range ('invite:7:' <= key < 'invite:7;'), so the unique index on dedupe_key finds them.
      const ranges = keyed.map(() => '(dedupe_key >= ? AND dedupe_key < ?)').join(' OR ');
      const bounds = keyed.flatMap((p) => [p, `${p.slice(0, -1)};`]);
      // The code as printed in a mail (XXXXX-XXXXX) found in the text: instr on SQLite, strpos on PostgreSQL.
      const position = db.dialect === 'postgres' ? 'strpos' : 'instr';
      const scrubbed = (await db
        .all<{ id: number }>(
          `DELETE FROM mail_outbox
           WHERE (${ranges}
             OR (dedupe_key IS NULL
                 AND lower(to_address) IN (SELECT lower(email) FROM respondent_emails WHERE application_id = ?)
                 AND EXISTS (SELECT 1 FROM access_codes c WHERE c.survey_id = ? AND ${position}(mail_outbox.text, substr(c.code, 1, 5) || '-' || substr(c.code, 6)) > 0)))
           RETURNING id`,
          [...bounds, surveyId, surveyId],
        ))
        .map((r) => r.id);
      await db.run('UPDATE access_codes SET respondent_email_id = NULL WHERE survey_id = ? AND respondent_email_id IS NOT NULL', [surveyId]);
      await db.run('DELETE FROM manual_reminders WHERE survey_id = ?', [surveyId]);
      await db.run('DELETE FROM respondent_emails WHERE application_id = ?', [surveyId]);
      await db.run(
        db.dialect === 'postgres'
          ? "UPDATE applications SET draft = (draft::jsonb #- '{details,respondent_emails}')::text WHERE id = ? AND (draft::jsonb #> '{details,respondent_emails}') IS NOT NULL"
          : "UPDATE applications SET draft = json_remove(draft, '$.details.respondent_emails') WHERE id = ? AND json_type(draft, '$.details.respondent_emails') IS NOT NULL",
        [surveyId],
      );
      return scrubbed;
    },

    /** A survey's responses, to be written again (rewriteResponses). */
    async responsesOf(surveyId: number): Promise<{ channel: string; round: number | null; answers: string }[]> {
      return await db.all('SELECT channel, round, answers FROM responses WHERE survey_id = ?', [surveyId]);
    },
    /**
     * Replaces a survey's responses by `rows` (the same responses, new ids), inserted in the order given: the finish's
     * rewrite (applications.core.ts), so that neither the rows' place in storage nor their ids are the ones they
     * got when they came.
     */
    async replaceResponses(surveyId: number, rows: { id: string; channel: string; round: number | null; answers: string }[]): Promise<void> {
      await db.run('DELETE FROM responses WHERE survey_id = ?', [surveyId]);
      for (const r of rows) {
        await db.run('INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, ?, ?, ?)', [r.id, surveyId, r.channel, r.answers, r.round]);
      }
    },
    async manualReminderSent(surveyId: number, round: number, email: string): Promise<boolean> {
      return !!await db.get('SELECT 1 FROM manual_reminders WHERE survey_id = ? AND round = ? AND email = ?', [surveyId, round, email]);
    },
    async recordManualReminder(surveyId: number, round: number, email: string, now: string): Promise<void> {
      await db.run('INSERT INTO manual_reminders (survey_id, round, email, sent_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [surveyId, round, email, now]);
    },
    async companyOf(companyId: number): Promise<{ id: number; name: string; tax_number: string; city: string; employees_total: number } | undefined> {
      return await db.get('SELECT id, name, tax_number, city, employees_total FROM companies WHERE id = ?', [companyId]);
    },
    /** The company's first user (where company mails go) and its locale. */
    /** The company's name and logo bytes (for the paper forms). */
    async companyLogo(companyId: number): Promise<{ name: string; logo: { content_type: string; bytes: Buffer } | undefined } | undefined> {
      const company = await db.get<{ name: string; logo_asset_id: string | null }>('SELECT name, logo_asset_id FROM companies WHERE id = ?', [companyId]);
      if (!company) return undefined;
      const logo = company.logo_asset_id ? await db.get<{ content_type: string; bytes: Buffer }>('SELECT content_type, bytes FROM assets WHERE id = ?', [company.logo_asset_id]) : undefined;
      return { name: company.name, logo };
    },

    async companyContact(companyId: number): Promise<{ email: string; locale: string } | undefined> {
      return await db.get('SELECT email, locale FROM users WHERE company_id = ? AND disabled_at IS NULL ORDER BY id LIMIT 1', [companyId]);
    },
  };
}
export type ApplicationsRepo = ReturnType<typeof createApplicationsRepo>;
