import type { Db } from '../../db/connection.js';

export type MailStatus = 'queued' | 'sent' | 'captured' | 'failed';

export interface MailRow {
  id: number;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  locale: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The mail's identity for idempotent enqueues (unique; null for ordinary mails). */
  dedupe_key: string | null;
}

export function createMailRepo(db: Db) {
  return {
    async insert(mail: { to: string; replyTo: string | null; subject: string; html: string; text: string; locale: string; now: string }): Promise<number> {
      return await db.insert(
        `INSERT INTO mail_outbox (to_address, reply_to, subject, html, text, locale, status, attempts, next_attempt_at, created_at)
         VALUES (@to, @replyTo, @subject, @html, @text, @locale, 'queued', 0, @now, @now)`,
        mail,
      );
    },
    /**
     * Inserts the mail unless one with the same dedupe key exists. Returns the new row's id
     * (created: true) or the existing row's id (created: false).
     */
    async insertOnce(mail: { to: string; replyTo: string | null; subject: string; html: string; text: string; locale: string; now: string; dedupeKey: string }): Promise<{ id: number; created: boolean }> {
      const inserted = await db.get<{ id: number }>(
        `INSERT INTO mail_outbox (to_address, reply_to, subject, html, text, locale, status, attempts, next_attempt_at, created_at, dedupe_key)
         VALUES (@to, @replyTo, @subject, @html, @text, @locale, 'queued', 0, @now, @now, @dedupeKey)
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING id`,
        mail,
      );
      if (inserted) return { id: inserted.id, created: true };
      const existing = await db.get<{ id: number }>('SELECT id FROM mail_outbox WHERE dedupe_key = ?', [mail.dedupeKey]);
      if (!existing) throw new Error(`mail_outbox: dedupe key ${mail.dedupeKey} conflicted but no row was found`);
      return { id: existing.id, created: false };
    },
    /**
     * Claims a due mail for one send attempt: moves its next attempt to leaseUntil, but only when
     * no other worker (another server process on the same database) has claimed it since it was read.
     */
    async claim(id: number, seenNextAttemptAt: string, leaseUntil: string): Promise<boolean> {
      return (
        (await db.run(`UPDATE mail_outbox SET next_attempt_at = ? WHERE id = ? AND status = 'queued' AND next_attempt_at = ?`, [leaseUntil, id, seenNextAttemptAt]))
          .changes === 1
      );
    },
    async findById(id: number): Promise<MailRow | undefined> {
      return await db.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]);
    },
    /** Queued mails whose next attempt is due, oldest first. */
    async findDue(now: string, limit: number): Promise<MailRow[]> {
      return await db.all<MailRow>(
        `SELECT * FROM mail_outbox WHERE status = 'queued' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
        [now, limit],
      );
    },
    async markDelivered(id: number, status: 'sent' | 'captured', now: string): Promise<void> {
      await db.run(`UPDATE mail_outbox SET status = ?, attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ?`, [status, now, id]);
    },
    async markRetry(id: number, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
      await db.run(`UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?`, [attempts, nextAttemptAt, error, id]);
    },
    async markFailed(id: number, attempts: number, error: string): Promise<void> {
      await db.run(`UPDATE mail_outbox SET status = 'failed', attempts = ?, last_error = ? WHERE id = ?`, [attempts, error, id]);
    },
  };
}
export type MailRepo = ReturnType<typeof createMailRepo>;
