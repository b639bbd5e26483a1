/**
 * PULS rounds: a cadence (one-off, monthly, quarterly) and a number of rounds become rows of survey_rounds at
 * approval, each with its own open / invite / remind / close jobs on the scheduler.
 *
 * - Round 1 = the application's start date, end date and invitation. Round k opens (k-1) cadence months after
 *   round 1's start — counted from round 1, not chained, so 31 Jan -> 28/29 Feb -> 31 Mar (the day is clamped
 *   to the month's last day) — and lasts as long as round 1, with the same invitation offset and time of day.
 * - Reminder: 2 days after the round's invitation at the same time (or the application's reminder offset and time
 *   when a draft carries one); none when that falls after the round's last day.
 * - Codes: a code is single-use per response, so every round has its own batch ('different': one per online
 *   respondent; 'identical': one shared code; one per paper form). Round 1's batch is generated at approval,
 *   later rounds' when the round opens (or at its invitation, whichever runs first). A closed round's unused codes
 *   are revoked.
 * - The survey goes in_progress when round 1 opens and finished when the last round closes.
 * - The administrator may end the open round early (endEarly): it closes now like at its end (codes revoked, its
 *   report available), its remaining jobs are cancelled, and the next round keeps its schedule; ending the last
 *   round finishes the survey. Closing the whole survey (closeForFinish) closes the open round the same way; the
 *   rounds still pending then will not run (`cancelled` in the view, "did not run" in the report).
 *
 * Every job is idempotent: state changes are "move from X to Y" updates and mails carry dedupe keys.
 */
import type { PulsRoundView } from '../../../shared/schemas/application.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import type { Logger } from '../../logger.js';
import type { MailService } from '../mail/index.js';
import type { RenderedMail } from '../mail/index.js';
import type { AccessCodeRow, ApplicationRow, RespondentEmailRow } from './applications.repo.js';
import { createPulsRoundsRepo, type RoundState, type SurveyRoundRow } from './puls-rounds.repo.js';
import { addDaysIso, zonedInstant } from '../../lib/time.js';

export const PULS_JOB_KINDS = { open: 'puls.round.open', invite: 'puls.round.invite', remind: 'puls.round.remind', close: 'puls.round.close' } as const;

/** Days between the reminder and the invitation of a round when the application names no reminder. */
export const PULS_REMINDER_DAYS = 2;

export interface PulsScheduleDetails {
  start_date?: string;
  end_date?: string;
  invitation_date?: string;
  invitation_time?: string;
  reminder_date?: string;
  reminder_time?: string;
  cadence?: 'one-off' | 'monthly' | 'quarterly';
  rounds?: number;
}

export interface PlannedRound {
  number: number;
  opens_on: string;
  closes_on: string;
  invitation_at: Date;
  reminder_at: Date | null;
}

const dayMs = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/** '2030-01-31' + 1 month -> '2030-02-28' (the day is clamped to the target month's last day). */
export function addMonthsClamped(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = ((index % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The rounds of a PULS application (one-off: 1 round). Times are wall-clock times in `timeZone`. */
export function planRounds(d: PulsScheduleDetails, timeZone: string, fallbackStart: string): PlannedRound[] {
  const start = d.start_date ?? fallbackStart;
  const end = d.end_date && d.end_date >= start ? d.end_date : start;
  const count = d.cadence === 'one-off' || d.cadence === undefined ? 1 : Math.max(1, d.rounds ?? 1);
  const months = d.cadence === 'quarterly' ? 3 : 1;
  const length = daysBetween(start, end);
  const invitationOffset = Math.min(length, Math.max(0, daysBetween(start, d.invitation_date ?? start)));
  const invitationTime = d.invitation_time ?? '09:00';
  const reminderOffset = d.reminder_date ? Math.max(0, daysBetween(d.invitation_date ?? start, d.reminder_date)) : PULS_REMINDER_DAYS;
  const reminderTime = d.reminder_time ?? invitationTime;
  const rounds: PlannedRound[] = [];
  for (let n = 1; n <= count; n++) {
    const opens = addMonthsClamped(start, months * (n - 1));
    const closes = addDaysIso(opens, length);
    const invitationDate = addDaysIso(opens, invitationOffset);
    const reminder = zonedInstant(addDaysIso(invitationDate, reminderOffset), reminderTime, timeZone);
    const closeAt = zonedInstant(closes, '23:59', timeZone);
    rounds.push({
      number: n,
      opens_on: opens,
      closes_on: closes,
      invitation_at: zonedInstant(invitationDate, invitationTime, timeZone),
      reminder_at: reminder.getTime() <= closeAt.getTime() ? reminder : null,
    });
  }
  return rounds;
}

/** The shared PulsRoundView (shared/schemas/application.ts). */
export type RoundView = PulsRoundView;

export interface PulsRoundsDeps {
  db: Db;
  scheduler?: Scheduler | null;
  mail: MailService;
  logger: Logger;
  timeZone: string;
  now: () => Date;
  findApplication(id: number): Promise<ApplicationRow | undefined>;
  details(row: ApplicationRow): PulsScheduleDetails;
  /** Generates a new code batch for the application's respondents (online and paper) and returns its number. */
  generateBatch(row: ApplicationRow, at: string): Promise<number>;
  recipients(row: ApplicationRow, codes: AccessCodeRow[], onlyUnused: boolean): Promise<{ email: RespondentEmailRow; code: AccessCodeRow }[]>;
  respondentMail(row: ApplicationRow, kind: 'invite' | 'remind', language: string, code: string, origin: string, endDate: string): Promise<RenderedMail>;
  /** The application's "move from X to Y" update. */
  transition(id: number, from: readonly string[], to: string, now: string, column: 'started_at' | 'finished_at'): Promise<boolean>;
}

const RUNNING = ['approved', 'in_progress'] as const;
const jobKey = (surveyId: number, round: number, what: string) => `puls-round:${String(surveyId)}:${String(round)}:${what}`;

export function createPulsRounds(deps: PulsRoundsDeps) {
  const { db, mail, logger } = deps;
  const repo = createPulsRoundsRepo(db);
  const iso = () => deps.now().toISOString();

  /** The round's code batch, generated now when the round has none yet. */
  async function ensureCodes(row: ApplicationRow, number: number): Promise<number | null> {
    return await db.transaction(async () => {
      const round = await repo.find(row.id, number);
      if (!round) return null;
      if (round.code_batch !== null) return round.code_batch;
      const batch = await deps.generateBatch(row, iso());
      await repo.claimBatch(row.id, number, batch);
      await repo.tagCodes(row.id, batch, number);
      return batch;
    });
  }

  /** The view of a round; `surveyState` tells a round that will not run (pending in a finished survey). */
  function viewOf(r: SurveyRoundRow, counts: Map<number, number>, surveyState: string | undefined): RoundView {
    const plannedEnd = zonedInstant(r.closes_on, '23:59', deps.timeZone).getTime();
    return {
      number: r.number,
      opens_on: r.opens_on,
      closes_on: r.closes_on,
      invitation_at: r.invitation_at,
      reminder_at: r.reminder_at,
      state: r.state,
      responses: counts.get(r.number) ?? 0,
      closed_at: r.closed_at,
      ended_early: r.state === 'closed' && r.closed_at !== null && Date.parse(r.closed_at) < plannedEnd,
      cancelled: r.state === 'pending' && surveyState === 'finished',
    };
  }

  /**
   * Closes a round (from one of `from`; a closed one stays as it is): its unused codes are revoked, and closing the
   * last round finishes the survey. Idempotent, like every job. Call inside a transaction.
   */
  async function closeRound(surveyId: number, number: number, from: readonly RoundState[]): Promise<void> {
    const round = await repo.find(surveyId, number);
    if (!round) return;
    await repo.transition(surveyId, number, from, 'closed', iso());
    if (round.code_batch !== null) await repo.revokeUnusedOfBatch(surveyId, round.code_batch, iso());
    if (number >= await repo.count(surveyId)) await deps.transition(surveyId, RUNNING, 'finished', iso(), 'finished_at');
  }

  /** Cancels a round's pending invitation (also a reissue's), reminder and close jobs. */
  async function cancelRoundJobs(surveyId: number, number: number): Promise<void> {
    const scheduler = deps.scheduler;
    if (!scheduler) return;
    for (const kind of [PULS_JOB_KINDS.invite, PULS_JOB_KINDS.remind, PULS_JOB_KINDS.close]) await scheduler.cancel({ kind, payload: { surveyId, round: number } });
  }

  const rounds = {
    /** Creates the rounds of an approved PULS application (call inside the approval's transaction). */
    async create(row: ApplicationRow, firstBatch: number): Promise<void> {
      const planned = planRounds(deps.details(row), deps.timeZone, deps.now().toISOString().slice(0, 10));
      for (const p of planned) {
        await repo.insert({
          surveyId: row.id,
          number: p.number,
          opensOn: p.opens_on,
          closesOn: p.closes_on,
          invitationAt: p.invitation_at.toISOString(),
          reminderAt: p.reminder_at?.toISOString() ?? null,
          codeBatch: p.number === 1 ? firstBatch : null,
        });
      }
      await repo.tagCodes(row.id, firstBatch, 1);
    },
    /** Schedules every round's open, invitation, reminder and close job (dedupe keys puls-round:<id>:<n>:<what>). */
    async schedule(row: ApplicationRow, origin: string): Promise<void> {
      const scheduler = deps.scheduler;
      if (!scheduler) {
        logger.warn({ applicationId: row.id }, 'no job scheduler: PULS rounds not scheduled');
        return;
      }
      for (const r of await repo.list(row.id)) {
        const payload = { surveyId: row.id, round: r.number };
        await scheduler.schedule({ kind: PULS_JOB_KINDS.open, payload, runAt: zonedInstant(r.opens_on, '00:00', deps.timeZone), dedupeKey: jobKey(row.id, r.number, 'open') });
        await scheduler.schedule({ kind: PULS_JOB_KINDS.invite, payload: { ...payload, origin }, runAt: r.invitation_at, dedupeKey: jobKey(row.id, r.number, 'invite') });
        if (r.reminder_at) await scheduler.schedule({ kind: PULS_JOB_KINDS.remind, payload: { ...payload, origin }, runAt: r.reminder_at, dedupeKey: jobKey(row.id, r.number, 'remind') });
        await scheduler.schedule({ kind: PULS_JOB_KINDS.close, payload, runAt: zonedInstant(r.closes_on, '23:59', deps.timeZone), dedupeKey: jobKey(row.id, r.number, 'close') });
      }
    },
    /** Cancels every pending round job of a survey (e.g. when the administrator closes it). */
    async cancel(surveyId: number): Promise<number> {
      const scheduler = deps.scheduler;
      if (!scheduler) return 0;
      let n = 0;
      for (const kind of Object.values(PULS_JOB_KINDS)) n += await scheduler.cancel({ kind, payload: { surveyId } });
      return n;
    },
    /** After a reissue: the new batch belongs to the active round; its invitation goes again at once when the planned one has passed. */
    async afterReissue(row: ApplicationRow, batch: number, origin: string): Promise<void> {
      const active = await repo.active(row.id);
      if (!active) return;
      await repo.setBatch(row.id, active.number, batch);
      await repo.tagCodes(row.id, batch, active.number);
      const t = deps.now();
      if (deps.scheduler && Date.parse(active.invitation_at) <= t.getTime()) {
        await deps.scheduler.schedule({ kind: PULS_JOB_KINDS.invite, payload: { surveyId: row.id, round: active.number, origin, batch }, runAt: t, dedupeKey: jobKey(row.id, active.number, `invite:${String(batch)}`) });
      }
    },
    /** The live codes of the active round (what the manual reminder and the downloads should use). */
    async activeCodes(surveyId: number): Promise<AccessCodeRow[]> {
      const active = await repo.active(surveyId);
      return active?.code_batch != null ? await repo.codesOfBatch(surveyId, active.code_batch) : [];
    },
    /** The last day of the round whose codes are live (what a code slip says), if any. */
    async activeClosesOn(surveyId: number): Promise<string | undefined> {
      return (await repo.active(surveyId))?.closes_on;
    },
    /** Every round with its responses so far; `surveyState` (the application's) marks the rounds that will not run. */
    async list(surveyId: number, surveyState?: string): Promise<RoundView[]> {
      const counts = await repo.responseCounts(surveyId);
      return (await repo.list(surveyId)).map((r) => viewOf(r, counts, surveyState));
    },
    /** The round a status view is about: the open one, else the next pending one, else the last that ran. */
    async current(surveyId: number, surveyState?: string): Promise<RoundView | undefined> {
      const all = await rounds.list(surveyId, surveyState);
      const ran = all.filter((r) => !r.cancelled);
      return all.find((r) => r.state === 'open') ?? ran.find((r) => r.state === 'pending') ?? ran[ran.length - 1] ?? all[all.length - 1];
    },
    /**
     * Ends the open round `number` now (the administrator): closed as at its end (unused codes revoked, its report
     * available), its pending invitation, reminder and close jobs cancelled; the next round keeps its schedule.
     * Ending the last round finishes the survey. 409 invalid-state when that round is not open.
     */
    async endEarly(surveyId: number, number: number): Promise<{ finished: boolean }> {
      const finished = await db.transaction(async () => {
        if ((await repo.find(surveyId, number))?.state !== 'open') throw new AppError('invalid-state');
        await closeRound(surveyId, number, ['open']);
        return number >= await repo.count(surveyId);
      });
      await cancelRoundJobs(surveyId, number);
      return { finished };
    },
    /**
     * Before the whole survey is finished early (inside that transaction): the open round closes now like at its end;
     * returns the numbers of the rounds still pending, which will not run.
     */
    async closeForFinish(surveyId: number): Promise<number[]> {
      const open = await repo.open(surveyId);
      if (open) {
        await repo.transition(surveyId, open.number, ['open'], 'closed', iso());
        if (open.code_batch !== null) await repo.revokeUnusedOfBatch(surveyId, open.code_batch, iso());
      }
      return (await repo.list(surveyId)).filter((r) => r.state === 'pending').map((r) => r.number);
    },

    // ---- jobs ------------------------------------------------------------------------------------
    async runOpen(p: { surveyId: number; round: number }): Promise<void> {
      const row = await deps.findApplication(p.surveyId);
      if (!row || !(RUNNING as readonly string[]).includes(row.state)) return;
      await db.transaction(async () => {
        await repo.transition(row.id, p.round, ['pending'], 'open', iso());
        await deps.transition(row.id, ['approved'], 'in_progress', iso(), 'started_at');
      });
      await ensureCodes(row, p.round);
    },
    async runInvite(p: { surveyId: number; round: number; origin: string; batch?: number }): Promise<number> {
      const row = await deps.findApplication(p.surveyId);
      if (!row || !(RUNNING as readonly string[]).includes(row.state)) return 0;
      const round = await repo.find(row.id, p.round);
      if (!round || round.state === 'closed') return 0;
      const batch = await ensureCodes(row, p.round);
      if (batch === null || (p.batch !== undefined && p.batch !== batch)) return 0;
      let queued = 0;
      await db.transaction(async () => {
        for (const r of await deps.recipients(row, await repo.codesOfBatch(row.id, batch), false)) {
          const m = await deps.respondentMail(row, 'invite', r.email.language, r.code.code, p.origin, round.closes_on);
          await mail.enqueue({ to: r.email.email, subject: m.subject, html: m.html, text: m.text, locale: m.locale }, { dedupeKey: `puls-invite:${String(row.id)}:${String(p.round)}:${String(batch)}:${String(r.email.id)}` });
          queued += 1;
        }
      });
      return queued;
    },
    async runRemind(p: { surveyId: number; round: number; origin: string }): Promise<number> {
      const row = await deps.findApplication(p.surveyId);
      if (!row || !(RUNNING as readonly string[]).includes(row.state)) return 0;
      const round = await repo.find(row.id, p.round);
      if (!round || round.state === 'closed' || round.code_batch === null) return 0;
      const batch = round.code_batch;
      let queued = 0;
      await db.transaction(async () => {
        for (const r of await deps.recipients(row, await repo.codesOfBatch(row.id, batch), true)) {
          const m = await deps.respondentMail(row, 'remind', r.email.language, r.code.code, p.origin, round.closes_on);
          await mail.enqueue({ to: r.email.email, subject: m.subject, html: m.html, text: m.text, locale: m.locale }, { dedupeKey: `puls-remind:${String(row.id)}:${String(p.round)}:${String(r.email.id)}` });
          queued += 1;
        }
      });
      return queued;
    },
    async runClose(p: { surveyId: number; round: number }): Promise<void> {
      await db.transaction(async () => {
        await closeRound(p.surveyId, p.round, ['pending', 'open']);
      });
    },
    registerJobs(scheduler: Scheduler): void {
      scheduler.register<{ surveyId: number; round: number }>(PULS_JOB_KINDS.open, async (p) => {
        await rounds.runOpen(p);
      });
      scheduler.register<{ surveyId: number; round: number; origin: string; batch?: number }>(PULS_JOB_KINDS.invite, async (p) => {
        await rounds.runInvite(p);
      });
      scheduler.register<{ surveyId: number; round: number; origin: string }>(PULS_JOB_KINDS.remind, async (p) => {
        await rounds.runRemind(p);
      });
      scheduler.register<{ surveyId: number; round: number }>(PULS_JOB_KINDS.close, async (p) => {
        await rounds.runClose(p);
      });
    },
  };
  return rounds;
}
export type PulsRounds = ReturnType<typeof createPulsRounds>;
