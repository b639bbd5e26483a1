/** The administrator's review: the list, one application (audited), approve (codes, jobs, mail), request changes, close. */
import type { AdminApplicationDetail, AdminApplicationListItem, ApplicationView } from '../../../shared/schemas/application.js';
import { AppError } from '../../errors.js';
import { JOB_KINDS, type Actor, type ApplicationsCore } from './applications.core.js';

export function createReviewService(core: ApplicationsCore) {
  const { db, repo, audit, now, scheduler, detailsOf, summary, view, byId, requireTransition, submitIssues, companyMail, finish, insertBatch, scheduleJobs, pulsRounds } = core;
  return {
    /** state 'review' = submitted or in_review (what waits for the administrator). */
    adminList(filter: { state?: string; type?: string; page: number }) {
      const pageSize = 20;
      const states = filter.state === 'review' ? ['submitted', 'in_review'] : filter.state ? [filter.state] : undefined;
      const { rows, total } = repo.listAdmin({ states, type: filter.type, limit: pageSize, offset: (filter.page - 1) * pageSize });
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
    adminGet(actor: Actor, id: number): AdminApplicationDetail {
      const row = byId(id);
      audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.view', targetType: 'application', targetId: id });
      const company = repo.companyOf(row.company_id);
      return {
        ...view(row),
        company: company ? { id: company.id, name: company.name, tax_number: company.tax_number, city: company.city, employees: company.employees_total } : null,
        user_email: repo.companyContact(row.company_id)?.email ?? null,
        codes: repo.codeCounts(row.id),
        submit_issues: submitIssues(row),
        ...(row.type === 'puls' ? { rounds: pulsRounds.list(row.id) } : {}),
      };
    },
    approve(actor: Actor, id: number, origin: string): ApplicationView {
      const row = byId(id);
      requireTransition(row, 'approved');
      const d = detailsOf(row);
      const at = now().toISOString();
      const batch = db.transaction(() => {
        if (!repo.transition(row.id, ['submitted', 'in_review'], 'approved', at, { column: 'approved_at', comment: null })) throw new AppError('invalid-state');
        const emailIds = (d.respondent_emails ?? []).map((e) => repo.insertEmail(row.id, e.email, e.language));
        const { batch: b, online, offline } = insertBatch(row, emailIds, at);
        if (row.type === 'puls') pulsRounds.create(row, b);
        audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.approve', targetType: 'application', targetId: id, details: { online, offline } });
        return b;
      });
      const approved = byId(row.id);
      if (approved.type === 'puls') pulsRounds.schedule(approved, origin);
      else scheduleJobs(approved, batch, origin);
      companyMail(approved, origin, 'approved');
      return view(approved);
    },
    requestChanges(actor: Actor, id: number, comment: string, origin: string): ApplicationView {
      const row = byId(id);
      requireTransition(row, 'changes_requested');
      db.transaction(() => {
        if (!repo.transition(row.id, ['submitted', 'in_review'], 'changes_requested', now().toISOString(), { comment })) throw new AppError('invalid-state');
        audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.request-changes', targetType: 'application', targetId: id, details: { comment } });
      });
      const updated = byId(row.id);
      companyMail(updated, origin, 'changes_requested', comment);
      return view(updated);
    },
    /** Finishes an approved or running survey now (before its end date), deletes its respondent e-mails and cancels its pending jobs. */
    close(actor: Actor, id: number): ApplicationView {
      const row = byId(id);
      requireTransition(row, 'finished');
      db.transaction(() => {
        if (!finish(row.id, ['approved', 'in_progress'], now().toISOString())) throw new AppError('invalid-state');
        audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.close', targetType: 'application', targetId: id, details: { from: row.state } });
      });
      if (scheduler) {
        scheduler.cancel({ kind: JOB_KINDS.invite, payload: { surveyId: row.id } });
        for (const key of [`remind:${row.id}`, `start:${row.id}`, `finish:${row.id}`]) scheduler.cancel(key);
      }
      pulsRounds.cancel(row.id);
      return view(byId(row.id));
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
