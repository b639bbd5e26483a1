/** Outgoing mail goes through the outbox: enqueue() writes a row, the worker (jobs/mail-outbox.ts) sends it. */
import type { Db } from '../../db/connection.js';
import { createMailRepo } from './mail.repo.js';

export interface OutgoingMail {
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  locale: string;
}

export function createMailService(deps: { db: Db; onEnqueue?: () => void }) {
  const repo = createMailRepo(deps.db);
  return {
    /**
     * Stores the mail as 'queued'; returns its outbox id. Safe inside a caller's transaction.
     * With options.dedupeKey (e.g. 'invite:survey:42:employee:7') a repeated enqueue is a no-op that
     * returns the first mail's id: jobs that may run again after a crash use it so a mail is queued once.
     */
    async enqueue(mail: OutgoingMail, options: { dedupeKey?: string } = {}): Promise<number> {
      const row = { ...mail, replyTo: mail.replyTo ?? null, now: new Date().toISOString() };
      if (options.dedupeKey !== undefined) {
        const { id, created } = await repo.insertOnce({ ...row, dedupeKey: options.dedupeKey });
        if (created) deps.onEnqueue?.();
        return id;
      }
      const id = await repo.insert(row);
      deps.onEnqueue?.();
      return id;
    },

    /** As enqueue with a dedupe key; true when the mail is queued now, false when one with the key was queued before. */
    async enqueueOnce(mail: OutgoingMail, dedupeKey: string): Promise<boolean> {
      const { created } = await repo.insertOnce({ ...mail, replyTo: mail.replyTo ?? null, now: new Date().toISOString(), dedupeKey });
      if (created) deps.onEnqueue?.();
      return created;
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
