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
     * Claims the oldest due mail for one send attempt (its next attempt moved to leaseUntil, so no other
     * worker sees it until the claim runs out; the sender's heartbeat renews it) and returns it; undefined when none is due. One statement:
     * the due condition stands in the outer WHERE too, so a claim that lost a race changes nothing. On
     * PostgreSQL the candidate is taken FOR UPDATE SKIP LOCKED, so instances polling at the same moment
     * each get a different mail instead of queueing on the same row (SQLite has one writer at a time).
     */
    async claimNext(now: string, leaseUntil: string): Promise<MailRow | undefined> {
      const due = `status = 'queued' AND next_attempt_at <= @now`;
      return await db.get<MailRow>(
        `UPDATE mail_outbox SET next_attempt_at = @leaseUntil
         WHERE id = (
           SELECT id FROM mail_outbox
           WHERE ${due}
           ORDER BY next_attempt_at, id
           LIMIT 1${db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''}
         ) AND ${due}
         RETURNING *`,
        { now, leaseUntil },
      );
    },
    /**
     * The heartbeat of a claim: moves a queued mail's next attempt from `held` (the claim's end this worker wrote) to
     * `until`. False when the claim is not the worker's any more (it ran out and another worker claimed the mail, or
     * the mail was finished): a compare-and-set on the value, as exact as a claim id, since a new claim always ends
     * later than the one it replaced.
     */
    async renewClaim(id: number, held: string, until: string): Promise<boolean> {
      return (await db.run(`UPDATE mail_outbox SET next_attempt_at = ? WHERE id = ? AND status = 'queued' AND next_attempt_at = ?`, [until, id, held])).changes === 1;
    },
    async findById(id: number): Promise<MailRow | undefined> {
      return await db.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]);
    },
    async markDelivered(id: number, status: 'sent' | 'captured', now: string): Promise<void> {
      await db.run(`UPDATE mail_outbox SET status = ?, attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ?`, [status, now, id]);
    },
    /** A failed attempt, recorded only while the claim (`held`) is still this worker's; false when it is not. */
    async markRetry(id: number, attempts: number, nextAttemptAt: string, error: string, held: string): Promise<boolean> {
      return (await db.run(`UPDATE mail_outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND status = 'queued' AND next_attempt_at = ?`, [attempts, nextAttemptAt, error, id, held])).changes === 1;
    },
    /** The last failed attempt, recorded only while the claim (`held`) is still this worker's; false when it is not. */
    async markFailed(id: number, attempts: number, error: string, held: string): Promise<boolean> {
      return (await db.run(`UPDATE mail_outbox SET status = 'failed', attempts = ?, last_error = ? WHERE id = ? AND status = 'queued' AND next_attempt_at = ?`, [attempts, error, id, held])).changes === 1;
    },
  };
}
export type MailRepo = ReturnType<typeof createMailRepo>;
