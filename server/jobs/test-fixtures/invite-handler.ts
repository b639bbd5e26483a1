/**
 * Test fixture: an "invitation" job handler that records every call, writes one side-effect row per
 * run (test_effects has NO unique key, so a second run of a job would show) and queues its mail
 * with a dedupe key, like the real invitation job. Used by scheduler.test.ts and tick-loop.ts.
 */
import type { Db } from '../../db/connection.js';
import { createMailService } from '../../modules/mail/index.js';
import type { JobHandler } from '../scheduler.js';

export const INVITE_KIND = 'test-invite';

export interface InvitePayload {
  surveyId: number;
  to: string;
}

export async function ensureEffectsTable(db: Db): Promise<void> {
  await db.exec('CREATE TABLE IF NOT EXISTS test_effects (job_id INTEGER NOT NULL, worker TEXT NOT NULL)');
}

/** workMs: how long the "send" takes in real time (0 = just yield), so that another process gets the write lock. */
export function inviteHandler(db: Db, calls: number[], workMs = 0): JobHandler<InvitePayload> {
  const mail = createMailService({ db });
  return async (payload, ctx) => {
    calls.push(ctx.job.id);
    // Yield so that other workers interleave with this one between the claim and the side effect.
    await new Promise((resolve) => (workMs > 0 ? setTimeout(resolve, workMs) : setImmediate(resolve)));
    await db.run('INSERT INTO test_effects (job_id, worker) VALUES (?, ?)', [ctx.job.id, ctx.job.lockedBy ?? '?']);
    await mail.enqueue(
      { to: payload.to, subject: `Survey ${payload.surveyId}`, html: '<p>Invitation</p>', text: 'Invitation', locale: 'sl' },
      { dedupeKey: `invite:survey:${payload.surveyId}:${payload.to}` },
    );
  };
}

/** Jobs that still have to run (pending or running). */
export async function openJobs(db: Db): Promise<number> {
  return (await db.get<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE status IN ('pending', 'running')"))?.n ?? 0;
}
