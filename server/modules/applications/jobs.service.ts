/**
 * The scheduled jobs of an approved survey: the invitation of a code batch, the reminder, the start and the
 * finish (PULS rounds register their own). Each is idempotent: a re-run changes and queues nothing new.
 */
import type { Scheduler } from '../../jobs/scheduler.js';
import { JOB_KINDS, type ApplicationsCore } from './applications.core.js';

export function createJobsService(core: ApplicationsCore) {
  const { db, mail, repo, now, finish, recipients, respondentMail, pulsRounds } = core;
  const jobs = {
    /** Queues the invitation of one code batch; each mail has a dedupe key, so a re-run queues nothing new. */
    async runInvite(payload: { surveyId: number; batch: number; origin: string }): Promise<number> {
      const row = await repo.findById(payload.surveyId);
      if (!row || row.code_batch !== payload.batch || !['approved', 'in_progress'].includes(row.state)) return 0;
      let queued = 0;
      await db.transaction(async () => {
        for (const r of await recipients(row, await repo.codesOfBatch(row.id, payload.batch), false)) {
          const rendered = await respondentMail(row, 'invite', r.email.language, r.code.code, payload.origin);
          await mail.enqueue({ to: r.email.email, subject: rendered.subject, html: rendered.html, text: rendered.text, locale: rendered.locale }, { dedupeKey: `invite:${row.id}:${payload.batch}:${r.email.id}` });
          queued += 1;
        }
      });
      return queued;
    },
    async runRemind(payload: { surveyId: number; origin: string }): Promise<number> {
      const row = await repo.findById(payload.surveyId);
      if (!row || !['approved', 'in_progress'].includes(row.state)) return 0;
      let queued = 0;
      await db.transaction(async () => {
        for (const r of await recipients(row, await repo.liveCodes(row.id), true)) {
          const rendered = await respondentMail(row, 'remind', r.email.language, r.code.code, payload.origin);
          await mail.enqueue({ to: r.email.email, subject: rendered.subject, html: rendered.html, text: rendered.text, locale: rendered.locale }, { dedupeKey: `remind:${row.id}:${r.email.id}` });
          queued += 1;
        }
      });
      return queued;
    },
    async runStart(payload: { surveyId: number }): Promise<void> {
      await repo.transition(payload.surveyId, ['approved'], 'in_progress', now().toISOString(), { column: 'started_at' });
    },
    async runFinish(payload: { surveyId: number }): Promise<void> {
      await finish(payload.surveyId, ['approved', 'in_progress'], now().toISOString());
    },
    registerJobs(scheduler: Scheduler): void {
      scheduler.register<{ surveyId: number; batch: number; origin: string }>(JOB_KINDS.invite, async (p) => {
        await jobs.runInvite(p);
      });
      scheduler.register<{ surveyId: number; origin: string }>(JOB_KINDS.remind, async (p) => {
        await jobs.runRemind(p);
      });
      scheduler.register<{ surveyId: number }>(JOB_KINDS.start, async (p) => {
        await jobs.runStart(p);
      });
      scheduler.register<{ surveyId: number }>(JOB_KINDS.finish, async (p) => {
        await jobs.runFinish(p);
      });
      pulsRounds.registerJobs(scheduler);
    },
  };
  return jobs;
}
export type JobsService = ReturnType<typeof createJobsService>;
