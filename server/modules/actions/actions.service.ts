/**
 * From results to action: focus areas of a finished IZZ survey, their action plans, the reminders of due
 * and overdue actions, and the results page shared back with employees.
 *
 * Access: the survey's company only (through the reports service: another company's survey, an unknown id and a PULS
 * survey are 404 alike; a survey that is not finished is 409 'report-unavailable'). Every figure comes from the
 * company's own reports (the frozen release); see shared-results.ts. Every change is audited.
 */
import { randomBytes } from 'node:crypto';
import { isUiLocale, type QuestionLanguageCode, type UiLocale } from '../../../shared/locales.js';
import { localizedPath } from '../../../shared/routes.js';
import {
  MAX_FOCUS_AREAS,
  type ActionInput,
  type ActionNoteInput,
  type ActionPatch,
  type ActionsOverview,
  type FocusAreaInput,
  type FocusHistory,
  type FocusSuggestions,
  type PulseOrigin,
  type SharedResults,
  actionInputSchema,
  pulseQuestionsFor,
} from '../../../shared/schemas/actions.js';
import { reportSettingsSchema, type ReportFigures } from '../../../shared/schemas/report.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { addDaysIso, zonedInstant, zonedToday } from '../../lib/time.js';
import { createAuditRepo } from '../admin/index.js';
import { actionReminderMail, type MailBrand, type MailService } from '../mail/index.js';
import type { ComparisonService, ReportsService } from '../reports/index.js';
import { createActionsRepo, type ActionRow } from './actions.repo.js';
import { buildSharedResults, focusFigures, focusItemLabel, furthestBelowBenchmark, largestDrops, lowestCategories } from './shared-results.js';

export const ACTION_REMINDER_JOB = 'action.reminder';
/** Reminders go out at this local time: on the due day (due) and the day after it (overdue). */
export const ACTION_REMINDER_TIME = '09:00';

export interface Actor {
  id: number;
  email: string;
}

type Viewer = { admin: false; companyId: number };

interface ReminderPayload {
  actionId: number;
  dueOn: string;
  stage: 'due' | 'overdue';
}

const yearOf = (finishedOn: string | null) => (finishedOn ? Number(finishedOn.slice(0, 4)) : null);

export function createActionsService(deps: {
  db: Db;
  reports: ReportsService;
  comparison: ComparisonService;
  mail: MailService;
  scheduler: Scheduler;
  clock: Clock;
  timeZone: string;
  origin: string;
  brand: MailBrand;
  /**
   * Creates the company's PULS application draft with its first questions and name (the applications module); `then`
   * runs in its transaction with the new id. Refuses with 409 'application-open' while one is open.
   */
  createPulsApplication?: (companyId: number, userId: number, prefill: { questions: string[]; name: string }, then: (id: number) => Promise<void>) => Promise<{ id: number }>;
}) {
  const { db, reports, comparison } = deps;
  const repo = createActionsRepo(db);
  const audit = createAuditRepo(db);
  const now = () => deps.clock().toISOString();
  const today = () => zonedToday(deps.clock(), deps.timeZone);

  /** The survey (404 / 409 as its report) and its basic report of the whole survey. */
  async function survey(companyId: number, id: number, language: QuestionLanguageCode = 'en') {
    const viewer: Viewer = { admin: false, companyId };
    const source = await reports.izzSource(viewer, id);
    const figures = reports.izzFigures(source, reportSettingsSchema.parse({ language }));
    return { viewer, source, figures };
  }

  async function suggestions(viewer: Viewer, id: number, figures: ReportFigures): Promise<FocusSuggestions> {
    const out: FocusSuggestions = { lowest: lowestCategories(figures), drops: null, previous: null, benchmark: null, benchmark_year: null };
    const comparative = await comparison.comparativeSource(viewer, id);
    const index = comparative.surveys.findIndex((s) => s.id === id);
    if (index >= 1) {
      const previous = comparative.surveys[index - 1]!;
      out.previous = { survey_id: previous.id, name: previous.meta.name, year: yearOf(previous.finishedOn) };
      out.drops = largestDrops(comparison.comparativeFigures(comparative, 'years', null, 'en'), id);
    }
    try {
      const bench = await comparison.benchmarkSource(viewer, id);
      out.benchmark = furthestBelowBenchmark(comparison.benchmarkFigures(bench, 'en'));
      out.benchmark_year = bench.year;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'report-unavailable')) throw error;
    }
    return out;
  }

  function timing(a: ActionRow, day: string): 'upcoming' | 'due' | 'overdue' | 'done' {
    if (a.status === 'done') return 'done';
    return a.due_on > day ? 'upcoming' : a.due_on === day ? 'due' : 'overdue';
  }

  async function overview(companyId: number, id: number): Promise<ActionsOverview> {
    const { viewer, source, figures } = await survey(companyId, id);
    const [areas, actions, notes, page, pulses] = await Promise.all([repo.focusAreas(id), repo.actions(id), repo.notes(id), repo.resultsPage(id), repo.pulses(id)]);
    const day = today();
    return {
      survey: { id, name: source.meta.name, year: yearOf(source.finishedOn), languages: [...source.languages] },
      categories: figures.categories.map((c) => ({ id: c.id, ...(focusFigures(figures, 'category', c.id)) })),
      focus_areas: areas.map((a) => ({
        id: a.id,
        kind: a.kind,
        item_id: a.item_id,
        position: a.position,
        figures: focusFigures(figures, a.kind, a.item_id),
        actions: actions
          .filter((x) => x.focus_area_id === a.id)
          .map((x) => ({
            id: x.id,
            title: x.title,
            description: x.description,
            owner: x.owner,
            due_on: x.due_on,
            status: x.status,
            timing: timing(x, day),
            notes: notes.filter((n) => n.action_id === x.id).map((n) => ({ id: n.id, noted_on: n.noted_on, text: n.text, created_at: n.created_at })),
            created_at: x.created_at,
            updated_at: x.updated_at,
          })),
        pulses: pulses
          .filter((p) => p.focus_area_id === a.id)
          .map((p) => ({ id: p.application_id, name: (JSON.parse(p.draft) as { details?: { name?: string | null } }).details?.name ?? null, state: p.state })),
      })),
      suggestions: await suggestions(viewer, id, figures),
      results_page: { token: page?.token ?? null, published: page?.published_at != null, published_at: page?.published_at ?? null, message: page?.message ?? '' },
    };
  }

  async function scheduleReminders(actionId: number, dueOn: string): Promise<void> {
    for (const stage of ['due', 'overdue'] as const) {
      const day = stage === 'due' ? dueOn : addDaysIso(dueOn, 1);
      await deps.scheduler.schedule<ReminderPayload>({
        kind: ACTION_REMINDER_JOB,
        payload: { actionId, dueOn, stage },
        runAt: zonedInstant(day, ACTION_REMINDER_TIME, deps.timeZone),
        dedupeKey: `action-${stage}:${String(actionId)}:${dueOn}`,
      });
    }
  }

  async function cancelReminders(actionId: number, dueOn: string): Promise<void> {
    for (const stage of ['due', 'overdue'] as const) await deps.scheduler.cancel(`action-${stage}:${String(actionId)}:${dueOn}`);
  }

  async function requireArea(id: number, areaId: number) {
    const area = await repo.findFocusArea(id, areaId);
    if (!area) throw new AppError('not-found');
    return area;
  }

  async function requireAction(id: number, actionId: number) {
    const action = await repo.findAction(id, actionId);
    if (!action) throw new AppError('not-found');
    return action;
  }

  async function pageData(surveyId: number, companyId: number, language: QuestionLanguageCode, message: string, publishedAt: string | null): Promise<SharedResults> {
    const { source, figures } = await survey(companyId, surveyId, language);
    const [areas, actions] = await Promise.all([repo.focusAreas(surveyId), repo.actions(surveyId)]);
    return buildSharedResults({
      figures,
      language,
      languages: source.languages,
      year: yearOf(source.finishedOn),
      focusAreas: areas.map((a) => ({ kind: a.kind, item_id: a.item_id, actions: actions.filter((x) => x.focus_area_id === a.id) })),
      message,
      publishedAt,
    });
  }

  /**
   * The page's language: the one asked for (the page's UI locale; every bank text exists in all eight, so a page never
   * mixes languages), else the survey's first language. The page links to the survey's languages.
   */
  function pageLanguage(languages: readonly QuestionLanguageCode[], asked: QuestionLanguageCode | undefined): QuestionLanguageCode {
    return asked ?? languages[0] ?? 'en';
  }

  /** The focus areas of these surveys with what became of their actions (the history's body; a caller that has the
   * comparative report's source passes its surveys, read once). */
  async function historyOf(surveys: readonly { id: number; finishedOn: string | null }[]): Promise<FocusHistory> {
    const out: FocusHistory = [];
    for (const s of surveys) {
      const [areas, actions] = await Promise.all([repo.focusAreas(s.id), repo.actions(s.id)]);
      if (areas.length === 0) continue;
      out.push({
        survey_id: s.id,
        year: yearOf(s.finishedOn),
        focus_areas: areas.map((a) => ({
          kind: a.kind,
          item_id: a.item_id,
          actions: actions.filter((x) => x.focus_area_id === a.id).map((x) => ({ title: x.title, status: x.status, due_on: x.due_on })),
        })),
      });
    }
    return out;
  }

  return {
    overview,

    async addFocusArea(actor: Actor, companyId: number, id: number, input: FocusAreaInput): Promise<ActionsOverview> {
      await survey(companyId, id);
      await db.transaction(async () => {
        const areas = await repo.focusAreas(id);
        if (areas.some((a) => a.kind === input.kind && a.item_id === input.item_id)) throw new AppError('focus-area-exists');
        if (areas.length >= MAX_FOCUS_AREAS) throw new AppError('focus-areas-full');
        const areaId = await repo.insertFocusArea({ surveyId: id, kind: input.kind, itemId: input.item_id, now: now() });
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'focus-area.add', targetType: 'application', targetId: id, details: { focus_area: areaId, kind: input.kind, item_id: input.item_id } });
      });
      return await overview(companyId, id);
    },

    async removeFocusArea(actor: Actor, companyId: number, id: number, areaId: number): Promise<ActionsOverview> {
      await survey(companyId, id);
      const area = await requireArea(id, areaId);
      const actions = (await repo.actions(id)).filter((a) => a.focus_area_id === areaId);
      await db.transaction(async () => {
        await repo.deleteFocusArea(id, areaId);
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'focus-area.remove', targetType: 'application', targetId: id, details: { focus_area: areaId, kind: area.kind, item_id: area.item_id } });
      });
      for (const a of actions) await cancelReminders(a.id, a.due_on);
      return await overview(companyId, id);
    },

    async addAction(actor: Actor, companyId: number, id: number, areaId: number, input: ActionInput): Promise<ActionsOverview> {
      await survey(companyId, id);
      await requireArea(id, areaId);
      const v = actionInputSchema.parse(input);
      await db.transaction(async () => {
        const actionId = await repo.insertAction({ areaId, title: v.title, description: v.description, owner: v.owner, dueOn: v.due_on, status: v.status, now: now() });
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'action.add', targetType: 'application', targetId: id, details: { action: actionId, focus_area: areaId, title: v.title, due_on: v.due_on, status: v.status } });
        await scheduleReminders(actionId, v.due_on);
      });
      return await overview(companyId, id);
    },

    async updateAction(actor: Actor, companyId: number, id: number, actionId: number, patch: ActionPatch): Promise<ActionsOverview> {
      await survey(companyId, id);
      const before = await requireAction(id, actionId);
      const after = {
        title: patch.title ?? before.title,
        description: patch.description ?? before.description,
        owner: patch.owner ?? before.owner,
        dueOn: patch.due_on ?? before.due_on,
        status: patch.status ?? before.status,
      };
      await db.transaction(async () => {
        await repo.updateAction(actionId, { ...after, now: now() });
        const changed: Record<string, { from: string; to: string }> = {};
        if (after.title !== before.title) changed.title = { from: before.title, to: after.title };
        if (after.owner !== before.owner) changed.owner = { from: before.owner, to: after.owner };
        if (after.dueOn !== before.due_on) changed.due_on = { from: before.due_on, to: after.dueOn };
        if (after.status !== before.status) changed.status = { from: before.status, to: after.status };
        if (after.description !== before.description) changed.description = { from: before.description, to: after.description };
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'action.update', targetType: 'application', targetId: id, details: { action: actionId, changed } });
        if (after.dueOn !== before.due_on) {
          await cancelReminders(actionId, before.due_on);
          await scheduleReminders(actionId, after.dueOn);
        }
      });
      return await overview(companyId, id);
    },

    async removeAction(actor: Actor, companyId: number, id: number, actionId: number): Promise<ActionsOverview> {
      await survey(companyId, id);
      const action = await requireAction(id, actionId);
      await db.transaction(async () => {
        await repo.deleteAction(actionId);
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'action.remove', targetType: 'application', targetId: id, details: { action: actionId, title: action.title } });
        await cancelReminders(actionId, action.due_on);
      });
      return await overview(companyId, id);
    },

    async addNote(actor: Actor, companyId: number, id: number, actionId: number, input: ActionNoteInput): Promise<ActionsOverview> {
      await survey(companyId, id);
      await requireAction(id, actionId);
      await db.transaction(async () => {
        const noteId = await repo.insertNote({ actionId, notedOn: input.noted_on ?? today(), text: input.text, now: now() });
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'action.note', targetType: 'application', targetId: id, details: { action: actionId, note: noteId } });
      });
      return await overview(companyId, id);
    },

    async saveResultsPage(actor: Actor, companyId: number, id: number, message: string): Promise<ActionsOverview> {
      await survey(companyId, id);
      await db.transaction(async () => {
        await repo.saveResultsPage({ surveyId: id, token: randomBytes(32).toString('base64url'), message, now: now() });
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'results-page.save', targetType: 'application', targetId: id, details: { message_length: message.length } });
      });
      return await overview(companyId, id);
    },

    async setPublished(actor: Actor, companyId: number, id: number, published: boolean): Promise<ActionsOverview> {
      await survey(companyId, id);
      await db.transaction(async () => {
        const page = await repo.resultsPage(id);
        if (!page) await repo.saveResultsPage({ surveyId: id, token: randomBytes(32).toString('base64url'), message: '', now: now() });
        const current = page?.published_at ?? null;
        if (published === (current !== null)) return;
        await repo.setPublished(id, published ? now() : null, now());
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: published ? 'results-page.publish' : 'results-page.unpublish', targetType: 'application', targetId: id });
      });
      return await overview(companyId, id);
    },

    /** HR's preview of the page as it would be published (whether it is or not). */
    async preview(companyId: number, id: number, language: QuestionLanguageCode | undefined): Promise<SharedResults> {
      const { source } = await survey(companyId, id);
      const page = await repo.resultsPage(id);
      return await pageData(id, companyId, pageLanguage(source.languages, language), page?.message ?? '', page?.published_at ?? null);
    },

    /** The public page: 404 for an unknown or unpublished token. */
    async shared(token: string, language: QuestionLanguageCode | undefined): Promise<SharedResults> {
      const page = await repo.resultsPageByToken(token);
      if (!page || page.published_at === null) throw new AppError('not-found');
      const { source } = await survey(page.company_id, page.survey_id);
      return await pageData(page.survey_id, page.company_id, pageLanguage(source.languages, language), page.message, page.published_at);
    },

    /** Whether a token names a published page (the page server's 404). */
    async isPublished(token: string): Promise<boolean> {
      const page = await repo.resultsPageByToken(token);
      return page !== undefined && page.published_at !== null;
    },

    /** The public page's absolute URL in a language (409 while unpublished): the QR code's content. */
    async publicUrl(companyId: number, id: number, language: QuestionLanguageCode | undefined): Promise<string> {
      const { source } = await survey(companyId, id);
      const page = await repo.resultsPage(id);
      if (!page || page.published_at === null) throw new AppError('results-page-unpublished');
      const lang = pageLanguage(source.languages, language);
      return `${deps.origin}${localizedPath('employeeResults', isUiLocale(lang) ? lang : 'en', { token: page.token })}`;
    },

    /** The data of the poster: the published page, its public URL in the page's language (409 while unpublished). */
    async poster(companyId: number, id: number, language: QuestionLanguageCode | undefined): Promise<{ results: SharedResults; url: string }> {
      const { source } = await survey(companyId, id);
      const page = await repo.resultsPage(id);
      if (!page || page.published_at === null) throw new AppError('results-page-unpublished');
      const lang = pageLanguage(source.languages, language);
      const results = await pageData(id, companyId, lang, page.message, page.published_at);
      const locale: UiLocale = isUiLocale(lang) ? lang : 'en';
      return { results, url: `${deps.origin}${localizedPath('employeeResults', locale, { token: page.token })}` };
    },

    /**
     * The follow-up: a PULS application made from a focus area, its pulse questions pre-chosen for
     * the area's category (shared/schemas/actions.ts pulseQuestionsFor), linked to the focus area so its report shows
     * the area's trend. 409 'application-open' while the company has an open PULS application.
     */
    async createPulse(actor: Actor, companyId: number, userId: number, id: number, areaId: number, locale: UiLocale): Promise<{ application_id: number }> {
      await survey(companyId, id);
      const area = await requireArea(id, areaId);
      if (!deps.createPulsApplication) throw new AppError('not-found');
      const questions = pulseQuestionsFor(area.kind, area.item_id);
      const name = `PULS · ${focusItemLabel(area.kind, area.item_id, locale)}`.slice(0, 200);
      const created = await deps.createPulsApplication(companyId, userId, { questions, name }, async (applicationId) => {
        await repo.linkPulse(applicationId, areaId);
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'focus-area.puls', targetType: 'application', targetId: id, details: { focus_area: areaId, puls: applicationId, questions } });
      });
      return { application_id: created.id };
    },

    /**
     * The focus area a PULS survey follows up (its PULS report shows the area's trend): the company's own PULS survey
     * only (404 otherwise); null when it was not made from a focus area.
     */
    async pulseOrigin(companyId: number, pulsId: number): Promise<PulseOrigin | null> {
      const owner = await repo.applicationOwner(pulsId);
      if (!owner || owner.company_id !== companyId || owner.type !== 'puls') throw new AppError('not-found');
      const area = await repo.pulseFocusArea(pulsId);
      if (!area) return null;
      const surveyRow = await repo.applicationOwner(area.survey_id);
      const name = surveyRow ? ((JSON.parse(surveyRow.draft) as { details?: { name?: string | null } }).details?.name ?? '') : '';
      return { survey_id: area.survey_id, survey_name: name, kind: area.kind, item_id: area.item_id, questions: pulseQuestionsFor(area.kind, area.item_id) };
    },

    /**
     * The focus areas of every finished IZZ survey of the survey's company with what became of their actions, oldest
     * survey first (the comparative report shows them beside the change of their figures). 404 / 409 as the report.
     */
    async history(companyId: number, id: number): Promise<FocusHistory> {
      const { viewer } = await survey(companyId, id);
      return historyOf((await comparison.comparativeSource(viewer, id)).surveys);
    },

    historyOf,

    /** The reminder job: mails every user of the company once per action, due date and stage, unless it is done. */
    registerJobs(scheduler: Scheduler): void {
      scheduler.register<ReminderPayload>(ACTION_REMINDER_JOB, async (p) => {
        const a = await repo.reminderAction(p.actionId);
        // Gone, moved to another day (the new day has its own jobs) or done: nothing to remind of.
        if (!a || a.due_on !== p.dueOn || a.status === 'done') return;
        const surveyName = (JSON.parse(a.survey_draft) as { details?: { name?: string | null } }).details?.name ?? '';
        for (const r of await repo.recipients(a.company_id)) {
          const locale: UiLocale = isUiLocale(r.locale) ? r.locale : 'sl';
          const m = actionReminderMail({
            locale,
            brand: deps.brand,
            stage: p.stage,
            title: a.title,
            owner: a.owner,
            dueOn: a.due_on,
            status: a.status,
            focusArea: focusItemLabel(a.kind, a.item_id, locale),
            survey: surveyName,
            url: `${deps.origin}${localizedPath('profileIzzActions', locale, { id: String(a.survey_id) })}`,
          });
          await deps.mail.enqueueOnce({ to: r.email, subject: m.subject, html: m.html, text: m.text, locale: m.locale }, `action-${p.stage}:${String(a.id)}:${a.due_on}:${r.email.toLowerCase()}`);
        }
      });
    },
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
