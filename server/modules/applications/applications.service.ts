/**
 * Survey applications: drafts (IZZ, PULS), submit rules, the lifecycle, the administrator's review,
 * access codes, the scheduled invitation/reminder/start/finish jobs and the manual reminder.
 * Every state change is a "move from X to Y" update, so a second request or job changes nothing.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { formatAccessCode } from '../../../shared/access-codes.js';
import { QUESTION_LANGUAGE_CODES, type QuestionLanguageCode, type UiLocale, isUiLocale } from '../../../shared/locales.js';
import { localizedPath } from '../../../shared/routes.js';
import {
  EDITABLE_STATES,
  canTransition,
  izzApplicationDraftSchema,
  izzSubmitIssues,
  pulsApplicationDraftSchema,
  pulsSubmitIssues,
  type AdminApplicationListItem,
  type EmailParseResult,
  type ApplicationState,
  type ApplicationStatus,
  type ApplicationSummary,
  type ApplicationType,
  type ApplicationView,
  type IzzApplicationDraft,
  type PulsApplicationDraft,
  type SubmitIssue,
  type AdminApplicationDetail,
} from '../../../shared/schemas/application.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { capturedMailFile } from '../../jobs/mail-outbox.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import type { Logger } from '../../logger.js';
import { createAuditRepo } from '../admin/audit.repo.js';
import type { MailService } from '../mail/mail.service.js';
import { applicationReviewMail } from '../mail/templates/application-review.js';
import type { MailBrand, RenderedMail } from '../mail/templates/layout.js';
import { surveyInvitationMail } from '../mail/templates/survey-invitation.js';
import { generateAccessCode } from './access-codes.js';
import { createApplicationsRepo, type AccessCodeRow, type ApplicationRow } from './applications.repo.js';
import { PULS_QUESTIONS, STATEMENTS } from '../../../shared/question-banks/index.js';

const KNOWN_STATEMENT_IDS: ReadonlySet<string> = new Set(STATEMENTS.map((s) => s.id));
const KNOWN_PULS_IDS: ReadonlySet<string> = new Set(PULS_QUESTIONS.map((q) => q.id));
import { addDaysIso, displayDate, zonedInstant, zonedToday } from '../../lib/time.js';
import { createPulsRounds } from './puls-rounds.js';

export const JOB_KINDS = { invite: 'application.invite', remind: 'application.remind', start: 'application.start', finish: 'application.finish' } as const;

/** The details both drafts share (PULS has no collection type or reminder of its own). */
interface CommonDetails {
  name?: string;
  collection?: 'online' | 'offline' | 'combined';
  start_date?: string;
  end_date?: string;
  online_respondents?: number;
  offline_respondents?: number;
  code_type?: 'identical' | 'different';
  invitation_date?: string;
  invitation_time?: string;
  reminder_date?: string;
  reminder_time?: string;
  languages?: QuestionLanguageCode[];
  respondent_emails?: { email: string; language: QuestionLanguageCode }[];
}

export interface Actor {
  id: number;
  email: string;
}

/** Sends one mail now, through SMTP, and throws when it fails (the manual reminder). */
export type SendNow = (mail: RenderedMail & { to: string }) => Promise<void>;

const draftSchemaOf = (type: ApplicationType) => (type === 'izz' ? izzApplicationDraftSchema : pulsApplicationDraftSchema);
const emailCheck = z.email();
const uiLocaleFor = (language: string): UiLocale => (isUiLocale(language) ? language : 'en');

export function createApplicationsService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'contactEmail' | 'contactPhone' | 'timeZone' | 'dataDir'>;
  mail: MailService;
  logger: Logger;
  clock?: () => Date;
  scheduler?: Scheduler | null;
  sendNow?: SendNow;
  /** Known question ids; defaults to the shared question banks. */
  questionBanks?: { izz?: ReadonlySet<string>; puls?: ReadonlySet<string> };
}) {
  const { db, config, mail, logger } = deps;
  const questionBanks = deps.questionBanks ?? { izz: KNOWN_STATEMENT_IDS, puls: KNOWN_PULS_IDS };
  const repo = createApplicationsRepo(db);
  const audit = createAuditRepo(db);
  const now = deps.clock ?? (() => new Date());
  const brand: MailBrand = { contactEmail: config.contactEmail, contactPhone: config.contactPhone };

  const parseDraft = (row: ApplicationRow): IzzApplicationDraft | PulsApplicationDraft => {
    const parsed = draftSchemaOf(row.type).safeParse(JSON.parse(row.draft));
    return parsed.success ? parsed.data : draftSchemaOf(row.type).parse({});
  };
  const detailsOf = (row: ApplicationRow): CommonDetails => parseDraft(row).details as CommonDetails;

  const summary = (row: ApplicationRow): ApplicationSummary => {
    const d = detailsOf(row);
    return {
      id: row.id,
      type: row.type,
      state: row.state as ApplicationState,
      name: d.name ?? null,
      start_date: d.start_date ?? null,
      end_date: d.end_date ?? null,
      created_at: row.created_at,
      updated_at: row.updated_at,
      submitted_at: row.submitted_at,
      approved_at: row.approved_at,
      review_comment: row.review_comment,
    };
  };
  const view = (row: ApplicationRow): ApplicationView => ({ ...summary(row), draft: parseDraft(row), saved_at: row.updated_at });

  const owned = (companyId: number, id: number): ApplicationRow => {
    const row = repo.findOwned(companyId, id);
    if (!row) throw new AppError('not-found');
    return row;
  };
  const byId = (id: number): ApplicationRow => {
    const row = repo.findById(id);
    if (!row) throw new AppError('not-found');
    return row;
  };
  const requireTransition = (row: ApplicationRow, to: ApplicationState) => {
    if (!canTransition(row.state as ApplicationState, to)) throw new AppError('invalid-state');
  };

  const submitIssues = (row: ApplicationRow): SubmitIssue[] => {
    const today = zonedToday(now(), config.timeZone);
    const draft = parseDraft(row);
    return row.type === 'izz'
      ? izzSubmitIssues(draft as IzzApplicationDraft, today, { reportQuestions: questionBanks.izz })
      : pulsSubmitIssues(draft as PulsApplicationDraft, today, { questions: questionBanks.puls });
  };

  /** The instants of the invitation, the reminder (PULS: 5 days after the invitation) and the end (23:59). */
  const scheduleOf = (row: ApplicationRow) => {
    const d = detailsOf(row);
    const start = d.start_date ?? zonedToday(now(), config.timeZone);
    const invitation = zonedInstant(d.invitation_date ?? start, d.invitation_time ?? '09:00', config.timeZone);
    const reminderDate = d.reminder_date ?? addDaysIso(d.invitation_date ?? start, 5);
    const reminder = zonedInstant(reminderDate, d.reminder_time ?? d.invitation_time ?? '09:00', config.timeZone);
    const startAt = zonedInstant(start, '00:00', config.timeZone);
    const end = zonedInstant(d.end_date ?? start, '23:59', config.timeZone);
    return { invitation, reminder: reminder.getTime() <= end.getTime() ? reminder : null, start: startAt, end };
  };

  const questionnaireUrl = (type: ApplicationType, language: string, origin: string, code?: string) => {
    const path = localizedPath(type === 'izz' ? 'questionnaire' : 'questionnairePuls', uiLocaleFor(language));
    return `${origin}${path}${code ? `?code=${encodeURIComponent(formatAccessCode(code))}` : ''}`;
  };
  const companyUrl = (row: ApplicationRow, locale: UiLocale, origin: string) =>
    `${origin}${localizedPath(row.type === 'izz' ? 'profileIzzDetail' : 'profilePulsDetail', locale, { id: String(row.id) })}`;

  function companyMail(row: ApplicationRow, origin: string, decision: 'approved' | 'changes_requested', comment?: string) {
    const contact = repo.companyContact(row.company_id);
    if (!contact) return;
    const locale = uiLocaleFor(contact.locale);
    const d = detailsOf(row);
    const rendered = applicationReviewMail({
      decision,
      locale,
      brand,
      survey: d.name ?? '',
      url: companyUrl(row, locale, origin),
      start: d.start_date ? displayDate(d.start_date) : '',
      invitation: `${displayDate(d.invitation_date ?? d.start_date ?? '')} ${d.invitation_time ?? '09:00'}`,
      comment,
    });
    mail.enqueue({ to: contact.email, subject: rendered.subject, html: rendered.html, text: rendered.text, locale });
  }

  /**
   * Moves a survey to finished (from one of `from`) and, in the same transaction, deletes its respondent e-mail
   * list everywhere (repo.purgeRespondentEmails; issue 11): the invitations and reminders have been sent by then,
   * and nothing after the end needs an address. Every way a survey finishes goes through here: the end-date job,
   * the administrator closing it, and (PULS) the close of its last round. A mail captured without SMTP loses its
   * .eml copy too. False when another request or job finished it first.
   */
  function finish(id: number, from: readonly string[], at: string): boolean {
    const scrubbed = db.transaction(() => (repo.transition(id, from, 'finished', at, { column: 'finished_at' }) ? repo.purgeRespondentEmails(id) : null));
    if (scrubbed === null) return false;
    for (const mailId of scrubbed) {
      try {
        fs.rmSync(capturedMailFile(config.dataDir, mailId), { force: true });
      } catch (error) {
        logger.warn({ applicationId: id, mailId, err: error }, 'could not delete a captured respondent mail');
      }
    }
    return true;
  }

  /** Generates `count` unique codes of a batch; on a (rare) collision draws again. */
  function insertCodes(surveyId: number, batch: number, channel: 'online' | 'paper', items: { emailId: number | null; maxUses: number }[], at: string) {
    for (const item of items) {
      let tries = 0;
      while (!repo.insertCode({ surveyId, code: generateAccessCode(), channel, batch, emailId: item.emailId, maxUses: item.maxUses, now: at })) {
        if (++tries > 20) throw new Error('access codes: could not draw a unique code');
      }
    }
  }

  function scheduleJobs(row: ApplicationRow, batch: number, origin: string, inviteAt?: Date) {
    const scheduler = deps.scheduler;
    if (!scheduler) {
      logger.warn({ applicationId: row.id }, 'no job scheduler: invitation and reminder not scheduled');
      return;
    }
    const s = scheduleOf(row);
    scheduler.schedule({ kind: JOB_KINDS.invite, payload: { surveyId: row.id, batch, origin }, runAt: inviteAt ?? s.invitation, dedupeKey: `invite:${row.id}:${batch}` });
    if (s.reminder) scheduler.schedule({ kind: JOB_KINDS.remind, payload: { surveyId: row.id, origin }, runAt: s.reminder, dedupeKey: `remind:${row.id}` });
    scheduler.schedule({ kind: JOB_KINDS.start, payload: { surveyId: row.id }, runAt: s.start, dedupeKey: `start:${row.id}` });
    scheduler.schedule({ kind: JOB_KINDS.finish, payload: { surveyId: row.id }, runAt: s.end, dedupeKey: `finish:${row.id}` });
  }

  /** The respondent mails of a survey: 'different' -> each e-mail with its own live code; 'identical' -> every e-mail with the shared code. */
  function recipients(row: ApplicationRow, codes: AccessCodeRow[], onlyUnused: boolean) {
    const d = detailsOf(row);
    const emails = repo.emails(row.id);
    const online = codes.filter((c) => c.channel === 'online');
    if (d.code_type === 'identical') {
      const shared = online[0];
      return shared ? emails.map((e) => ({ email: e, code: shared })) : [];
    }
    const byEmail = new Map(online.filter((c) => c.respondent_email_id !== null).map((c) => [c.respondent_email_id, c]));
    return emails
      .map((e) => ({ email: e, code: byEmail.get(e.id) }))
      .filter((r): r is { email: (typeof emails)[number]; code: AccessCodeRow } => !!r.code && (!onlyUnused || r.code.uses === 0));
  }

  function respondentMail(row: ApplicationRow, kind: 'invite' | 'remind', language: string, code: string, origin: string, endDate?: string) {
    const company = repo.companyOf(row.company_id);
    const d = detailsOf(row);
    const locale = uiLocaleFor(language);
    const rendered = surveyInvitationMail({
      kind,
      locale,
      brand,
      company: company?.name ?? '',
      survey: d.name ?? '',
      code: formatAccessCode(code),
      url: questionnaireUrl(row.type, language, origin, code),
      end: displayDate(endDate ?? d.end_date ?? ''),
      minutes: row.type === 'izz' ? 10 : 5,
    });
    return rendered;
  }

  /** A new code batch for the application's respondents (a PULS round): as at approval, mapped to the stored e-mails. */
  function generateBatch(row: ApplicationRow, at: string): number {
    const d = detailsOf(row);
    const b = repo.nextBatch(row.id);
    const emailIds = repo.emails(row.id).map((e) => e.id);
    const online = d.collection === 'offline' ? 0 : (d.online_respondents ?? 0);
    const offline = d.collection === 'online' ? 0 : (d.offline_respondents ?? 0);
    if (online > 0) {
      if (d.code_type === 'identical') insertCodes(row.id, b, 'online', [{ emailId: null, maxUses: online }], at);
      else insertCodes(row.id, b, 'online', Array.from({ length: online }, (_, i) => ({ emailId: emailIds[i] ?? null, maxUses: 1 })), at);
    }
    if (offline > 0) insertCodes(row.id, b, 'paper', Array.from({ length: offline }, () => ({ emailId: null, maxUses: 1 })), at);
    return b;
  }

  const pulsRounds = createPulsRounds({
    db,
    scheduler: deps.scheduler,
    mail,
    logger,
    timeZone: config.timeZone,
    now,
    findApplication: (id) => repo.findById(id),
    details: (row) => detailsOf(row) as CommonDetails & { cadence?: 'one-off' | 'monthly' | 'quarterly'; rounds?: number },
    generateBatch,
    recipients,
    respondentMail,
    transition: (id, from, to, at, column) => (to === 'finished' ? finish(id, from, at) : repo.transition(id, from, to, at, { column })),
  });

  const service = {
    // ---- company -------------------------------------------------------------------------------
    list(companyId: number, type?: ApplicationType): ApplicationSummary[] {
      return repo.listByCompany(companyId, type).map(summary);
    },
    create(companyId: number, userId: number, type: ApplicationType): ApplicationView {
      const at = now().toISOString();
      const id = db.transaction(() => {
        if (repo.findOpen(companyId, type)) throw new AppError('application-open');
        return repo.insert({ companyId, userId, type, draft: JSON.stringify(draftSchemaOf(type).parse({})), now: at });
      });
      return view(byId(id));
    },
    get(companyId: number, id: number): ApplicationView {
      return view(owned(companyId, id));
    },
    saveDraft(companyId: number, id: number, draft: unknown): ApplicationView {
      const row = owned(companyId, id);
      if (!EDITABLE_STATES.includes(row.state as ApplicationState)) throw new AppError('invalid-state');
      const at = now().toISOString();
      if (!repo.saveDraft(row.id, JSON.stringify(draft), at, EDITABLE_STATES)) throw new AppError('invalid-state');
      return view(byId(row.id));
    },
    remove(companyId: number, id: number): void {
      const row = owned(companyId, id);
      if (row.state !== 'draft' || !repo.deleteDraft(row.id)) throw new AppError('invalid-state');
    },
    submit(companyId: number, id: number): ApplicationView {
      const row = owned(companyId, id);
      requireTransition(row, 'submitted');
      const issues = submitIssues(row);
      if (issues.length > 0) {
        throw new AppError('validation-failed', { details: issues.map((i) => ({ location: 'body', path: i.path, code: 'submit-rule', message: i.message })) });
      }
      if (!repo.transition(row.id, EDITABLE_STATES, 'submitted', now().toISOString(), { column: 'submitted_at' })) throw new AppError('invalid-state');
      return view(byId(row.id));
    },
    parseEmails(companyId: number, id: number, rows: { line: number; email: string; language?: string }[], defaultLanguage?: string): EmailParseResult {
      const row = owned(companyId, id);
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
    /** Live codes of an approved (or later) survey, for the downloads. */
    codes(companyId: number | null, id: number) {
      const row = companyId === null ? byId(id) : owned(companyId, id);
      if (!['approved', 'in_progress', 'finished'].includes(row.state)) throw new AppError('invalid-state');
      const d = detailsOf(row);
      const emails = new Map(repo.emails(row.id).map((e) => [e.id, e]));
      const company = repo.companyOf(row.company_id);
      const language = d.languages?.[0] ?? 'en';
      return {
        row,
        companyName: company?.name ?? '',
        surveyName: d.name ?? '',
        endDate: d.end_date ? displayDate(d.end_date) : undefined,
        language,
        questionnaireUrl: (origin: string) => questionnaireUrl(row.type, language, origin),
        codes: (row.type === 'puls' ? pulsRounds.activeCodes(row.id) : repo.liveCodes(row.id)).map((c) => {
          const e = c.respondent_email_id === null ? undefined : emails.get(c.respondent_email_id);
          return { code: c.code, formatted: formatAccessCode(c.code), channel: c.channel, email: e?.email ?? '', language: e?.language ?? '', max_uses: c.max_uses, uses: c.uses };
        }),
      };
    },
    /**
     * What the paper forms of an IZZ offline/combined survey need (companyId null: the administrator, audited):
     * the package, the logo (PNG/JPEG only), and the live paper codes not yet used, in issue order.
     * language: one of the survey's languages (default its first); anything else is 422.
     */
    paperForms(companyId: number | null, id: number, language?: string, actor?: Actor) {
      const row = companyId === null ? byId(id) : owned(companyId, id);
      if (actor) audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.paper-forms', targetType: 'application', targetId: id });
      if (row.type !== 'izz' || !['approved', 'in_progress'].includes(row.state)) throw new AppError('invalid-state');
      const draft = parseDraft(row) as IzzApplicationDraft;
      const d = draft.details;
      if (d.collection !== 'offline' && d.collection !== 'combined') throw new AppError('invalid-state');
      const languages = d.languages && d.languages.length > 0 ? d.languages : (['en'] as QuestionLanguageCode[]);
      const chosen = (language ?? languages[0]) as QuestionLanguageCode;
      if (!languages.includes(chosen)) {
        throw new AppError('validation-failed', { details: [{ location: 'query', path: 'language', code: 'not-offered', message: `The survey's languages: ${languages.join(', ')}` }] });
      }
      const company = repo.companyLogo(row.company_id);
      const asset = company?.logo;
      const logoType = asset?.content_type === 'image/png' ? 'png' : asset?.content_type === 'image/jpeg' ? 'jpeg' : null;
      const codes = repo.liveCodes(row.id).filter((c) => c.channel === 'paper' && c.uses < c.max_uses);
      return {
        row,
        language: chosen,
        languages,
        companyName: company?.name ?? '',
        logo: asset && logoType ? { bytes: new Uint8Array(asset.bytes), type: logoType as 'png' | 'jpeg' } : undefined,
        surveyName: d.name ?? '',
        endDate: d.end_date ? displayDate(d.end_date) : undefined,
        package: {
          statement_ids: STATEMENTS.map((s) => s.id),
          demographic_ids: draft.demographics.questions,
          departments: draft.demographics.departments,
          locations: draft.demographics.locations,
          extra_questions: draft.extra_questions,
        },
        questionnaireUrl: (origin: string) => questionnaireUrl(row.type, chosen, origin),
        codes: codes.map((c) => c.code),
      };
    },
    status(companyId: number, id: number): ApplicationStatus {
      const row = owned(companyId, id);
      const d = detailsOf(row);
      const s = scheduleOf(row);
      const responses = repo.responseCounts(row.id);
      const online = d.online_respondents ?? 0;
      const offline = d.offline_respondents ?? 0;
      const ratio = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 1000 : 0);
      const reminderJob = deps.scheduler?.findByDedupeKey(`remind:${row.id}`);
      const t = now();
      const codes = repo.codeCounts(row.id);
      const base: ApplicationStatus = {
        state: row.state as ApplicationState,
        start_date: d.start_date ?? null,
        end_date: d.end_date ?? null,
        invitation_at: s.invitation.toISOString(),
        reminder_at: s.reminder?.toISOString() ?? null,
        next_reminder_at: reminderJob && reminderJob.status === 'pending' ? reminderJob.runAt : null,
        remaining_seconds: Math.max(0, Math.floor((s.end.getTime() - t.getTime()) / 1000)),
        employees: online + offline,
        responses: { online: responses.online, offline: responses.offline, total: responses.online + responses.offline },
        occupancy: { online: ratio(responses.online, online), offline: ratio(responses.offline, offline), total: ratio(responses.online + responses.offline, online + offline) },
        codes: { online: codes.online, offline: codes.offline, used: codes.used },
      };
      if (row.type !== 'puls') return base;
      // PULS: the times are the current round's (open, else next, else last); every round with its responses.
      const rounds = pulsRounds.list(row.id);
      const current = pulsRounds.current(row.id);
      if (!current) return { ...base, current_round: null, rounds };
      const roundReminder = deps.scheduler?.findByDedupeKey(`puls-round:${String(row.id)}:${String(current.number)}:remind`);
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
      const row = owned(companyId, id);
      if (row.state !== 'approved' && row.state !== 'in_progress') throw new AppError('invalid-state');
      const list = recipients(row, row.type === 'puls' ? pulsRounds.activeCodes(row.id) : repo.liveCodes(row.id), true);
      let sent = 0;
      for (const r of list) {
        if (repo.manualReminderSent(row.id, row.reminder_round, r.email.email)) continue;
        const rendered = respondentMail(row, 'remind', r.email.language, r.code.code, origin);
        try {
          if (deps.sendNow) await deps.sendNow({ ...rendered, to: r.email.email });
          // Keyed, so the outbox row is found and scrubbed when the survey finishes (repo.purgeRespondentEmails).
          else mail.enqueue({ to: r.email.email, subject: rendered.subject, html: rendered.html, text: rendered.text, locale: rendered.locale }, { dedupeKey: `manual-remind:${String(row.id)}:${String(row.reminder_round)}:${String(r.email.id)}` });
        } catch (error) {
          logger.warn({ applicationId: row.id, err: error }, 'manual reminder failed');
          throw new AppError('reminder-failed', { cause: error });
        }
        repo.recordManualReminder(row.id, row.reminder_round, r.email.email, now().toISOString());
        sent += 1;
      }
      repo.nextReminderRound(row.id);
      return { sent };
    },

    // ---- administrator -------------------------------------------------------------------------
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
        const b = repo.nextBatch(row.id);
        const emailIds = (d.respondent_emails ?? []).map((e) => repo.insertEmail(row.id, e.email, e.language));
        const online = d.collection === 'offline' ? 0 : (d.online_respondents ?? 0);
        const offline = d.collection === 'online' ? 0 : (d.offline_respondents ?? 0);
        if (online > 0) {
          if (d.code_type === 'identical') insertCodes(row.id, b, 'online', [{ emailId: null, maxUses: online }], at);
          else insertCodes(row.id, b, 'online', Array.from({ length: online }, (_, i) => ({ emailId: emailIds[i] ?? null, maxUses: 1 })), at);
        }
        if (offline > 0) insertCodes(row.id, b, 'paper', Array.from({ length: offline }, () => ({ emailId: null, maxUses: 1 })), at);
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
    reissueCodes(actor: Actor, id: number, origin: string): { online: number; offline: number } {
      const row = byId(id);
      if (row.state !== 'approved' && row.state !== 'in_progress') throw new AppError('invalid-state');
      const at = now().toISOString();
      const { batch, online, offline } = db.transaction(() => {
        const revoked = repo.revokeUnused(row.id, at);
        const b = repo.nextBatch(row.id);
        const onl = revoked.filter((c) => c.channel === 'online');
        const pap = revoked.filter((c) => c.channel === 'paper');
        insertCodes(row.id, b, 'online', onl.map((c) => ({ emailId: c.respondent_email_id, maxUses: Math.max(1, c.max_uses - c.uses) })), at);
        insertCodes(row.id, b, 'paper', pap.map(() => ({ emailId: null, maxUses: 1 })), at);
        audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.reissue-codes', targetType: 'application', targetId: id, details: { online: onl.length, offline: pap.length } });
        return { batch: b, online: onl.length, offline: pap.length };
      });
      // Invitations with the new codes: at the planned time, or at once when it has passed.
      if (row.type === 'puls') {
        pulsRounds.afterReissue(row, batch, origin);
        return { online, offline };
      }
      const s = scheduleOf(row);
      const t = now();
      deps.scheduler?.cancel({ kind: JOB_KINDS.invite, payload: { surveyId: row.id } });
      scheduleJobs(row, batch, origin, s.invitation.getTime() > t.getTime() ? s.invitation : t);
      return { online, offline };
    },

    /** Finishes an approved or running survey now (before its end date), deletes its respondent e-mails and cancels its pending jobs. */
    close(actor: Actor, id: number): ApplicationView {
      const row = byId(id);
      requireTransition(row, 'finished');
      db.transaction(() => {
        if (!finish(row.id, ['approved', 'in_progress'], now().toISOString())) throw new AppError('invalid-state');
        audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'application.close', targetType: 'application', targetId: id, details: { from: row.state } });
      });
      const scheduler = deps.scheduler;
      if (scheduler) {
        scheduler.cancel({ kind: JOB_KINDS.invite, payload: { surveyId: row.id } });
        for (const key of [`remind:${row.id}`, `start:${row.id}`, `finish:${row.id}`]) scheduler.cancel(key);
      }
      pulsRounds.cancel(row.id);
      return view(byId(row.id));
    },

    // ---- jobs ----------------------------------------------------------------------------------
    /** Queues the invitation of one code batch; each mail has a dedupe key, so a re-run queues nothing new. */
    runInvite(payload: { surveyId: number; batch: number; origin: string }): number {
      const row = repo.findById(payload.surveyId);
      if (!row || row.code_batch !== payload.batch || !['approved', 'in_progress'].includes(row.state)) return 0;
      let queued = 0;
      db.transaction(() => {
        for (const r of recipients(row, repo.codesOfBatch(row.id, payload.batch), false)) {
          const rendered = respondentMail(row, 'invite', r.email.language, r.code.code, payload.origin);
          mail.enqueue({ to: r.email.email, subject: rendered.subject, html: rendered.html, text: rendered.text, locale: rendered.locale }, { dedupeKey: `invite:${row.id}:${payload.batch}:${r.email.id}` });
          queued += 1;
        }
      });
      return queued;
    },
    runRemind(payload: { surveyId: number; origin: string }): number {
      const row = repo.findById(payload.surveyId);
      if (!row || !['approved', 'in_progress'].includes(row.state)) return 0;
      let queued = 0;
      db.transaction(() => {
        for (const r of recipients(row, repo.liveCodes(row.id), true)) {
          const rendered = respondentMail(row, 'remind', r.email.language, r.code.code, payload.origin);
          mail.enqueue({ to: r.email.email, subject: rendered.subject, html: rendered.html, text: rendered.text, locale: rendered.locale }, { dedupeKey: `remind:${row.id}:${r.email.id}` });
          queued += 1;
        }
      });
      return queued;
    },
    runStart(payload: { surveyId: number }): void {
      repo.transition(payload.surveyId, ['approved'], 'in_progress', now().toISOString(), { column: 'started_at' });
    },
    runFinish(payload: { surveyId: number }): void {
      finish(payload.surveyId, ['approved', 'in_progress'], now().toISOString());
    },
    registerJobs(scheduler: Scheduler): void {
      scheduler.register<{ surveyId: number; batch: number; origin: string }>(JOB_KINDS.invite, async (p) => {
        service.runInvite(p);
      });
      scheduler.register<{ surveyId: number; origin: string }>(JOB_KINDS.remind, async (p) => {
        service.runRemind(p);
      });
      scheduler.register<{ surveyId: number }>(JOB_KINDS.start, async (p) => {
        service.runStart(p);
      });
      scheduler.register<{ surveyId: number }>(JOB_KINDS.finish, async (p) => {
        service.runFinish(p);
      });
      pulsRounds.registerJobs(scheduler);
    },
  };
  return service;
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
