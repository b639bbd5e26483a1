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
    insert(row: { companyId: number; userId: number; type: ApplicationType; draft: string; now: string }): number {
      return Number(
        db.run('INSERT INTO applications (company_id, created_by, type, state, draft, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          row.companyId, row.userId, row.type, 'draft', row.draft, row.now, row.now,
        ]).lastInsertRowid,
      );
    },
    findById(id: number): ApplicationRow | undefined {
      return db.get<ApplicationRow>('SELECT * FROM applications WHERE id = ?', [id]);
    },
    findOwned(companyId: number, id: number): ApplicationRow | undefined {
      return db.get<ApplicationRow>('SELECT * FROM applications WHERE id = ? AND company_id = ?', [id, companyId]);
    },
    findOpen(companyId: number, type: ApplicationType): ApplicationRow | undefined {
      return db.get<ApplicationRow>("SELECT * FROM applications WHERE company_id = ? AND type = ? AND state <> 'finished'", [companyId, type]);
    },
    listByCompany(companyId: number, type?: ApplicationType): ApplicationRow[] {
      return db.all<ApplicationRow>(
        `SELECT * FROM applications WHERE company_id = ? AND (? IS NULL OR type = ?)
         ORDER BY (state = 'finished'), created_at DESC, id DESC`,
        [companyId, type ?? null, type ?? null],
      );
    },
    listAdmin(filter: { states?: readonly string[]; type?: string; limit: number; offset: number }): { rows: AdminApplicationRow[]; total: number } {
      const states = filter.states && filter.states.length > 0 ? filter.states : null;
      const where = `WHERE ${states ? `a.state IN (${states.map(() => '?').join(', ')})` : '1'} AND (? IS NULL OR a.type = ?)`;
      const params = [...(states ?? []), filter.type ?? null, filter.type ?? null];
      const rows = db.all<AdminApplicationRow>(
        `SELECT a.*, c.name AS company_name FROM applications a JOIN companies c ON c.id = a.company_id ${where}
         ORDER BY a.updated_at DESC, a.id DESC LIMIT ? OFFSET ?`,
        [...params, filter.limit, filter.offset],
      );
      const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM applications a ${where}`, params)?.n ?? 0;
      return { rows, total };
    },
    saveDraft(id: number, draft: string, now: string, states: readonly string[]): boolean {
      return (
        db.run(`UPDATE applications SET draft = ?, updated_at = ? WHERE id = ? AND state IN (${states.map(() => '?').join(', ')})`, [draft, now, id, ...states])
          .changes === 1
      );
    },
    /** "Move from one of `from` to `to`": false when another request changed the state first. */
    transition(id: number, from: readonly string[], to: string, now: string, extra: { column?: 'submitted_at' | 'approved_at' | 'started_at' | 'finished_at'; comment?: string | null } = {}): boolean {
      const set = extra.column ? `, ${extra.column} = @now` : '';
      const comment = extra.comment !== undefined ? ', review_comment = @comment' : '';
      const placeholders = from.map((_, i) => `@f${i}`).join(', ');
      const params: Record<string, unknown> = { id, to, now, comment: extra.comment ?? null };
      from.forEach((s, i) => (params[`f${i}`] = s));
      return db.run(`UPDATE applications SET state = @to, updated_at = @now${set}${comment} WHERE id = @id AND state IN (${placeholders})`, params).changes === 1;
    },
    deleteDraft(id: number): boolean {
      return db.run("DELETE FROM applications WHERE id = ? AND state = 'draft'", [id]).changes === 1;
    },
    nextBatch(id: number): number {
      db.run('UPDATE applications SET code_batch = code_batch + 1 WHERE id = ?', [id]);
      return db.get<{ b: number }>('SELECT code_batch AS b FROM applications WHERE id = ?', [id])?.b ?? 0;
    },
    nextReminderRound(id: number): void {
      db.run('UPDATE applications SET reminder_round = reminder_round + 1 WHERE id = ?', [id]);
    },

    insertEmail(applicationId: number, email: string, language: string): number {
      db.run('INSERT INTO respondent_emails (application_id, email, language) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [applicationId, email, language]);
      return db.get<{ id: number }>('SELECT id FROM respondent_emails WHERE application_id = ? AND email = ?', [applicationId, email])?.id ?? 0;
    },
    emails(applicationId: number): RespondentEmailRow[] {
      return db.all<RespondentEmailRow>('SELECT * FROM respondent_emails WHERE application_id = ? ORDER BY id', [applicationId]);
    },

    insertCode(row: { surveyId: number; code: string; channel: 'online' | 'paper'; batch: number; emailId: number | null; maxUses: number; now: string }): boolean {
      return (
        db.run(
          'INSERT INTO access_codes (survey_id, code, channel, batch, respondent_email_id, max_uses, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING',
          [row.surveyId, row.code, row.channel, row.batch, row.emailId, row.maxUses, row.now],
        ).changes === 1
      );
    },
    /** Live (not revoked) codes, paper after online, in creation order. */
    liveCodes(surveyId: number): AccessCodeRow[] {
      return db.all<AccessCodeRow>("SELECT * FROM access_codes WHERE survey_id = ? AND revoked_at IS NULL ORDER BY channel = 'paper', id", [surveyId]);
    },
    codesOfBatch(surveyId: number, batch: number): AccessCodeRow[] {
      return db.all<AccessCodeRow>('SELECT * FROM access_codes WHERE survey_id = ? AND batch = ? AND revoked_at IS NULL ORDER BY id', [surveyId, batch]);
    },
    /** Revokes every code that still has uses left; returns them. */
    revokeUnused(surveyId: number, now: string): AccessCodeRow[] {
      return db.all<AccessCodeRow>('UPDATE access_codes SET revoked_at = ? WHERE survey_id = ? AND revoked_at IS NULL AND uses < max_uses RETURNING *', [now, surveyId]);
    },
    codeCounts(surveyId: number): { online: number; offline: number; used: number; revoked: number } {
      return (
        db.get<{ online: number; offline: number; used: number; revoked: number }>(
          `SELECT coalesce(sum(channel = 'online' AND revoked_at IS NULL), 0) AS online,
                  coalesce(sum(channel = 'paper' AND revoked_at IS NULL), 0) AS offline,
                  coalesce(sum(uses), 0) AS used,
                  coalesce(sum(revoked_at IS NOT NULL), 0) AS revoked
           FROM access_codes WHERE survey_id = ?`,
          [surveyId],
        ) ?? { online: 0, offline: 0, used: 0, revoked: 0 }
      );
    },
    responseCounts(surveyId: number): { online: number; offline: number } {
      return (
        db.get<{ online: number; offline: number }>(
          "SELECT coalesce(sum(channel = 'online'), 0) AS online, coalesce(sum(channel <> 'online'), 0) AS offline FROM responses WHERE survey_id = ?",
          [surveyId],
        ) ?? { online: 0, offline: 0 }
      );
    },

    /**
     * Deletes a finished survey's respondent e-mail list everywhere it is kept (issue 11): the outbox rows of its
     * invitations and reminders lose their recipient (and the address wherever it appears in them; a row still
     * queued is marked failed, not sent), the codes lose their link to an address, the manual-reminder records and
     * the respondent_emails rows go, and the draft's copy of the list is removed. Returns the outbox ids scrubbed.
     * Outbox rows are found by their dedupe keys (invite:, remind:, puls-invite:, puls-remind:, manual-remind:
     * <survey id>:...), and an unkeyed row (a manual reminder queued before it had a key) by its recipient being
     * one of the survey's addresses and its text carrying one of the survey's codes.
     */
    purgeRespondentEmails(surveyId: number): number[] {
      const keyed = ['invite', 'remind', 'puls-invite', 'puls-remind', 'manual-remind'].map((kind) => `${kind}:${String(surveyId)}:`);
      // A prefix as a range ('invite:7:' <= key < 'invite:7;'), so the unique index on dedupe_key finds them.
      const ranges = keyed.map(() => '(dedupe_key >= ? AND dedupe_key < ?)').join(' OR ');
      const bounds = keyed.flatMap((p) => [p, `${p.slice(0, -1)};`]);
      const scrubbed = db
        .all<{ id: number }>(
          `UPDATE mail_outbox SET
             status = CASE status WHEN 'queued' THEN 'failed' ELSE status END,
             last_error = CASE status WHEN 'queued' THEN 'not sent: the survey finished and its respondent e-mails were deleted' ELSE replace(last_error, to_address, '') END,
             subject = replace(subject, to_address, ''),
             html = replace(html, to_address, ''),
             text = replace(text, to_address, ''),
             to_address = ''
           WHERE to_address <> '' AND (${ranges}
             OR (dedupe_key IS NULL
                 AND lower(to_address) IN (SELECT lower(email) FROM respondent_emails WHERE application_id = ?)
                 AND EXISTS (SELECT 1 FROM access_codes c WHERE c.survey_id = ? AND instr(mail_outbox.text, substr(c.code, 1, 5) || '-' || substr(c.code, 6)) > 0)))
           RETURNING id`,
          [...bounds, surveyId, surveyId],
        )
        .map((r) => r.id);
      db.run('UPDATE access_codes SET respondent_email_id = NULL WHERE survey_id = ? AND respondent_email_id IS NOT NULL', [surveyId]);
      db.run('DELETE FROM manual_reminders WHERE survey_id = ?', [surveyId]);
      db.run('DELETE FROM respondent_emails WHERE application_id = ?', [surveyId]);
      db.run("UPDATE applications SET draft = json_remove(draft, '$.details.respondent_emails') WHERE id = ? AND json_type(draft, '$.details.respondent_emails') IS NOT NULL", [surveyId]);
      return scrubbed;
    },

    manualReminderSent(surveyId: number, round: number, email: string): boolean {
      return !!db.get('SELECT 1 FROM manual_reminders WHERE survey_id = ? AND round = ? AND email = ?', [surveyId, round, email]);
    },
    recordManualReminder(surveyId: number, round: number, email: string, now: string): void {
      db.run('INSERT INTO manual_reminders (survey_id, round, email, sent_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [surveyId, round, email, now]);
    },
    companyOf(companyId: number): { id: number; name: string; tax_number: string; city: string; employees_total: number } | undefined {
      return db.get('SELECT id, name, tax_number, city, employees_total FROM companies WHERE id = ?', [companyId]);
    },
    /** The company's first user (where company mails go) and its locale. */
    /** The company's name and logo bytes (for the paper forms). */
    companyLogo(companyId: number): { name: string; logo: { content_type: string; bytes: Buffer } | undefined } | undefined {
      const company = db.get<{ name: string; logo_asset_id: string | null }>('SELECT name, logo_asset_id FROM companies WHERE id = ?', [companyId]);
      if (!company) return undefined;
      const logo = company.logo_asset_id ? db.get<{ content_type: string; bytes: Buffer }>('SELECT content_type, bytes FROM assets WHERE id = ?', [company.logo_asset_id]) : undefined;
      return { name: company.name, logo };
    },

    companyContact(companyId: number): { email: string; locale: string } | undefined {
      return db.get('SELECT email, locale FROM users WHERE company_id = ? AND disabled_at IS NULL ORDER BY id LIMIT 1', [companyId]);
    },
  };
}
export type ApplicationsRepo = ReturnType<typeof createApplicationsRepo>;
