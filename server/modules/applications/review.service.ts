/** The administrator's review: the list, one application (audited), approve (codes, jobs, mail), request changes, close. */
import type { AdminApplicationDetail, AdminApplicationListItem, ApplicationView } from '../../../shared/schemas/application.js';
import { AppError } from '../../errors.js';
import { JOB_KINDS, type Actor, type ApplicationsCore } from './applications.core.js';

export function createReviewService(core: ApplicationsCore) {
  const { db, repo, audit, now, scheduler, detailsOf, summary, view, byId, requireTransition, submitIssues, companyMail, finish, insertBatch, scheduleJobs, pulsRounds } = core;
  return {
    /** state 'review' = submitted or in_review (what waits for the administrator). */
    async adminList(filter: { state?: string; type?: string; page: number }) {
      const pageSize = 20;
      const states = filter.state === 'review' ? ['submitted', 'in_review'] : filter.state ? [filter.state] : undefined;
      const { rows, total } = await repo.listAdmin({ states, type: filter.type, limit: pageSize, offset: (filter.page - 1) * pageSize });
      return {
        items: rows.map((r): AdminApplicationListItem => {
          const d = detailsOf(r);
          return { ...summary(r), company_id: r.company_id, company_name: r.company_name, respondents: { online: d.online_respondents ?? 0, offline: d.offline_respondents ?? 0 } };
        }),
        total,
        page: filter.page,
        page_size: pageSize,
      };
    },
    /** An administrator opening a submitted application starts its review: it moves to in_review (the company's board says so). */
    async adminGet(actor: Actor, id: number): Promise<AdminApplicationDetail> {
      let row = await byId(id);
      await db.transaction(async () => {
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.view', targetType: 'application', targetId: id });
        if (row.state === 'submitted' && (await repo.transition(row.id, ['submitted'], 'in_review', now().toISOString()))) {
          await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.review', targetType: 'application', targetId: id });
        }
      });
      row = await byId(id);
      const company = await repo.companyOf(row.company_id);
      return {
        ...view(row),
        company: company ? { id: company.id, name: company.name, tax_number: company.tax_number, city: company.city, employees: company.employees_total } : null,
        user_email: (await repo.companyContact(row.company_id))?.email ?? null,
        codes: await repo.codeCounts(row.id),
        submit_issues: submitIssues(row),
        ...(row.type === 'puls' ? { rounds: await pulsRounds.list(row.id, row.state) } : {}),
      };
    },
    async approve(actor: Actor, id: number, origin: string): Promise<ApplicationView> {
      const row = await byId(id);
      requireTransition(row, 'approved');
      const d = detailsOf(row);
      const at = now().toISOString();
      const batch = await db.transaction(async () => {
        if (!await repo.transition(row.id, ['submitted', 'in_review'], 'approved', at, { column: 'approved_at', comment: null })) throw new AppError('invalid-state');
        const emailIds: number[] = [];
        for (const e of d.respondent_emails ?? []) emailIds.push(await repo.insertEmail(row.id, e.email, e.language));
        const { batch: b, online, offline } = await insertBatch(row, emailIds, at);
        if (row.type === 'puls') await pulsRounds.create(row, b);
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.approve', targetType: 'application', targetId: id, details: { online, offline } });
        return b;
      });
      const approved = await byId(row.id);
      if (approved.type === 'puls') await pulsRounds.schedule(approved, origin);
      else await scheduleJobs(approved, batch, origin);
      await companyMail(approved, origin, 'approved');
      return view(approved);
    },
    async requestChanges(actor: Actor, id: number, comment: string, origin: string): Promise<ApplicationView> {
      const row = await byId(id);
      requireTransition(row, 'changes_requested');
      await db.transaction(async () => {
        if (!await repo.transition(row.id, ['submitted', 'in_review'], 'changes_requested', now().toISOString(), { comment })) throw new AppError('invalid-state');
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.request-changes', targetType: 'application', targetId: id, details: { comment } });
      });
      const updated = await byId(row.id);
      await companyMail(updated, origin, 'changes_requested', comment);
      return view(updated);
    },
    /**
     * Finishes an approved or running survey now (before its end date), deletes its respondent e-mails and cancels its
     * pending jobs. PULS: the open round closes now; the rounds still pending will not run (audited as `not_run`).
     */
    async close(actor: Actor, id: number): Promise<ApplicationView> {
      const row = await byId(id);
      requireTransition(row, 'finished');
      await db.transaction(async () => {
        const notRun = row.type === 'puls' ? await pulsRounds.closeForFinish(row.id) : [];
        if (!(await finish(row.id, ['approved', 'in_progress'], now().toISOString()))) throw new AppError('invalid-state');
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.close', targetType: 'application', targetId: id, details: { from: row.state, ...(row.type === 'puls' ? { not_run: notRun } : {}) } });
      });
      if (scheduler) {
        await scheduler.cancel({ kind: JOB_KINDS.invite, payload: { surveyId: row.id } });
        for (const key of [`remind:${row.id}`, `start:${row.id}`, `finish:${row.id}`]) await scheduler.cancel(key);
      }
      await pulsRounds.cancel(row.id);
      return view(await byId(row.id));
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
