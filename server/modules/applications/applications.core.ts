/**
 * What the applications services share: the deps, the repositories, the draft parsing and the views, the
 * schedule of a survey, the questionnaire link, the mails to the company and to respondents, code
 * generation, the one way a survey finishes, and the PULS rounds. The services beside it
 * (company.service.ts, review.service.ts, access-codes.service.ts, jobs.service.ts) hold the rules of
 * each use; applications.service.ts puts them together.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { formatAccessCode } from '../../../shared/access-codes.js';
import { type QuestionLanguageCode, type UiLocale, isUiLocale } from '../../../shared/locales.js';
import { localizedPath } from '../../../shared/routes.js';
import { PULS_QUESTIONS, STATEMENTS } from '../../../shared/question-banks/index.js';
import {
  canTransition,
  izzApplicationDraftSchema,
  izzSubmitIssues,
  pulsApplicationDraftSchema,
  pulsSubmitIssues,
  type ApplicationState,
  type ApplicationSummary,
  type ApplicationType,
  type ApplicationView,
  type IzzApplicationDraft,
  type PulsApplicationDraft,
  type SubmitIssue,
} from '../../../shared/schemas/application.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { createStorageRepo } from '../../db/storage.repo.js';
import { AppError } from '../../errors.js';
import { capturedMailFile } from '../../jobs/mail-outbox.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { shuffled } from '../../lib/shuffle.js';
import { addDaysIso, displayDate, zonedInstant, zonedToday } from '../../lib/time.js';
import type { Logger } from '../../logger.js';
import { createAuditRepo } from '../admin/index.js';
import type { MailService } from '../mail/index.js';
import { applicationReviewMail } from '../mail/index.js';
import type { MailBrand, RenderedMail } from '../mail/index.js';
import { surveyInvitationMail } from '../mail/index.js';
import { generateAccessCode } from './access-codes.js';
import { createApplicationsRepo, type AccessCodeRow, type ApplicationRow } from './applications.repo.js';
import { createPulsRounds } from './puls-rounds.js';

const KNOWN_STATEMENT_IDS: ReadonlySet<string> = new Set(STATEMENTS.map((s) => s.id));
const KNOWN_PULS_IDS: ReadonlySet<string> = new Set(PULS_QUESTIONS.map((q) => q.id));

export const JOB_KINDS = {
  invite: 'application.invite',
  remind: 'application.remind',
  start: 'application.start',
  finish: 'application.finish',
  /** After a survey finished: its reporting base and whole-survey figures (the award reads them; app.ts registers it). */
  figures: 'survey.figures',
} as const;

/** The details both drafts share (PULS has no collection type or reminder of its own). */
export interface CommonDetails {
  name?: string;
  collection?: 'online' | 'offline' | 'combined';
  start_date?: string;
  end_date?: string;
  employees?: number;
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

export interface ApplicationsDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'contactEmail' | 'contactPhone' | 'timeZone' | 'dataDir'>;
  mail: MailService;
  logger: Logger;
  clock?: () => Date;
  scheduler?: Scheduler | null;
  sendNow?: SendNow;
  /** Known question ids; defaults to the shared question banks. */
  questionBanks?: { izz?: ReadonlySet<string>; puls?: ReadonlySet<string> };
}

export const draftSchemaOf = (type: ApplicationType) => (type === 'izz' ? izzApplicationDraftSchema : pulsApplicationDraftSchema);
const uiLocaleFor = (language: string): UiLocale => (isUiLocale(language) ? language : 'en');

export function createApplicationsCore(deps: ApplicationsDeps) {
  const { db, config, mail, logger } = deps;
  const questionBanks = deps.questionBanks ?? { izz: KNOWN_STATEMENT_IDS, puls: KNOWN_PULS_IDS };
  const repo = createApplicationsRepo(db);
  const storage = createStorageRepo(db);
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

  const owned = async (companyId: number, id: number): Promise<ApplicationRow> => {
    const row = await repo.findOwned(companyId, id);
    if (!row) throw new AppError('not-found');
    return row;
  };
  const byId = async (id: number): Promise<ApplicationRow> => {
    const row = await repo.findById(id);
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

  async function companyMail(row: ApplicationRow, origin: string, decision: 'approved' | 'changes_requested', comment?: string) {
    const contact = await repo.companyContact(row.company_id);
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
    await mail.enqueue({ to: contact.email, subject: rendered.subject, html: rendered.html, text: rendered.text, locale });
  }

  /**
   * Moves a survey to finished (from one of `from`) and, in the same transaction:
   * - writes its responses again, in random order and with new random ids (repo.replaceResponses), so that neither
   *   where a response is stored nor its id is what it was when it came (nor what a device may still hold);
   * - deletes its respondent e-mail list everywhere, with every outbox row of its invitations and reminders
   *   (repo.purgeRespondentEmails): they have been sent by then, and nothing after the end needs an address.
   * Once that has committed (and any transaction around it), SQLite's database file is rebuilt (VACUUM) and its
   * write-ahead log emptied (server/db/storage.repo.ts): the older rows and page images are then in no file
   * (docs/decisions/0005-what-a-stored-response-holds.md, "What a stored response holds").
   * Every way a survey finishes goes through here: the end-date job, the administrator closing it, and (PULS) the
   * close of its last round. A mail captured without SMTP loses its .eml copy too. False when another request or job
   * finished it first.
   */
  async function finish(id: number, from: readonly string[], at: string): Promise<boolean> {
    const scrubbed = await db.transaction(async () => {
      if (!(await repo.transition(id, from, 'finished', at, { column: 'finished_at' }))) return null;
      const responses = await repo.responsesOf(id);
      await repo.replaceResponses(id, shuffled(responses).map((r) => ({ ...r, id: randomUUID() })));
      const deleted = await repo.purgeRespondentEmails(id);
      await db.afterCommit(async () => {
        try {
          if (!(await storage.rebuildAndTruncate())) logger.warn({ applicationId: id }, 'the write-ahead log could not be emptied after a finish (a reader held it); it is emptied within a minute');
        } catch (error) {
          logger.warn({ applicationId: id, err: error }, 'the database file could not be rebuilt or its write-ahead log emptied after a finish');
        }
      });
      return deleted;
    });
    if (scrubbed === null) return false;
    if ((await repo.findById(id))?.type === 'izz' && deps.scheduler) {
      await deps.scheduler.schedule({ kind: JOB_KINDS.figures, payload: { surveyId: id }, runAt: at, dedupeKey: `figures:${String(id)}` });
      deps.scheduler.kick();
    }
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
  async function insertCodes(surveyId: number, batch: number, channel: 'online' | 'paper', items: { emailId: number | null; maxUses: number }[], at: string) {
    for (const item of items) {
      let tries = 0;
      while (!await repo.insertCode({ surveyId, code: generateAccessCode(), channel, batch, emailId: item.emailId, maxUses: item.maxUses, now: at })) {
        if (++tries > 20) throw new Error('access codes: could not draw a unique code');
      }
    }
  }

  async function scheduleJobs(row: ApplicationRow, batch: number, origin: string, inviteAt?: Date) {
    const scheduler = deps.scheduler;
    if (!scheduler) {
      logger.warn({ applicationId: row.id }, 'no job scheduler: invitation and reminder not scheduled');
      return;
    }
    const s = scheduleOf(row);
    await scheduler.schedule({ kind: JOB_KINDS.invite, payload: { surveyId: row.id, batch, origin }, runAt: inviteAt ?? s.invitation, dedupeKey: `invite:${row.id}:${batch}` });
    if (s.reminder) await scheduler.schedule({ kind: JOB_KINDS.remind, payload: { surveyId: row.id, origin }, runAt: s.reminder, dedupeKey: `remind:${row.id}` });
    await scheduler.schedule({ kind: JOB_KINDS.start, payload: { surveyId: row.id }, runAt: s.start, dedupeKey: `start:${row.id}` });
    await scheduler.schedule({ kind: JOB_KINDS.finish, payload: { surveyId: row.id }, runAt: s.end, dedupeKey: `finish:${row.id}` });
  }

  /** The respondent mails of a survey: 'different' -> each e-mail with its own live code; 'identical' -> every e-mail with the shared code. */
  async function recipients(row: ApplicationRow, codes: AccessCodeRow[], onlyUnused: boolean) {
    const d = detailsOf(row);
    const emails = await repo.emails(row.id);
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

  async function respondentMail(row: ApplicationRow, kind: 'invite' | 'remind', language: string, code: string, origin: string, endDate?: string) {
    const company = await repo.companyOf(row.company_id);
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

  /**
   * A new batch of codes as the application asks for them: online codes (one shared code, or one per
   * respondent, the first ones linked to `emailIds` in order) and paper codes.
   */
  async function insertBatch(row: ApplicationRow, emailIds: readonly number[], at: string): Promise<{ batch: number; online: number; offline: number }> {
    const d = detailsOf(row);
    const batch = await repo.nextBatch(row.id);
    const online = d.collection === 'offline' ? 0 : (d.online_respondents ?? 0);
    const offline = d.collection === 'online' ? 0 : (d.offline_respondents ?? 0);
    if (online > 0) {
      if (d.code_type === 'identical') await insertCodes(row.id, batch, 'online', [{ emailId: null, maxUses: online }], at);
      else await insertCodes(row.id, batch, 'online', Array.from({ length: online }, (_, i) => ({ emailId: emailIds[i] ?? null, maxUses: 1 })), at);
    }
    if (offline > 0) await insertCodes(row.id, batch, 'paper', Array.from({ length: offline }, () => ({ emailId: null, maxUses: 1 })), at);
    return { batch, online, offline };
  }

  /** A new code batch for the application's respondents (a PULS round): as at approval, mapped to the stored e-mails. */
  async function generateBatch(row: ApplicationRow, at: string): Promise<number> {
    return (await insertBatch(
      row,
      (await repo.emails(row.id)).map((e) => e.id),
      at,
    )).batch;
  }

  const pulsRounds = createPulsRounds({
    db,
    scheduler: deps.scheduler,
    mail,
    logger,
    timeZone: config.timeZone,
    now,
    findApplication: async (id) => await repo.findById(id),
    details: (row) => detailsOf(row) as CommonDetails & { cadence?: 'one-off' | 'monthly' | 'quarterly'; rounds?: number },
    generateBatch,
    recipients,
    respondentMail,
    transition: async (id, from, to, at, column) => (to === 'finished' ? await finish(id, from, at) : await repo.transition(id, from, to, at, { column })),
  });

  return {
    db,
    config,
    mail,
    logger,
    repo,
    audit,
    now,
    scheduler: deps.scheduler ?? null,
    sendNow: deps.sendNow,
    parseDraft,
    detailsOf,
    summary,
    view,
    owned,
    byId,
    requireTransition,
    submitIssues,
    scheduleOf,
    questionnaireUrl,
    companyMail,
    finish,
    insertCodes,
    insertBatch,
    scheduleJobs,
    recipients,
    respondentMail,
    pulsRounds,
  };
}
export type ApplicationsCore = ReturnType<typeof createApplicationsCore>;
