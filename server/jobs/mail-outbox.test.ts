import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection.js';
import type { MailRow } from '../modules/mail/mail.repo.js';
import { createMailService } from '../modules/mail/mail.service.js';
import { makeTempDir, openTestDatabase } from '../test/helpers.js';
import { backoffMs, createMailWorker, type MailTransport } from './mail-outbox.js';

let dir: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
const logger = pino({ level: 'silent' });
const baseConfig = () => ({ smtpUrl: null, mailFrom: 'IZZ <no-reply@izz.example>', dataDir: dir, mailMaxAttempts: 3, mailPollIntervalMs: 1000, mailRetryBaseMs: 60_000 });
const mail = { to: 'operator@example.com', replyTo: 'visitor@example.org', subject: 'Pozdrav čž', html: '<p>Živjo</p>', text: 'Živjo', locale: 'sl' };
const row = async (id: number) => await db.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]) as MailRow;

beforeEach(async () => {
  dir = makeTempDir('izz-mail-');
  database = await openTestDatabase(dir);
  db = database.db;
});
afterEach(async () => {
  await db.close();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('mail outbox worker', () => {
  it('without SMTP_URL captures each queued mail as an RFC 822 .eml file', async () => {
    const id = await createMailService({ db }).enqueue(mail);
    const worker = createMailWorker({ db, config: baseConfig(), logger });
    expect(worker.mode).toBe('capture');
    expect(await worker.tick()).toBe(1);
    const stored = await row(id);
    expect(stored.status).toBe('captured');
    expect(stored.attempts).toBe(1);
    expect(stored.sent_at).not.toBeNull();
    const eml = fs.readFileSync(path.join(dir, 'outbox', `${String(id).padStart(6, '0')}.eml`), 'utf8');
    expect(eml).not.toContain('\r\n');
    expect(eml).toMatch(/^From: IZZ <no-reply@izz\.example>$/m);
    expect(eml).toMatch(/^To: operator@example\.com$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(eml).toContain('text/html');
    expect(eml).toContain('text/plain');
    // Nothing is due any more.
    expect(await worker.tick()).toBe(0);
    await worker.stop();
  });

  it('records attempts and exponential backoff on failure, then marks the mail failed', async () => {
    const calls: string[] = [];
    const failing: MailTransport = {
      sendMail: async (message) => {
        calls.push(String(message.to));
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
    };
    const id = await createMailService({ db }).enqueue(mail);
    const worker = createMailWorker({ db, config: baseConfig(), logger, transport: failing });
    expect(worker.mode).toBe('smtp');

    const before = Date.now();
    await worker.tick();
    let stored = await row(id);
    expect(stored).toMatchObject({ status: 'queued', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
    const firstDelay = Date.parse(stored.next_attempt_at) - before;
    expect(firstDelay).toBeGreaterThanOrEqual(60_000 - 50);
    expect(firstDelay).toBeLessThan(60_000 + 1000);

    // Not due yet: a tick does nothing.
    expect(await worker.tick()).toBe(0);
    expect(calls).toHaveLength(1);

    // Make it due: the second failure waits twice as long.
    await db.run("UPDATE mail_outbox SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", [id]);
    const second = Date.now();
    await worker.tick();
    stored = await row(id);
    expect(stored.attempts).toBe(2);
    expect(Date.parse(stored.next_attempt_at) - second).toBeGreaterThanOrEqual(120_000 - 50);

    // The third attempt is the last (MAIL_MAX_ATTEMPTS = 3).
    await db.run("UPDATE mail_outbox SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", [id]);
    await worker.tick();
    stored = await row(id);
    expect(stored).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await worker.tick()).toBe(0);
    expect(calls).toEqual(['operator@example.com', 'operator@example.com', 'operator@example.com']);
    await worker.stop();
  });

  it('marks a mail sent when the transport accepts it', async () => {
    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (message) => (sent.push(message), { messageId: '<1@x>' }) };
    const id = await createMailService({ db }).enqueue(mail);
    const worker = createMailWorker({ db, config: baseConfig(), logger, transport });
    await worker.tick();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent[0]).toMatchObject({ to: 'operator@example.com', replyTo: 'visitor@example.org', subject: 'Pozdrav čž', html: '<p>Živjo</p>', text: 'Živjo' });
    await worker.stop();
  });

  it('started, it sends soon after an enqueue; stopped, it sends nothing', async () => {
    const worker = createMailWorker({ db, config: baseConfig(), logger });
    const service = createMailService({ db, onEnqueue: () => worker.kick() });
    worker.start();
    const id = await service.enqueue(mail);
    await expect.poll(async () => (await row(id)).status, { timeout: 2000 }).toBe('captured');
    await worker.stop();
    const later = await service.enqueue(mail);
    expect(await worker.tick()).toBe(0);
    expect((await row(later)).status).toBe('queued');
  });

  it('enqueue with a dedupe key is a no-op the second time (same id, one row, one kick)', async () => {
    let kicks = 0;
    const service = createMailService({ db, onEnqueue: () => (kicks += 1) });
    const first = await service.enqueue(mail, { dedupeKey: 'invite:survey:1:ana@example.org' });
    const again = await service.enqueue({ ...mail, subject: 'Changed' }, { dedupeKey: 'invite:survey:1:ana@example.org' });
    expect(again).toBe(first);
    expect((await row(first)).subject).toBe(mail.subject);
    expect((await row(first)).dedupe_key).toBe('invite:survey:1:ana@example.org');
    // Without a key every enqueue is a new mail (existing callers).
    await service.enqueue(mail);
    await service.enqueue(mail);
    expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM mail_outbox'))?.n).toBe(3);
    expect(kicks).toBe(3);
  });

  it('two workers on separate connections to one database send each mail once', async () => {
    const other = database.reopen();
    try {
      const sent: string[] = [];
      const transport: MailTransport = {
        sendMail: async (message) => {
          sent.push(String(message.subject));
          await new Promise((resolve) => setImmediate(resolve));
          return { messageId: `<${sent.length}@x>` };
        },
      };
      const service = createMailService({ db });
      for (let i = 0; i < 30; i += 1) await service.enqueue({ ...mail, subject: `Mail ${i}` });
      const a = createMailWorker({ db, config: baseConfig(), logger, transport });
      const b = createMailWorker({ db: other, config: baseConfig(), logger, transport });
      // 30 mails, batches of 20: both workers read overlapping batches; the claim lets only one send each.
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(sent).toHaveLength(30);
      expect(new Set(sent).size).toBe(30);
      expect((await db.get<{ n: number }>("SELECT count(*) AS n FROM mail_outbox WHERE status = 'sent'"))?.n).toBe(30);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await other.close();
    }
  });

  it('doubles the backoff per attempt up to a ceiling', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30, 30_000)).toBe(6 * 60 * 60 * 1000);
  });
});
