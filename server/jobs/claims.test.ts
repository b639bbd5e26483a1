/**
 * Claims that outlive their holder only briefly (docs/decisions/0003-claims-and-heartbeats.md "Claims and heartbeats"). Two
 * instances — two connections (SQLite) or two pools (PostgreSQL, the node-pg project) to one database, each with its
 * own mail worker or scheduler — and one test clock. Instance A claims a mail (its SMTP send hangs) or an invitation
 * run (its handler hangs); while A lives, its heartbeat keeps the claim however long the work takes, and B leaves it
 * alone. Then A dies: its heartbeat stops (its database connection is gone, as after a SIGKILL) without releasing
 * anything. B sends the mail / resumes the run as soon as the claim A last renewed runs out: within MAIL_CLAIM_MS /
 * DEFAULT_LEASE_MS (30 s) of A's death, not after 10 or 5 minutes. Time moves by hand; nothing sleeps, the test waits
 * for the heartbeat's write.
 */
import fs from 'node:fs';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/connection.js';
import type { MailRow } from '../modules/mail/mail.repo.js';
import { createMailService } from '../modules/mail/mail.service.js';
import { createTestClock, makeTempDir, openTestDatabase, type TestClock } from '../test/helpers.js';
import { capturedMailFile, createMailWorker, MAIL_CLAIM_MS, type MailTransport, type MailWorker } from './mail-outbox.js';
import { createScheduler, DEFAULT_LEASE_MS, type Scheduler } from './scheduler.js';

const logger = pino({ level: 'silent' });
const START = '2030-04-01T08:00:00.000Z';
/** The heartbeat's period in these tests (real time; the claims' times come from the test clock). */
const BEAT_MS = 5;

let dir: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let clock: TestClock;
const opened: Db[] = [];
const stops: (() => Promise<void>)[] = [];

function open(): Db {
  const db = database.reopen();
  opened.push(db);
  return db;
}

/** Something that never finishes until the test lets it (A's hanging SMTP send, A's long invitation run). */
function gate() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

beforeEach(async () => {
  dir = makeTempDir('izz-claims-');
  clock = createTestClock(START);
  database = await openTestDatabase(dir);
  opened.push(database.db);
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const db of opened.splice(0)) if (db.open) await db.close();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('claims with a heartbeat, two instances', () => {
  it('a mail the dead instance had claimed is sent by the other within 30 seconds of its death', async () => {
    expect(MAIL_CLAIM_MS).toBeLessThanOrEqual(30_000);
    const dbA = open();
    const dbB = open();
    const config = { smtpUrl: null, mailFrom: 'IZZ <no-reply@izz.example>', dataDir: dir, mailMaxAttempts: 5, mailPollIntervalMs: 1000, mailRetryBaseMs: 60_000 };
    const hang = gate();
    const attempts: string[] = [];
    const hanging: MailTransport = {
      sendMail: async (message) => {
        attempts.push(String(message.to));
        await hang.released;
        throw new Error('connection reset');
      },
    };
    const now = () => clock().getTime();
    const a: MailWorker = createMailWorker({ db: dbA, config, logger, transport: hanging, now, heartbeatMs: BEAT_MS });
    const b: MailWorker = createMailWorker({ db: dbB, config, logger, now, heartbeatMs: BEAT_MS });
    stops.push(() => b.stop());
    const id = await createMailService({ db: dbA }).enqueue({ to: 'employee@example.org', subject: 'Invitation', html: '<p>Hi</p>', text: 'Hi', locale: 'sl' });
    const claimUntil = async () => Date.parse((await dbB.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]))!.next_attempt_at);

    // A claims the mail and its SMTP send hangs.
    const aPass = a.tick().catch(() => 0);
    await vi.waitFor(() => expect(attempts).toEqual(['employee@example.org']), { interval: 5 });
    expect(await claimUntil()).toBe(now() + MAIL_CLAIM_MS);
    expect(await b.tick()).toBe(0);

    // A lives on, its send still hanging: its heartbeat moves the claim ahead, so B leaves the mail alone well past
    // the first claim's end.
    for (let step = 0; step < 3; step++) {
      clock.advance(MAIL_CLAIM_MS - 5_000);
      await vi.waitFor(async () => expect(await claimUntil()).toBe(now() + MAIL_CLAIM_MS), { interval: 5 });
      expect(await b.tick()).toBe(0);
    }

    // A dies: its connection is gone and its heartbeat with it; nothing is released.
    await dbA.close();
    const diedAt = now();
    const lastClaim = await claimUntil();
    expect(lastClaim - diedAt).toBeLessThanOrEqual(MAIL_CLAIM_MS);
    clock.set(new Date(lastClaim - 1));
    expect(await b.tick()).toBe(0); // still A's, to the millisecond
    clock.advance(1);
    expect(await b.tick()).toBe(1);
    const row = (await dbB.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]))!;
    expect(row.status).toBe('captured');
    expect(Date.parse(row.sent_at!) - diedAt).toBeLessThanOrEqual(MAIL_CLAIM_MS);
    expect(fs.existsSync(capturedMailFile(dir, id))).toBe(true);

    hang.release();
    await aPass;
    await a.stop();
    // A's late failure changes nothing: the mail stays captured.
    expect((await dbB.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]))!.status).toBe('captured');
  });

  it('an invitation run the dead instance had claimed is resumed by the other within 30 seconds of its death', async () => {
    expect(DEFAULT_LEASE_MS).toBeLessThanOrEqual(30_000);
    const dbA = open();
    const dbB = open();
    const make = (db: Db, workerId: string): Scheduler => createScheduler({ db, logger, clock, workerId, pollIntervalMs: 1000, heartbeatMs: BEAT_MS });
    const a = make(dbA, 'A');
    const b = make(dbB, 'B');
    stops.push(() => b.stop());
    const hang = gate();
    const runs: string[] = [];
    a.register('invite', async () => {
      runs.push('A');
      await hang.released;
    });
    b.register('invite', async () => {
      runs.push('B');
    });
    const id = await a.schedule({ kind: 'invite', payload: { surveyId: 42 }, runAt: START, dedupeKey: 'invite:42:1' });
    const lockedUntil = async () => Date.parse((await b.get(id))!.lockedUntil!);

    const aTick = a.tick().catch(() => 0);
    await vi.waitFor(() => expect(runs).toEqual(['A']), { interval: 5 });
    expect(await b.get(id)).toMatchObject({ status: 'running', lockedBy: 'A', attempts: 1 });
    expect(await lockedUntil()).toBe(clock().getTime() + DEFAULT_LEASE_MS);

    // A's run goes on for minutes: its heartbeat keeps the claim, B does not start a second run.
    for (let step = 0; step < 12; step++) {
      clock.advance(DEFAULT_LEASE_MS - 5_000);
      await vi.waitFor(async () => expect(await lockedUntil()).toBe(clock().getTime() + DEFAULT_LEASE_MS), { interval: 5 });
      expect(await b.tick()).toBe(0);
    }
    expect(runs).toEqual(['A']);

    // A dies mid-run.
    await dbA.close();
    const diedAt = clock().getTime();
    const lastClaim = await lockedUntil();
    expect(lastClaim - diedAt).toBeLessThanOrEqual(DEFAULT_LEASE_MS);
    clock.set(new Date(lastClaim));
    expect(await b.tick()).toBe(0);
    clock.advance(1);
    expect(await b.tick()).toBe(1);
    expect(runs).toEqual(['A', 'B']);
    expect(await b.get(id)).toMatchObject({ status: 'done', attempts: 2 });

    hang.release();
    await aTick;
    await a.stop();
    expect(await b.get(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a holder that stalled past its claim does not overwrite the run that took over', async () => {
    const dbA = open();
    const dbB = open();
    // A's heartbeat is slower than its lease (it stalls); B takes the job over once the lease ran out.
    const a = createScheduler({ db: dbA, logger, clock, workerId: 'A', pollIntervalMs: 1000, leaseMs: 30_000, heartbeatMs: 60 * 60_000 });
    const b = createScheduler({ db: dbB, logger, clock, workerId: 'B', pollIntervalMs: 1000, heartbeatMs: BEAT_MS });
    stops.push(() => a.stop(), () => b.stop());
    const hang = gate();
    const runs: string[] = [];
    a.register('invite', async () => {
      runs.push('A');
      await hang.released;
    });
    b.register('invite', async () => {
      runs.push('B');
    });
    const id = await a.schedule({ kind: 'invite', payload: { surveyId: 43 }, runAt: START });
    const aTick = a.tick();
    await vi.waitFor(() => expect(runs).toEqual(['A']), { interval: 5 });
    clock.advance(30_001);
    expect(await b.tick()).toBe(1);
    hang.release();
    await aTick;
    // A's finish does not overwrite B's: the job is B's, done once more.
    expect(await b.get(id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    expect(runs).toEqual(['A', 'B']);
  });
});

// The SQLite path of the mail worker with one instance: a claimed mail is sent once however long the send takes.
describe('one instance', () => {
  it('keeps the claim of a slow send and sends the mail once', async () => {
    const db = open();
    const slow = gate();
    let sends = 0;
    const transport: MailTransport = {
      sendMail: async () => {
        sends += 1;
        await slow.released;
        return { messageId: '<1@test>' };
      },
    };
    const now = () => clock().getTime();
    const config = { smtpUrl: null, mailFrom: 'IZZ <no-reply@izz.example>', dataDir: dir, mailMaxAttempts: 5, mailPollIntervalMs: 1000, mailRetryBaseMs: 60_000 };
    const worker = createMailWorker({ db, config, logger, transport, now, heartbeatMs: BEAT_MS });
    stops.push(() => worker.stop());
    const id = await createMailService({ db }).enqueue({ to: 'slow@example.org', subject: 'S', html: '<p>S</p>', text: 'S', locale: 'en' });
    const first = worker.tick();
    await vi.waitFor(() => expect(sends).toBe(1), { interval: 5 });
    clock.advance(10 * MAIL_CLAIM_MS);
    await vi.waitFor(async () => expect(Date.parse((await db.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]))!.next_attempt_at)).toBe(now() + MAIL_CLAIM_MS), { interval: 5 });
    slow.release();
    expect(await first).toBe(1);
    expect(await worker.tick()).toBe(0);
    expect(sends).toBe(1);
    expect((await db.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]))!.status).toBe('sent');
  });
});
