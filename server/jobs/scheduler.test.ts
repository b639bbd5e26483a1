import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Db } from '../db/connection.js';
import { createTestClock, makeFakeDist, makeTempDir, openTestDatabase, testDatabaseEnv, type TestClock } from '../test/helpers.js';
import { createScheduler, jobBackoffMs, type Scheduler, type SchedulerOptions } from './scheduler.js';
import { ensureEffectsTable, INVITE_KIND, inviteHandler, openJobs, type InvitePayload } from './test-fixtures/invite-handler.js';

const logger = pino({ level: 'silent' });
const START = '2030-03-01T08:00:00.000Z';
const HOUR = 60 * 60 * 1000;

let dir: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let clock: TestClock;
const opened: Db[] = [];
const schedulers: Scheduler[] = [];

/** Another connection (SQLite) or pool (PostgreSQL) to the test's database, as another instance would have. */
function open(): Db {
  const db = database.reopen();
  opened.push(db);
  return db;
}
function scheduler(db: Db, options: Partial<SchedulerOptions> = {}): Scheduler {
  const s = createScheduler({ db, logger, clock, pollIntervalMs: 1000, leaseMs: 60_000, retryBaseMs: 1000, ...options });
  schedulers.push(s);
  return s;
}
const invite = (surveyId: number, to = `employee${surveyId}@example.org`): InvitePayload => ({ surveyId, to });
const effects = async (db: Db) => await db.all<{ job_id: number; n: number }>('SELECT job_id, count(*) AS n FROM test_effects GROUP BY job_id ORDER BY job_id');
const mailsTo = async (db: Db, to: string) => (await db.get<{ n: number }>('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?', [to]))?.n ?? 0;

beforeEach(async () => {
  dir = makeTempDir('izz-jobs-');
  clock = createTestClock(START);
  database = await openTestDatabase(dir);
  opened.push(database.db);
  await ensureEffectsTable(database.db);
});
afterEach(async () => {
  for (const s of schedulers.splice(0)) await s.stop();
  for (const db of opened.splice(0)) await db.close();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('job scheduler', () => {
  it('runs a due job once and records it as done', async () => {
    const db = open();
    const s = scheduler(db);
    const calls: number[] = [];
    s.register(INVITE_KIND, inviteHandler(db, calls));
    const id = await s.schedule({ kind: INVITE_KIND, payload: invite(1), runAt: START });

    expect(await s.tick()).toBe(1);
    expect(await s.tick()).toBe(0);
    expect(calls).toEqual([id]);
    expect(await s.get(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedBy: null, lockedUntil: null, finishedAt: START });
    expect((await s.get(id))?.payload).toEqual(invite(1));
    expect(await mailsTo(db, 'employee1@example.org')).toBe(1);
  });

  it('does not run a future job until the clock reaches its run_at', async () => {
    const db = open();
    const s = scheduler(db);
    const calls: number[] = [];
    s.register(INVITE_KIND, inviteHandler(db, calls));
    const runAt = new Date(Date.parse(START) + 2 * HOUR);
    const id = await s.schedule({ kind: INVITE_KIND, payload: invite(1), runAt });

    expect(await s.tick()).toBe(0);
    clock.advance(2 * HOUR - 1);
    expect(await s.tick()).toBe(0);
    expect((await s.get(id))?.status).toBe('pending');
    clock.advance(1);
    expect(await s.tick()).toBe(1);
    expect(calls).toEqual([id]);
  });

  it('two worker instances on one database send each invitation once', async () => {
    const dbA = open();
    const dbB = open();
    const a = scheduler(dbA, { workerId: 'worker-a' });
    const b = scheduler(dbB, { workerId: 'worker-b' });
    const callsA: number[] = [];
    const callsB: number[] = [];
    a.register(INVITE_KIND, inviteHandler(dbA, callsA));
    b.register(INVITE_KIND, inviteHandler(dbB, callsB));
    const count = 60;
    // Both instances schedule every job (dedupe keys make the second a no-op), half of them due later.
    for (const s of [a, b]) {
      for (let i = 1; i <= count; i += 1) {
        await s.schedule({ kind: INVITE_KIND, payload: invite(i), runAt: new Date(Date.parse(START) + (i % 2) * HOUR), dedupeKey: `invite:survey:${i}` });
      }
    }
    expect((await dbA.get<{ n: number }>('SELECT count(*) AS n FROM jobs'))?.n).toBe(count);

    const loop = async (s: Scheduler, db: Db) => {
      while (await openJobs(db) > 0 && (await db.get<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE status = 'pending' AND run_at <= ?", [clock().toISOString()]))?.n) {
        await Promise.all([s.tick(), s.tick()]);
      }
    };
    await Promise.all([loop(a, dbA), loop(b, dbB), a.tick(), b.tick()]);
    expect(callsA.length + callsB.length).toBe(count / 2);
    clock.advance(HOUR);
    await Promise.all([loop(a, dbA), loop(b, dbB), a.tick(), b.tick(), a.tick()]);

    const all = [...callsA, ...callsB];
    expect(all).toHaveLength(count);
    expect(new Set(all).size).toBe(count);
    // Both really worked (the test proves interleaving, not one instance doing everything).
    expect(callsA.length).toBeGreaterThan(0);
    expect(callsB.length).toBeGreaterThan(0);
    expect((await effects(dbA)).every((row) => row.n === 1)).toBe(true);
    expect(await effects(dbA)).toHaveLength(count);
    expect((await dbA.get<{ n: number }>('SELECT count(*) AS n FROM mail_outbox'))?.n).toBe(count);
    expect(await a.list({ status: 'done' })).toHaveLength(count);
  });

  it('a restart between schedule and run still sends it once (createApp, the job fell due while the server was down)', async () => {
    const dataDir = makeTempDir('izz-jobs-app-');
    const appDatabase = await testDatabaseEnv();
    const config = loadConfig({
      ...appDatabase.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      STATIC_DIR: makeFakeDist(dataDir),
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-secret-1',
      SEED_DEMO: 'false',
    });
    const appClock = createTestClock(START);
    try {
      const first = await createApp(config, { logger, clock: appClock, startScheduler: false, startMailWorker: false });
      expect(first.clock).toBe(appClock);
      const firstCalls: number[] = [];
      first.scheduler.register(INVITE_KIND, inviteHandler(first.db, firstCalls));
      await ensureEffectsTable(first.db);
      const id = await first.scheduler.schedule({ kind: INVITE_KIND, payload: invite(7), runAt: new Date(Date.parse(START) + HOUR), dedupeKey: 'invite:survey:7' });
      expect(await first.scheduler.tick()).toBe(0);
      await first.close();
      expect(first.db.open).toBe(false);

      // Down for a day; the new process starts its timer and the missed job runs without a tick from the test.
      appClock.advance(24 * HOUR);
      const second = await createApp(config, { logger, clock: appClock, startMailWorker: false });
      const secondCalls: number[] = [];
      second.scheduler.register(INVITE_KIND, inviteHandler(second.db, secondCalls));
      await vi.waitFor(async () => expect((await second.scheduler.get(id))?.status).toBe('done'), { timeout: 3000, interval: 10 });
      expect(await second.scheduler.tick()).toBe(0);
      // Scheduling the same logical job again after the restart changes nothing.
      expect(await second.scheduler.schedule({ kind: INVITE_KIND, payload: invite(7), runAt: START, dedupeKey: 'invite:survey:7' })).toBe(id);
      expect(await second.scheduler.tick()).toBe(0);
      expect(firstCalls).toEqual([]);
      expect(secondCalls).toEqual([id]);
      expect(await mailsTo(second.db, 'employee7@example.org')).toBe(1);
      await second.close();
    } finally {
      await appDatabase.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reclaims a job whose worker crashed (lease expired); the mail it had queued is not queued again', async () => {
    const db = open();
    const s = scheduler(db, { workerId: 'survivor' });
    const calls: number[] = [];
    s.register(INVITE_KIND, inviteHandler(db, calls));
    const id = await s.schedule({ kind: INVITE_KIND, payload: invite(3), runAt: START, dedupeKey: 'invite:survey:3' });
    // A worker claimed it, queued the mail, and died before marking the job done.
    await db.run("UPDATE jobs SET status = 'running', locked_by = 'crashed', locked_until = ?, attempts = 1 WHERE id = ?", [
      new Date(Date.parse(START) + 60_000).toISOString(),
      id,
    ]);
    await inviteHandler(db, [])(invite(3), { job: (await s.get(id))!, now: clock() } as never);

    expect(await s.tick()).toBe(0); // the lease is still valid
    clock.advance(60_001);
    expect(await s.tick()).toBe(1);
    expect(calls).toEqual([id]);
    expect(await s.get(id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    expect(await mailsTo(db, 'employee3@example.org')).toBe(1);
  });

  it('fails a reclaimed job whose crashed attempt was its last one', async () => {
    const db = open();
    const s = scheduler(db);
    const calls: number[] = [];
    s.register(INVITE_KIND, inviteHandler(db, calls));
    const id = await s.schedule({ kind: INVITE_KIND, payload: invite(4), runAt: START, maxAttempts: 1 });
    await db.run("UPDATE jobs SET status = 'running', locked_by = 'crashed', locked_until = ?, attempts = 1 WHERE id = ?", [START, id]);
    clock.advance(1);
    expect(await s.tick()).toBe(1);
    expect(calls).toEqual([]);
    expect(await s.get(id)).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/lease expired/) });
  });

  it('retries a failing handler with exponential backoff, then marks the job failed with last_error', async () => {
    const db = open();
    const s = scheduler(db, { retryBaseMs: 1000 });
    let calls = 0;
    s.register('flaky', async () => {
      calls += 1;
      throw new Error(`SMTP down (${calls})`);
    });
    const id = await s.schedule({ kind: 'flaky', payload: {}, runAt: START, maxAttempts: 3 });

    expect(await s.tick()).toBe(1);
    expect(await s.get(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP down (1)', runAt: new Date(Date.parse(START) + 1000).toISOString() });
    clock.advance(999);
    expect(await s.tick()).toBe(0);
    clock.advance(1);
    expect(await s.tick()).toBe(1);
    expect(await s.get(id)).toMatchObject({ status: 'pending', attempts: 2, runAt: new Date(clock().getTime() + 2000).toISOString() });
    expect(jobBackoffMs(2, 1000)).toBe(2000);
    clock.advance(2000);
    expect(await s.tick()).toBe(1);
    expect(await s.get(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'SMTP down (3)', finishedAt: clock().toISOString() });
    clock.advance(HOUR);
    expect(await s.tick()).toBe(0);
    expect(calls).toBe(3);
  });

  it('fails a job of an unknown kind with a clear error', async () => {
    const s = scheduler(open());
    const id = await s.schedule({ kind: 'no-such-kind', payload: { x: 1 }, runAt: START });
    expect(await s.tick()).toBe(1);
    expect(await s.get(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'no handler registered for job kind "no-such-kind"' });
  });

  it('makes double scheduling with a dedupe key a no-op', async () => {
    const db = open();
    const s = scheduler(db);
    const first = await s.schedule({ kind: INVITE_KIND, payload: invite(5), runAt: START, dedupeKey: 'invite:survey:5' });
    const again = await s.schedule({ kind: INVITE_KIND, payload: invite(5, 'other@example.org'), runAt: '2031-01-01T00:00:00.000Z', dedupeKey: 'invite:survey:5' });
    expect(again).toBe(first);
    expect(await s.list()).toHaveLength(1);
    expect(await s.get(first)).toMatchObject({ runAt: START, payload: invite(5) });
    // Without a key every schedule is a new job.
    await s.schedule({ kind: INVITE_KIND, payload: invite(6), runAt: START });
    await s.schedule({ kind: INVITE_KIND, payload: invite(6), runAt: START });
    expect(await s.list({ kind: INVITE_KIND })).toHaveLength(3);
    expect(() => s.register(INVITE_KIND, async () => undefined)).not.toThrow();
    expect(() => s.register(INVITE_KIND, async () => undefined)).toThrow(/registered already/);
  });

  it('cancels by dedupe key or by kind and payload field, reschedules only pending jobs, and revives a cancelled key', async () => {
    const db = open();
    const s = scheduler(db);
    const calls: number[] = [];
    s.register(INVITE_KIND, inviteHandler(db, calls));
    s.register('reminder', async () => undefined);
    const later = new Date(Date.parse(START) + HOUR);
    const a = await s.schedule({ kind: INVITE_KIND, payload: invite(10), runAt: later, dedupeKey: 'invite:survey:10' });
    const r1 = await s.schedule({ kind: 'reminder', payload: { surveyId: 11, round: 1 }, runAt: later });
    const r2 = await s.schedule({ kind: 'reminder', payload: { surveyId: 11, round: 2 }, runAt: later });
    const r3 = await s.schedule({ kind: 'reminder', payload: { surveyId: 12, round: 1 }, runAt: later });

    expect(await s.cancel('invite:survey:10')).toBe(1);
    expect(await s.cancel('invite:survey:10')).toBe(0);
    expect(await s.cancel({ kind: 'reminder', payload: { surveyId: 11 } })).toBe(2);
    expect(await s.cancel({ kind: 'reminder', payload: { surveyId: 99 } })).toBe(0);
    await expect(s.cancel({ kind: 'reminder', payload: { "x') OR 1=1 --": 1 } })).rejects.toThrow(/invalid payload field/);
    expect(await Promise.all([a, r1, r2, r3].map(async (id) => (await s.get(id))?.status))).toEqual(['cancelled', 'cancelled', 'cancelled', 'pending']);
    expect((await s.list({ kind: 'reminder', payload: { surveyId: 11 } })).map((j) => j.id)).toEqual([r1, r2]);

    // A cancelled job cannot be rescheduled; scheduling its key again revives it.
    expect(await s.reschedule('invite:survey:10', START)).toBe(false);
    expect(await s.schedule({ kind: INVITE_KIND, payload: invite(10), runAt: later, dedupeKey: 'invite:survey:10' })).toBe(a);
    expect(await s.get(a)).toMatchObject({ status: 'pending', attempts: 0, finishedAt: null });
    // Rescheduling a pending job moves it; it runs at the new time.
    expect(await s.reschedule('invite:survey:10', START)).toBe(true);
    expect(await s.reschedule('no-such-key', START)).toBe(false);
    expect(await s.tick()).toBe(1);
    expect(calls).toEqual([a]);
    // A done job is neither rescheduled nor cancelled nor revived.
    expect(await s.reschedule('invite:survey:10', later)).toBe(false);
    expect(await s.cancel('invite:survey:10')).toBe(0);
    expect(await s.schedule({ kind: INVITE_KIND, payload: invite(10), runAt: START, dedupeKey: 'invite:survey:10' })).toBe(a);
    expect(await s.tick()).toBe(0);
    expect(calls).toEqual([a]);
  });

  it('stop() waits for the running job and later ticks run nothing', async () => {
    const db = open();
    const s = scheduler(db);
    let release!: () => void;
    const events: string[] = [];
    s.register('slow', async () => {
      events.push('start');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('end');
    });
    await s.schedule({ kind: 'slow', payload: {}, runAt: START });
    await s.schedule({ kind: 'slow', payload: {}, runAt: START });
    const ticking = s.tick();
    await vi.waitFor(() => expect(events).toEqual(['start']));
    const stopping = s.stop().then(() => events.push('stopped'));
    release();
    await stopping;
    expect(await ticking).toBe(1);
    expect(events).toEqual(['start', 'end', 'stopped']);
    expect(await s.tick()).toBe(0);
    expect(await s.list({ status: 'pending' })).toHaveLength(1);
  });

  it('two server processes sharing the database run each job exactly once', async () => {
    const db = open();
    const s = scheduler(db, { workerId: 'parent' });
    const calls: number[] = [];
    // Each "send" takes 1 ms of real time, so neither process can hold the write lock throughout.
    s.register(INVITE_KIND, inviteHandler(db, calls, 1));
    const count = 200;
    await db.transaction(async () => {
      for (let i = 1; i <= count; i += 1) await s.schedule({ kind: INVITE_KIND, payload: invite(i), runAt: START, dedupeKey: `invite:survey:${i}` });
    });

    const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'tick-loop.ts');
    const go = path.join(dir, 'go');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, JSON.stringify(database.target), go, 'child', clock().toISOString(), '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.startsWith('ready\n')) resolve();
      });
      child.on('exit', () => reject(new Error(`child exited early: ${stderr}`)));
    });

    fs.writeFileSync(go, '');
    while (await openJobs(db) > 0) {
      await s.tick();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await exited).toBe(0);
    const childCalls = (JSON.parse(stdout.split('\n').filter(Boolean).at(-1) as string) as { calls: number[] }).calls;

    expect(calls.length + childCalls.length).toBe(count);
    expect(new Set([...calls, ...childCalls]).size).toBe(count);
    expect(await effects(db)).toHaveLength(count);
    expect((await effects(db)).every((row) => row.n === 1)).toBe(true);
    expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM mail_outbox'))?.n).toBe(count);
    expect(await s.list({ status: 'done' })).toHaveLength(count);
    // Both processes really took part (each "send" takes 1 ms, so the work splits roughly in half).
    const workers = (await db.all<{ worker: string }>('SELECT DISTINCT worker FROM test_effects ORDER BY worker')).map((w) => w.worker);
    expect(workers).toEqual(['child', 'parent']);
    expect(calls.length).toBeGreaterThan(0);
    expect(childCalls.length).toBeGreaterThan(0);
  }, 15_000);
});
