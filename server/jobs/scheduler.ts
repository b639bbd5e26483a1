/**
 * The persistent job scheduler. Jobs are rows in `jobs` (migration 0003); a worker inside the
 * server polls every JOB_POLL_INTERVAL_MS and runs the due ones with the handler registered for
 * their kind.
 *
 * Exactly once:
 * - a job is claimed with ONE atomic `UPDATE ... RETURNING` (status 'running', locked_by = this
 *   worker, locked_until = now + leaseMs), so two workers — in one process or in two server
 *   processes sharing the database file — never both claim it;
 * - a job whose run_at passed while the server was down is simply due: the first tick after start
 *   runs it (missed jobs are never skipped);
 * - while a job runs, a heartbeat (server/lib/heartbeat.ts) renews its lease every heartbeatMs (a third of it), so
 *   the lease can be short (DEFAULT_LEASE_MS, 30 s) however long the handler takes (a large invitation run);
 * - a worker that died mid-run renews nothing: its 'running' row's lease expires within leaseMs and the next tick
 *   anywhere claims it again (docs/decisions/0003-claims-and-heartbeats.md "Claims and heartbeats"). The handler may therefore run a second time after a crash, so "exactly once"
 *   for side effects relies on the claim PLUS the handler's own idempotency keys: mails are queued
 *   with `mail.enqueue(mail, { dedupeKey })`, state changes are written as "move from X to Y" updates.
 *   ctx.job (id, attempts) is passed so a handler can record its progress.
 *
 * Failure: a throwing handler is retried with exponential backoff (retryBaseMs * 2^(attempts-1),
 * at most 6 h) until max_attempts, then the job is 'failed' with last_error. A job of an unknown
 * kind fails at once with a clear error. A handler may take as long as it needs while its process lives (the
 * heartbeat keeps its lease); one that never ends holds its job until its process does.
 *
 * Time comes from the injected clock (tests move it; nothing sleeps). It runs on server/lib/polling-loop.ts: the timer is unref'd;
 * stop() clears it and waits for the running job.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/connection.js';
import type { Logger } from '../logger.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { startHeartbeat } from '../lib/heartbeat.js';
import { createPollingLoop } from '../lib/polling-loop.js';
import { createJobsRepo, type JobRow, type JobStatus, type PayloadValue } from './scheduler.repo.js';

export type { JobStatus, PayloadValue };


export interface Job<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** ISO 8601 UTC. */
  runAt: string;
  status: JobStatus;
  /** Attempts so far, including the one running now. */
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  lockedBy: string | null;
  lockedUntil: string | null;
  dedupeKey: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface JobContext<P = unknown> {
  job: Job<P>;
  /** The scheduler's clock at the moment the job was claimed. */
  now: Date;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers narrow their own payload type
export type JobHandler<P = any> = (payload: P, ctx: JobContext<P>) => Promise<void>;

export interface ScheduleInput<P = unknown> {
  kind: string;
  /** Stored as JSON. */
  payload: P;
  runAt: Date | string;
  /** The logical job's identity, e.g. 'invite:survey:42': scheduling it again is a no-op. */
  dedupeKey?: string;
  /** Default: the scheduler's maxAttempts (5). */
  maxAttempts?: number;
}

/** cancel(): a dedupe key, or every pending job of a kind whose payload fields equal these values. */
export type CancelTarget = string | { kind: string; payload?: Record<string, PayloadValue> };

export interface Scheduler {
  readonly workerId: string;
  /** Registers the handler of a kind (once per kind; register before start()). */
  register<P>(kind: string, handler: JobHandler<P>): void;
  /**
   * Stores a pending job and returns its id. With a dedupeKey that exists already nothing changes
   * and the existing job's id is returned — unless that job was cancelled: then it is revived with
   * this payload and runAt.
   */
  schedule<P>(input: ScheduleInput<P>): Promise<number>;
  /** Cancels pending jobs (a running job finishes). Returns how many were cancelled. */
  cancel(target: CancelTarget): Promise<number>;
  /** Moves a pending job to runAt. Returns false when no pending job has that key. */
  reschedule(dedupeKey: string, runAt: Date | string): Promise<boolean>;
  /** Claims and runs every due job, one after another. Resolves with how many ran. */
  tick(): Promise<number>;
  /** Runs a tick soon (after a schedule that is already due) when the timer is started. */
  kick(): void;
  start(): void;
  /** Stops the timer and waits for the running job. */
  stop(): Promise<void>;
  get(id: number): Promise<Job | undefined>;
  findByDedupeKey(dedupeKey: string): Promise<Job | undefined>;
  list(filter?: { kind?: string; status?: JobStatus; payload?: Record<string, PayloadValue> }): Promise<Job[]>;
}

export interface SchedulerOptions {
  db: Db;
  logger: Logger;
  clock?: Clock;
  /** Unique per scheduler instance; default host:pid:random. */
  workerId?: string;
  pollIntervalMs: number;
  /** How long a claim is valid without a heartbeat: the longest a dead instance's job waits. Default 30 s. */
  leaseMs?: number;
  /** How often a running job's lease is renewed (real time). Default leaseMs / 3. */
  heartbeatMs?: number;
  /** First retry delay; doubles per attempt. Default 60 s. */
  retryBaseMs?: number;
  /** Default max_attempts of a scheduled job. Default 5. */
  maxAttempts?: number;
}

export const DEFAULT_LEASE_MS = 30_000;
export const DEFAULT_RETRY_BASE_MS = 60 * 1000;
export const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** A tick stops after this many jobs (the next tick goes on), so a handler that keeps scheduling due jobs cannot spin forever. */
const MAX_JOBS_PER_TICK = 1000;

/** The delay before the next attempt after `attempts` failed ones (1 -> base, 2 -> 2*base, ...). */
export function jobBackoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

function toIso(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new Error(`jobs: invalid time ${String(value)}`);
  return date.toISOString();
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    runAt: row.run_at,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    lockedBy: row.locked_by,
    lockedUntil: row.locked_until,
    dedupeKey: row.dedupe_key,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, logger } = options;
  const clock = options.clock ?? systemClock;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? Math.floor(leaseMs / 3);
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const defaultMaxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const repo = createJobsRepo(db);
  const handlers = new Map<string, JobHandler>();

  async function runJob(row: JobRow, claimedAt: Date): Promise<void> {
    const job = toJob(row);
    const log = { jobId: job.id, kind: job.kind, attempts: job.attempts, workerId };
    if (job.attempts > job.maxAttempts) {
      // Reclaimed after its worker died on the last allowed attempt.
      const reason = `lease expired on attempt ${job.attempts - 1} of ${job.maxAttempts} (the worker stopped while running it)`;
      await repo.markFailed(row, workerId, clock().toISOString(), reason);
      logger.error(log, `job failed: ${reason}`);
      return;
    }
    const handler = handlers.get(job.kind);
    if (!handler) {
      const reason = `no handler registered for job kind "${job.kind}"`;
      await repo.markFailed(row, workerId, clock().toISOString(), reason);
      logger.error(log, `job failed: ${reason}`);
      return;
    }
    const heartbeat = startHeartbeat({
      intervalMs: heartbeatMs,
      renew: async () => (db.open ? await repo.renewLease(row, workerId, new Date(clock().getTime() + leaseMs).toISOString()) : null),
      onLost: () => logger.warn(log, 'job lease was taken over while it ran (its heartbeat came too late)'),
      onError: (error) => logger.warn({ ...log, err: error }, 'job lease could not be renewed'),
    });
    try {
      await handler(job.payload, { job, now: claimedAt });
    } catch (error) {
      await heartbeat.stop();
      if (!db.open) return;
      const reason = error instanceof Error ? error.message : String(error);
      const now = clock();
      if (job.attempts >= job.maxAttempts) {
        if (!await repo.markFailed(row, workerId, now.toISOString(), reason)) logger.warn(log, 'job lease was lost before it failed');
        else logger.error({ ...log, err: error }, 'job failed permanently');
      } else {
        const next = new Date(now.getTime() + jobBackoffMs(job.attempts, retryBaseMs)).toISOString();
        if (!await repo.markRetry(row, workerId, next, reason)) logger.warn(log, 'job lease was lost before its retry was recorded');
        else logger.warn({ ...log, nextRunAt: next, err: error }, 'job failed, will retry');
      }
      return;
    }
    await heartbeat.stop();
    if (!db.open) return;
    if (!await repo.markDone(row, workerId, clock().toISOString())) {
      logger.warn(log, 'job finished after its lease was taken over (leaseMs shorter than the handler?)');
    } else {
      logger.info(log, 'job done');
    }
  }

  async function pass(): Promise<number> {
    let ran = 0;
    while (!loop.stopped && db.open && ran < MAX_JOBS_PER_TICK) {
      const now = clock();
      const row = await repo.claimNext(workerId, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString());
      if (!row) break;
      await runJob(row, now);
      ran += 1;
    }
    return ran;
  }

  // One pass at a time per instance; the first pass (missed jobs included) runs on the turn after start(),
  // once the caller has registered its handlers.
  const loop = createPollingLoop({
    intervalMs: options.pollIntervalMs,
    pass,
    onError: (error) => logger.error({ err: error }, 'job scheduler pass failed'),
    firstPass: 'soon',
  });

  const scheduler: Scheduler = {
    workerId,
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`jobs: a handler for kind "${kind}" is registered already`);
      handlers.set(kind, handler as JobHandler);
    },
    async schedule(input) {
      const maxAttempts = input.maxAttempts ?? defaultMaxAttempts;
      if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('jobs: maxAttempts must be a positive integer');
      const runAt = toIso(input.runAt);
      const { id, created } = await repo.insert({
        kind: input.kind,
        payload: JSON.stringify(input.payload ?? null),
        runAt,
        dedupeKey: input.dedupeKey ?? null,
        maxAttempts,
        now: clock().toISOString(),
      });
      if (created && runAt <= clock().toISOString()) scheduler.kick();
      return id;
    },
    async cancel(target) {
      const now = clock().toISOString();
      return typeof target === 'string' ? await repo.cancelByDedupeKey(target, now) : await repo.cancelWhere(target.kind, target.payload ?? {}, now);
    },
    async reschedule(dedupeKey, runAt) {
      const changed = await repo.reschedule(dedupeKey, toIso(runAt));
      if (changed) scheduler.kick();
      return changed;
    },
    tick: loop.tick,
    // Only a started scheduler reacts; a never-started one (tests) is driven by tick().
    kick: loop.kick,
    start: loop.start,
    stop: loop.stop,
    async get(id) {
      const row = await repo.findById(id);
      return row && toJob(row);
    },
    async findByDedupeKey(dedupeKey) {
      const row = await repo.findByDedupeKey(dedupeKey);
      return row && toJob(row);
    },
    async list(filter) {
      return (await repo.list(filter)).map(toJob);
    },
  };
  return scheduler;
}
