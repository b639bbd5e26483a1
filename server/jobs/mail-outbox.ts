/**
 * The mail outbox worker. Every poll it sends the queued mails that are due:
 * - with SMTP_URL: through nodemailer's SMTP transport; a failure is retried with exponential
 *   backoff (MAIL_RETRY_BASE_MS * 2^(attempts-1), at most 6 h) and marked 'failed' after MAIL_MAX_ATTEMPTS;
 * - without SMTP_URL: rendered as an RFC 822 .eml file under DATA_DIR/outbox/ and marked 'captured'.
 * Before sending, a mail is claimed (its next attempt moved MAIL_CLAIM_MS ahead in one statement, FOR UPDATE
 * SKIP LOCKED on PostgreSQL), so two server processes on one database never send the same row. While the send lasts,
 * a heartbeat (server/lib/heartbeat.ts) renews the claim every third of it, so a slow SMTP server keeps its mail; a
 * process that dies mid-send renews nothing, and another instance sends the mail once the claim runs out, within
 * MAIL_CLAIM_MS (docs/decisions/0003-claims-and-heartbeats.md "Claims and heartbeats"). An outcome is recorded only while the claim
 * is still the worker's (a compare-and-set on the claim's end), so a worker that stalled past it cannot undo the
 * send of the worker that took over.
 * It runs on server/lib/polling-loop.ts: the timer is unref'd; stop() clears it and waits for a running pass.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import type { Logger } from '../logger.js';
import { DEFAULT_MAIL_CLAIM_MS, startHeartbeat } from '../lib/heartbeat.js';
import { createPollingLoop } from '../lib/polling-loop.js';
import { createMailRepo, type MailRow } from '../modules/mail/index.js';

/** What the worker needs from a nodemailer transport. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ messageId?: string; message?: unknown }>;
  close?(): void;
}

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
const BATCH = 20;
/**
 * How long a claim hides a mail from other workers by default (MAIL_CLAIM_MS in the environment sets it): the longest a
 * dead instance's mail waits. The sender's heartbeat renews it every third of it while the send lasts.
 */
export const MAIL_CLAIM_MS = DEFAULT_MAIL_CLAIM_MS;

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
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'mailMaxAttempts' | 'mailPollIntervalMs' | 'mailRetryBaseMs'> & Partial<Pick<Config, 'mailClaimMs'>>;
  logger: Logger;
  /** Overrides the transport (tests). */
  transport?: MailTransport;
  /** The worker's clock in ms (default Date.now; tests move a test clock). Enqueued mails are due from the real time. */
  now?: () => number;
  /** How often a claim is renewed while its mail is being sent (default a third of the claim). */
  heartbeatMs?: number;
}): MailWorker {
  const { db, config, logger } = deps;
  const now = deps.now ?? Date.now;
  const claimMs = config.mailClaimMs ?? MAIL_CLAIM_MS;
  const heartbeatMs = deps.heartbeatMs ?? Math.floor(claimMs / 3);
  const iso = (ms: number) => new Date(ms).toISOString();
  const repo = createMailRepo(db);
  const mode: 'smtp' | 'capture' = deps.transport || config.smtpUrl ? 'smtp' : 'capture';
  const transport: MailTransport =
    deps.transport ??
    (config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  const outboxDir = path.join(config.dataDir, 'outbox');

  /** Sends one claimed mail; `claim` is the claim's end the worker wrote, renewed by the heartbeat while the send lasts. */
  async function deliver(mail: MailRow, claim: string): Promise<void> {
    const message: SendMailOptions = {
      from: config.mailFrom,
      to: mail.to_address,
      replyTo: mail.reply_to ?? undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: { 'Content-Language': mail.locale, 'X-IZZ-Outbox-Id': String(mail.id) },
    };
    let held = claim;
    const heartbeat = startHeartbeat({
      intervalMs: heartbeatMs,
      async renew() {
        if (!db.open) return null;
        const until = iso(now() + claimMs);
        if (until === held) return true;
        if (!(await repo.renewClaim(mail.id, held, until))) return false;
        held = until;
        return true;
      },
      onLost: () => logger.warn({ mailId: mail.id }, 'mail claim was taken over while sending (the send outlasted it)'),
      onError: (error) => logger.warn({ mailId: mail.id, err: error }, 'mail claim could not be renewed'),
    });
    try {
      const info = await transport.sendMail(message);
      await heartbeat.stop();
      // Sent: recorded whatever became of the claim (the mail went out).
      if (mode === 'capture') {
        fs.mkdirSync(outboxDir, { recursive: true });
        const file = capturedMailFile(config.dataDir, mail.id);
        fs.writeFileSync(file, info.message as Buffer);
        await repo.markDelivered(mail.id, 'captured', iso(now()));
        logger.info({ mailId: mail.id, file }, 'mail captured');
      } else {
        await repo.markDelivered(mail.id, 'sent', iso(now()));
        logger.info({ mailId: mail.id, messageId: info.messageId }, 'mail sent');
      }
    } catch (error) {
      await heartbeat.stop();
      const attempts = mail.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      // Recorded only while the claim is still this worker's: one that stalled past it leaves the mail to the
      // worker that took it over.
      if (attempts >= config.mailMaxAttempts) {
        if (await repo.markFailed(mail.id, attempts, reason, held)) logger.error({ mailId: mail.id, attempts, err: error }, 'mail failed permanently');
        else logger.warn({ mailId: mail.id, attempts, err: error }, 'mail send failed after its claim was taken over');
      } else {
        const next = iso(now() + backoffMs(attempts, config.mailRetryBaseMs));
        if (await repo.markRetry(mail.id, attempts, next, reason, held)) logger.warn({ mailId: mail.id, attempts, nextAttemptAt: next, err: error }, 'mail send failed, will retry');
        else logger.warn({ mailId: mail.id, attempts, err: error }, 'mail send failed after its claim was taken over');
      }
    }
  }

  async function pass(): Promise<number> {
    if (loop.stopped || !db.open) return 0;
    let handled = 0;
    while (handled < BATCH && !loop.stopped && db.open) {
      const at = now();
      const claim = iso(at + claimMs);
      const mail = await repo.claimNext(iso(at), claim);
      if (!mail) break;
      await deliver(mail, claim);
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
