/** The company's own survey applications: drafts (IZZ, PULS), submit, the e-mail list, the status and the manual reminder. */
import { z } from 'zod';
import { QUESTION_LANGUAGE_CODES, type QuestionLanguageCode } from '../../../shared/locales.js';
import { EDITABLE_STATES, responseShare, surveyPopulation, type ApplicationState, type ApplicationStatus, type ApplicationSummary, type ApplicationType, type ApplicationView, type EmailParseResult } from '../../../shared/schemas/application.js';
import { AppError } from '../../errors.js';
import { zonedInstant } from '../../lib/time.js';
import { draftSchemaOf, type ApplicationsCore } from './applications.core.js';

const emailCheck = z.email();

export function createCompanyService(core: ApplicationsCore) {
  const { db, config, mail, logger, repo, now, scheduler, sendNow, detailsOf, summary, view, owned, byId, requireTransition, submitIssues, scheduleOf, recipients, respondentMail, pulsRounds } = core;
  return {
    async list(companyId: number, type?: ApplicationType): Promise<ApplicationSummary[]> {
      return (await repo.listByCompany(companyId, type)).map(summary);
    },
    /**
     * A new draft. `prefill` (a PULS application made from a focus area): the pulse questions and the name it
     * starts with; `then` runs inside the creating transaction with the new id (linking it to the focus area).
     */
    async create(
      companyId: number,
      userId: number,
      type: ApplicationType,
      prefill?: { questions?: string[]; name?: string },
      then?: (id: number) => Promise<void>,
    ): Promise<ApplicationView> {
      const at = now().toISOString();
      // The survey's population starts as the profile's employee count (the company corrects it in the form).
      const profileEmployees = (await repo.companyOf(companyId))?.employees_total ?? 0;
      const details = { ...(profileEmployees > 0 ? { employees: profileEmployees } : {}), ...(prefill?.name ? { name: prefill.name } : {}) };
      const draft = draftSchemaOf(type).parse({ details, ...(prefill?.questions ? { questions: prefill.questions } : {}) });
      const id = await db.transaction(async () => {
        if (await repo.findOpen(companyId, type)) throw new AppError('application-open');
        const created = await repo.insert({ companyId, userId, type, draft: JSON.stringify(draft), now: at });
        await then?.(created);
        return created;
      });
      return view(await byId(id));
    },
    async get(companyId: number, id: number): Promise<ApplicationView> {
      return view(await owned(companyId, id));
    },
    async saveDraft(companyId: number, id: number, draft: unknown): Promise<ApplicationView> {
      const row = await owned(companyId, id);
      if (!EDITABLE_STATES.includes(row.state as ApplicationState)) throw new AppError('invalid-state');
      const at = now().toISOString();
      if (!await repo.saveDraft(row.id, JSON.stringify(draft), at, EDITABLE_STATES)) throw new AppError('invalid-state');
      return view(await byId(row.id));
    },
    async remove(companyId: number, id: number): Promise<void> {
      const row = await owned(companyId, id);
      if (row.state !== 'draft' || !await repo.deleteDraft(row.id)) throw new AppError('invalid-state');
    },
    async submit(companyId: number, id: number): Promise<ApplicationView> {
      const row = await owned(companyId, id);
      requireTransition(row, 'submitted');
      const issues = submitIssues(row);
      if (issues.length > 0) {
        throw new AppError('validation-failed', { details: issues.map((i) => ({ location: 'body', path: i.path, code: 'submit-rule', message: i.message })) });
      }
      if (!await repo.transition(row.id, EDITABLE_STATES, 'submitted', now().toISOString(), { column: 'submitted_at' })) throw new AppError('invalid-state');
      return view(await byId(row.id));
    },
    async parseEmails(companyId: number, id: number, rows: { line: number; email: string; language?: string }[], defaultLanguage?: string): Promise<EmailParseResult> {
      const row = await owned(companyId, id);
      const d = detailsOf(row);
      const fallback = defaultLanguage ?? d.languages?.[0] ?? 'en';
      const seen = new Set((d.respondent_emails ?? []).map((e) => e.email.toLowerCase()));
      const result: EmailParseResult = { valid: [], invalid: [], duplicates: [], limit: d.online_respondents ?? 0, total_after_merge: seen.size };
      for (const r of rows) {
        const email = r.email.trim();
        const language = (r.language?.trim().toLowerCase() || fallback) as QuestionLanguageCode;
        if (!emailCheck.safeParse(email).success || email.length > 254) result.invalid.push({ line: r.line, value: r.email, reason: 'email-invalid' });
        else if (!QUESTION_LANGUAGE_CODES.includes(language) || (d.languages && d.languages.length > 0 && !d.languages.includes(language)))
          result.invalid.push({ line: r.line, value: r.email, reason: 'language-unknown' });
        else if (seen.has(email.toLowerCase())) result.duplicates.push({ line: r.line, value: r.email });
        else {
          seen.add(email.toLowerCase());
          result.valid.push({ email, language });
        }
      }
      result.total_after_merge = seen.size;
      return result;
    },
    async status(companyId: number, id: number): Promise<ApplicationStatus> {
      const row = await owned(companyId, id);
      const d = detailsOf(row);
      const s = scheduleOf(row);
      const uses = await repo.codeUses(row.id);
      const online = d.online_respondents ?? 0;
      const offline = d.offline_respondents ?? 0;
      const population = surveyPopulation(d, (await repo.companyOf(row.company_id))?.employees_total);
      const total = uses.online + uses.offline;
      const reminderJob = await scheduler?.findByDedupeKey(`remind:${row.id}`);
      const t = now();
      const codes = await repo.codeCounts(row.id);
      const base: ApplicationStatus = {
        state: row.state as ApplicationState,
        start_date: d.start_date ?? null,
        end_date: d.end_date ?? null,
        invitation_at: s.invitation.toISOString(),
        reminder_at: s.reminder?.toISOString() ?? null,
        next_reminder_at: reminderJob && reminderJob.status === 'pending' ? reminderJob.runAt : null,
        remaining_seconds: Math.max(0, Math.floor((s.end.getTime() - t.getTime()) / 1000)),
        employees: population,
        planned: { online, offline },
        responses: { online: uses.online, offline: uses.offline, total },
        occupancy: { online: responseShare(uses.online, online), offline: responseShare(uses.offline, offline), total: responseShare(total, population) },
        codes: { online: codes.online, offline: codes.offline, used: codes.used, paper_unused: codes.paper_unused },
      };
      if (row.type !== 'puls') return base;
      // PULS: the times are the current round's (open, else next, else last); every round with its responses.
      const rounds = await pulsRounds.list(row.id, row.state);
      const current = await pulsRounds.current(row.id, row.state);
      if (!current) return { ...base, current_round: null, rounds };
      const roundReminder = await scheduler?.findByDedupeKey(`puls-round:${String(row.id)}:${String(current.number)}:remind`);
      const roundEnd = zonedInstant(current.closes_on, '23:59', config.timeZone);
      return {
        ...base,
        invitation_at: current.invitation_at,
        reminder_at: current.reminder_at,
        next_reminder_at: roundReminder && roundReminder.status === 'pending' ? roundReminder.runAt : null,
        remaining_seconds: Math.max(0, Math.floor((roundEnd.getTime() - t.getTime()) / 1000)),
        current_round: current.number,
        rounds,
      };
    },
    /** Sends the reminder now; 502 reminder-failed on the first failed send (addresses reached in this round are skipped on retry). */
    async sendReminder(companyId: number, id: number, origin: string): Promise<{ sent: number }> {
      const row = await owned(companyId, id);
      if (row.state !== 'approved' && row.state !== 'in_progress') throw new AppError('invalid-state');
      const list = await recipients(row, row.type === 'puls' ? await pulsRounds.activeCodes(row.id) : await repo.liveCodes(row.id), true);
      let sent = 0;
      for (const r of list) {
        if (await repo.manualReminderSent(row.id, row.reminder_round, r.email.email)) continue;
        const rendered = await respondentMail(row, 'remind', r.email.language, r.code.code, origin);
        try {
          if (sendNow) await sendNow({ ...rendered, to: r.email.email });
          // Keyed, so the outbox row is found and scrubbed when the survey finishes (repo.purgeRespondentEmails).
          else await mail.enqueue({ to: r.email.email, subject: rendered.subject, html: rendered.html, text: rendered.text, locale: rendered.locale }, { dedupeKey: `manual-remind:${String(row.id)}:${String(row.reminder_round)}:${String(r.email.id)}` });
        } catch (error) {
          logger.warn({ applicationId: row.id, err: error }, 'manual reminder failed');
          throw new AppError('reminder-failed', { cause: error });
        }
        await repo.recordManualReminder(row.id, row.reminder_round, r.email.email, now().toISOString());
        sent += 1;
      }
      await repo.nextReminderRound(row.id);
      return { sent };
    },
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
