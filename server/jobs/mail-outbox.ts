/**
 * The mail outbox worker. Every poll it sends the queued mails that are due:
 * - with SMTP_URL: through nodemailer's SMTP transport; a failure is retried with exponential
 *   backoff (MAIL_RETRY_BASE_MS * 2^(attempts-1), at most 6 h) and marked 'failed' after MAIL_MAX_ATTEMPTS;
 * - without SMTP_URL: rendered as an RFC 822 .eml file under DATA_DIR/outbox/ and marked 'captured'.
 * Before sending, a mail is claimed (its next attempt moved SEND_LEASE_MS ahead in one statement, FOR UPDATE
 * SKIP LOCKED on PostgreSQL), so two server processes on one database never send the same row; a process that dies mid-send
 * leaves the mail to be retried when the lease runs out.
 * It runs on server/lib/polling-loop.ts: the timer is unref'd; stop() clears it and waits for a running pass.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import type { Logger } from '../logger.js';
import { createPollingLoop } from '../lib/polling-loop.js';
import { createMailRepo, type MailRow } from '../modules/mail/mail.repo.js';

/** What the worker needs from a nodemailer transport. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ messageId?: string; message?: unknown }>;
  close?(): void;
}

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
const BATCH = 20;
/** How long a claimed mail is hidden from other workers while one tries to send it. */
const SEND_LEASE_MS = 10 * 60 * 1000;

/** Where a mail captured without SMTP is written (DATA_DIR/outbox/000042.eml). */
export function capturedMailFile(dataDir: string, id: number): string {
  return path.join(dataDir, 'outbox', `${String(id).padStart(6, '0')}.eml`);
}

export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface MailWorker {
  /** One pass over the due mails; resolves with how many were handled. */
  tick(): Promise<number>;
  /** Runs a pass soon (after an enqueue) when the worker is started. */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
  readonly mode: 'smtp' | 'capture';
}

export function createMailWorker(deps: {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'mailMaxAttempts' | 'mailPollIntervalMs' | 'mailRetryBaseMs'>;
  logger: Logger;
  /** Overrides the transport (tests). */
  transport?: MailTransport;
}): MailWorker {
  const { db, config, logger } = deps;
  const repo = createMailRepo(db);
  const mode: 'smtp' | 'capture' = deps.transport || config.smtpUrl ? 'smtp' : 'capture';
  const transport: MailTransport =
    deps.transport ??
    (config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  const outboxDir = path.join(config.dataDir, 'outbox');

  async function deliver(mail: MailRow): Promise<void> {
    const message: SendMailOptions = {
      from: config.mailFrom,
      to: mail.to_address,
      replyTo: mail.reply_to ?? undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: { 'Content-Language': mail.locale, 'X-IZZ-Outbox-Id': String(mail.id) },
    };
    const now = () => new Date().toISOString();
    try {
      const info = await transport.sendMail(message);
      if (mode === 'capture') {
        fs.mkdirSync(outboxDir, { recursive: true });
        const file = capturedMailFile(config.dataDir, mail.id);
        fs.writeFileSync(file, info.message as Buffer);
        await repo.markDelivered(mail.id, 'captured', now());
        logger.info({ mailId: mail.id, file }, 'mail captured');
      } else {
        await repo.markDelivered(mail.id, 'sent', now());
        logger.info({ mailId: mail.id, messageId: info.messageId }, 'mail sent');
      }
    } catch (error) {
      const attempts = mail.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      if (attempts >= config.mailMaxAttempts) {
        await repo.markFailed(mail.id, attempts, reason);
        logger.error({ mailId: mail.id, attempts, err: error }, 'mail failed permanently');
      } else {
        const next = new Date(Date.now() + backoffMs(attempts, config.mailRetryBaseMs)).toISOString();
        await repo.markRetry(mail.id, attempts, next, reason);
        logger.warn({ mailId: mail.id, attempts, nextAttemptAt: next, err: error }, 'mail send failed, will retry');
      }
    }
  }

  async function pass(): Promise<number> {
    if (loop.stopped || !db.open) return 0;
    let handled = 0;
    while (handled < BATCH && !loop.stopped && db.open) {
      const now = Date.now();
      const mail = await repo.claimNext(new Date(now).toISOString(), new Date(now + SEND_LEASE_MS).toISOString());
      if (!mail) break;
      await deliver(mail);
      handled += 1;
    }
    return handled;
  }

  const loop = createPollingLoop({
    intervalMs: config.mailPollIntervalMs,
    pass,
    onError: (error) => logger.error({ err: error }, 'mail worker pass failed'),
    firstPass: 'now',
  });

  return {
    mode,
    tick: loop.tick,
    // Only a started worker reacts to enqueues; a stopped or never-started one is driven by tick().
    kick: loop.kick,
    start: loop.start,
    async stop() {
      await loop.stop();
      transport.close?.();
    },
  };
}
