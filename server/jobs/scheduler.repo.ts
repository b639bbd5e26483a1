/**
 * The jobs table (migration 0003). Every state change is one statement; the claim is a single
 * UPDATE ... RETURNING so two connections (two server processes) can never claim the same job.
 * Completion statements are guarded by locked_by + attempts: a worker whose lease was taken over
 * cannot overwrite the newer attempt's outcome.
 */
import type { Db, Dialect } from '../db/connection.js';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobRow {
  id: number;
  kind: string;
  payload: string;
  run_at: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  dedupe_key: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A scalar a payload field is compared with (json_extract returns 1/0 for JSON booleans). */
export type PayloadValue = string | number | boolean | null;

const PAYLOAD_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * SQL for "payload.field = value" for each entry; the field names are checked, the values bound. SQLite's
 * json_extract gives the JSON value (1/0 for booleans); PostgreSQL's ->> gives its text, so values are compared as text.
 */
function payloadMatch(fields: Record<string, PayloadValue>, dialect: Dialect): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (!PAYLOAD_FIELD.test(field)) throw new Error(`jobs: invalid payload field name "${field}"`);
    if (dialect === 'postgres') {
      // The field name is checked above, so it can stand in the SQL as a literal.
      parts.push(value === null ? `(payload::jsonb ->> '${field}') IS NULL` : `(payload::jsonb ->> '${field}') = ?`);
      if (value !== null) params.push(String(value));
    } else if (value === null) {
      parts.push('json_extract(payload, ?) IS NULL');
      params.push(`$.${field}`);
    } else {
      parts.push('json_extract(payload, ?) = ?');
      params.push(`$.${field}`, typeof value === 'boolean' ? Number(value) : value);
    }
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
}

export function createJobsRepo(db: Db) {
  return {
    /**
     * Inserts a pending job. With a dedupe key that already exists the row is left alone
     * (created: false) — unless that job was cancelled, in which case it is revived with the new
     * payload and run_at (scheduling a cancelled logical job again means "do it after all").
     */
    async insert(job: { kind: string; payload: string; runAt: string; dedupeKey: string | null; maxAttempts: number; now: string }): Promise<{
      id: number;
      created: boolean;
    }> {
      const row = await db.get<{ id: number }>(
        `INSERT INTO jobs (kind, payload, run_at, status, attempts, max_attempts, dedupe_key, created_at)
         VALUES (@kind, @payload, @runAt, 'pending', 0, @maxAttempts, @dedupeKey, @now)
         ON CONFLICT (dedupe_key) DO UPDATE SET
           kind = excluded.kind, payload = excluded.payload, run_at = excluded.run_at, status = 'pending',
           attempts = 0, max_attempts = excluded.max_attempts, last_error = NULL, locked_by = NULL,
           locked_until = NULL, finished_at = NULL
         WHERE jobs.status = 'cancelled'
         RETURNING id`,
        job,
      );
      if (row) return { id: row.id, created: true };
      const existing = await db.get<{ id: number }>('SELECT id FROM jobs WHERE dedupe_key = ?', [job.dedupeKey]);
      if (!existing) throw new Error(`jobs: dedupe key ${String(job.dedupeKey)} conflicted but no row was found`);
      return { id: existing.id, created: false };
    },

    /**
     * Claims the next due job in ONE statement: a pending job whose run_at has come, or a running
     * job whose lease expired (its worker died). Returns the claimed row, or undefined.
     * The due condition stands in the outer WHERE too, so a claim that lost a race changes nothing. On
     * PostgreSQL the candidate is taken FOR UPDATE SKIP LOCKED: instances polling at the same moment each get a
     * different job instead of queueing on the same row (SQLite has one writer at a time and needs neither).
     */
    async claimNext(workerId: string, now: string, lockedUntil: string): Promise<JobRow | undefined> {
      const due = `((status = 'pending' AND run_at <= @now) OR (status = 'running' AND locked_until < @now))`;
      return await db.get<JobRow>(
        `UPDATE jobs SET status = 'running', locked_by = @workerId, locked_until = @lockedUntil, attempts = attempts + 1
         WHERE id = (
           SELECT id FROM jobs
           WHERE ${due}
           ORDER BY run_at, id
           LIMIT 1${db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''}
         ) AND ${due}
         RETURNING *`,
        { workerId, now, lockedUntil },
      );
    },

    /**
     * The heartbeat of a running job's claim: moves its lease end to `lockedUntil` while this worker still holds it
     * (same locked_by and attempt). False when it does not any more (it ran out and another worker claimed the job).
     */
    async renewLease(job: JobRow, workerId: string, lockedUntil: string): Promise<boolean> {
      return (
        (await db.run(`UPDATE jobs SET locked_until = ? WHERE id = ? AND status = 'running' AND locked_by = ? AND attempts = ?`, [lockedUntil, job.id, workerId, job.attempts]))
          .changes === 1
      );
    },

    async markDone(job: JobRow, workerId: string, now: string): Promise<boolean> {
      return (
        (await db.run(
          `UPDATE jobs SET status = 'done', finished_at = ?, last_error = NULL, locked_by = NULL, locked_until = NULL
           WHERE id = ? AND status = 'running' AND locked_by = ? AND attempts = ?`,
          [now, job.id, workerId, job.attempts],
        )).changes === 1
      );
    },

    async markRetry(job: JobRow, workerId: string, runAt: string, error: string): Promise<boolean> {
      return (
        (await db.run(
          `UPDATE jobs SET status = 'pending', run_at = ?, last_error = ?, locked_by = NULL, locked_until = NULL
           WHERE id = ? AND status = 'running' AND locked_by = ? AND attempts = ?`,
          [runAt, error, job.id, workerId, job.attempts],
        )).changes === 1
      );
    },

    async markFailed(job: JobRow, workerId: string, now: string, error: string): Promise<boolean> {
      return (
        (await db.run(
          `UPDATE jobs SET status = 'failed', finished_at = ?, last_error = ?, locked_by = NULL, locked_until = NULL
           WHERE id = ? AND status = 'running' AND locked_by = ? AND attempts = ?`,
          [now, error, job.id, workerId, job.attempts],
        )).changes === 1
      );
    },

    /** Cancels the pending job with this dedupe key. Returns how many were cancelled (0 or 1). */
    async cancelByDedupeKey(dedupeKey: string, now: string): Promise<number> {
      return (await db.run(`UPDATE jobs SET status = 'cancelled', finished_at = ? WHERE dedupe_key = ? AND status = 'pending'`, [now, dedupeKey])).changes;
    },

    /** Cancels the pending jobs of a kind whose payload fields equal the given values. */
    async cancelWhere(kind: string, fields: Record<string, PayloadValue>, now: string): Promise<number> {
      const match = payloadMatch(fields, db.dialect);
      return (await db.run(`UPDATE jobs SET status = 'cancelled', finished_at = ? WHERE kind = ? AND status = 'pending'${match.sql}`, [
        now,
        kind,
        ...match.params,
      ])).changes;
    },

    /** Moves a pending job to a new time. Returns false when there is no pending job with that key. */
    async reschedule(dedupeKey: string, runAt: string): Promise<boolean> {
      return (await db.run(`UPDATE jobs SET run_at = ? WHERE dedupe_key = ? AND status = 'pending'`, [runAt, dedupeKey])).changes === 1;
    },

    async findById(id: number): Promise<JobRow | undefined> {
      return await db.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [id]);
    },

    async findByDedupeKey(dedupeKey: string): Promise<JobRow | undefined> {
      return await db.get<JobRow>('SELECT * FROM jobs WHERE dedupe_key = ?', [dedupeKey]);
    },

    /** Jobs by kind, status and payload fields (every filter optional), in run order. */
    async list(filter: { kind?: string; status?: JobStatus; payload?: Record<string, PayloadValue> } = {}): Promise<JobRow[]> {
      const match = payloadMatch(filter.payload ?? {}, db.dialect);
      const kind = filter.kind ?? null;
      const status = filter.status ?? null;
      return await db.all<JobRow>(`SELECT * FROM jobs WHERE (CAST(? AS TEXT) IS NULL OR kind = ?) AND (CAST(? AS TEXT) IS NULL OR status = ?)${match.sql} ORDER BY run_at, id`, [
        kind,
        kind,
        status,
        status,
        ...match.params,
      ]);
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
