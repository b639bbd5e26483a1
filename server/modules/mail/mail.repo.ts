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
}

export function createMailRepo(db: Db) {
  return {
    insert(mail: { to: string; replyTo: string | null; subject: string; html: string; text: string; locale: string; now: string }): number {
      const result = db.run(
        `INSERT INTO mail_outbox (to_address, reply_to, subject, html, text, locale, status, attempts, next_attempt_at, created_at)
         VALUES (@to, @replyTo, @subject, @html, @text, @locale, 'queued', 0, @now, @now)`,
        mail,
      );
      return Number(result.lastInsertRowid);
    },
    findById(id: number): MailRow | undefined {
      return db.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]);
    },
    /** Queued mails whose next attempt is due, oldest first. */
    findDue(now: string, limit: number): MailRow[] {
      return db.all<MailRow>(
        `SELECT * FROM mail_outbox WHERE status = 'queued' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
        [now, limit],
      );
    },
    markDelivered(id: number, status: 'sent' | 'captured', now: string): void {
      db.run(`UPDATE mail_outbox SET status = ?, attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ?`, [status, now, id]);
    },
    markRetry(id: number, attempts: number, nextAttemptAt: string, error: string): void {
      db.run(`UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?`, [attempts, nextAttemptAt, error, id]);
    },
    markFailed(id: number, attempts: number, error: string): void {
      db.run(`UPDATE mail_outbox SET status = 'failed', attempts = ?, last_error = ? WHERE id = ?`, [attempts, error, id]);
    },
  };
}
export type MailRepo = ReturnType<typeof createMailRepo>;
