/**
 * Reports: the survey a caller may see, its company and its frozen anonymised reporting base
 * (figures/reporting-base.ts), turned into figures by the pure statistics module. Responses
 * are read only to build the base, once, when the report first becomes available; every figure,
 * PDF and Excel file comes from the base (docs/decisions/0017-anonymity-by-construction.md, "Anonymity by construction").
 *
 * Access: the owning company, or the administrator (any survey). Another company's survey, an
 * unknown id and a survey of the wrong type answer 404 alike, so ids cannot be probed.
 * Availability: an IZZ report once the survey is finished; a PULS report once the survey is
 * finished or, while it runs, once a round has closed (the report then holds the closed rounds and says
 * what became of every planned round: ran, ended early, running, not yet, or not run at all).
 * Earlier: 409 'report-unavailable'.
 */
import { pulsApplicationDraftSchema, izzApplicationDraftSchema, surveyPopulation, type ExtraQuestion } from '../../../shared/schemas/application.js';
import { responseAnswersSchema, type ResponseAnswers } from '../../../shared/schemas/questionnaire.js';
import {
  defaultReportLanguage,
  type PulsFigures,
  type PulsRoundOutcome,
  type PulsScheduleItem,
  type ReportFigures,
  type ReportOptions,
  type ReportSettings,
  type SurveyMeta,
} from '../../../shared/schemas/report.js';
import type { QuestionLanguageCode } from '../../../shared/locales.js';
import { calendarDate } from '../../../shared/dates.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { zonedInstant } from '../../lib/time.js';
import { clampMinGroupSize } from './figures/anonymity.js';
import { buildPulsFigures, buildReportFigures, ReportSettingsError, type ReportSurvey } from './figures/figures.js';
import { loadReleaseSolver } from './figures/release-check.js';
import {
  buildPulsReportingBase,
  buildReportingBase,
  coarsenReportingBase,
  parsePulsReportingBase,
  PULS_BASE_VERSION,
  parseReportingBase,
  REPORTING_BASE_VERSION,
  serializePulsReportingBase,
  serializeReportingBase,
  type PulsReportingBase,
  type ReportingBase,
} from './figures/reporting-base.js';
import { releasedBreakdowns, type ReleasedBreakdowns } from './released-breakdowns.js';
import { createReportsRepo, type ReportSurveyRow } from './reports.repo.js';

/** Who asks: a company (its own surveys) or the administrator (every survey). */
export type ReportViewer = { admin: true } | { admin: false; companyId: number };

export interface ReportLogoBytes {
  bytes: Uint8Array;
  type: 'png' | 'jpg';
}

/** Everything a renderer of an IZZ report may need: the survey's definition and its reporting base (never its responses). */
export interface IzzReportSource {
  meta: SurveyMeta;
  /** The survey's id (meta.survey_id, never null here). */
  id: number;
  companyId: number;
  /** The day the survey finished, in the platform's zone (its year is the survey's award year). */
  finishedOn: string | null;
  /** The languages the survey was run in, and the application's report language. */
  languages: QuestionLanguageCode[];
  reportLanguage: QuestionLanguageCode | undefined;
  survey: ReportSurvey;
  base: ReportingBase;
  /** Orders released texts: the same for every report of the survey. */
  seed: string;
  logo: ReportLogoBytes | null;
}

export interface PulsReportSource {
  meta: SurveyMeta;
  companyId: number;
  languages: QuestionLanguageCode[];
  reportLanguage: QuestionLanguageCode | undefined;
  questionIds: string[];
  ownQuestions: ExtraQuestion[];
  /** Every planned round with its outcome (absent for a survey without round rows). */
  schedule: PulsScheduleItem[] | undefined;
  base: PulsReportingBase;
  seed: string;
  logo: ReportLogoBytes | null;
}

/** Stored answers read back: parsed with the shared schema, anything it does not know dropped. */
function parseAnswers(text: string): ResponseAnswers {
  const raw = JSON.parse(text) as Record<string, unknown>;
  const parsed = responseAnswersSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const a = raw as Partial<ResponseAnswers>;
  return { language: a.language ?? 'en', ...a, statements: a.statements ?? {}, demographics: a.demographics ?? {}, extra: a.extra ?? {}, puls: a.puls ?? {} };
}

const seedOf = (surveyId: number) => `survey:${String(surveyId)}`;

/** Parsed bases kept in memory (a few surveys' reports are opened many times in a row). */
const CACHE_SIZE = 16;

/** The outcome of each planned PULS round (PulsScheduleItem): an early end is a close before 23:59 of its last day, in `timeZone`. */
export function pulsSchedule(
  rounds: readonly { number: number; opens_on: string; closes_on: string; state: string; closed_at: string | null }[],
  survey: { finished: boolean; finished_at: string | null },
  timeZone: string,
): PulsScheduleItem[] {
  return rounds.map((r) => {
    // A round still open in a finished survey (closed before closing the survey closed its open round) ended with it.
    const closedAt = r.state === 'closed' ? r.closed_at : r.state === 'open' && survey.finished ? survey.finished_at : null;
    const early = closedAt !== null && Date.parse(closedAt) < zonedInstant(r.closes_on, '23:59', timeZone).getTime();
    const outcome: PulsRoundOutcome =
      r.state === 'closed' || (r.state === 'open' && survey.finished) ? (early ? 'ended-early' : 'ran') : r.state === 'open' ? 'open' : survey.finished ? 'not-run' : 'pending';
    return { round: r.number, start_date: r.opens_on, end_date: r.closes_on, outcome, ended_on: early && closedAt ? calendarDate(closedAt, timeZone) : null };
  });
}

export function createReportsService(deps: { db: Db; minGroupSize: number; timeZone: string }) {
  const repo = createReportsRepo(deps.db);
  const minGroupSize = clampMinGroupSize(deps.minGroupSize);
  const cache = new Map<number, { key: string; base: ReportingBase | PulsReportingBase }>();
  const remember = (surveyId: number, key: string, base: ReportingBase | PulsReportingBase) => {
    cache.delete(surveyId);
    cache.set(surveyId, { key, base });
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  };

  async function survey(viewer: ReportViewer, id: number, type: 'izz' | 'puls'): Promise<ReportSurveyRow> {
    const row = await repo.findSurvey(id);
    if (!row || row.type !== type || (!viewer.admin && row.company_id !== viewer.companyId)) throw new AppError('not-found');
    return row;
  }

  async function logo(row: ReportSurveyRow): Promise<ReportLogoBytes | null> {
    if (!row.logo_asset_id) return null;
    const a = await repo.findLogo(row.logo_asset_id);
    if (!a) return null;
    if (a.content_type === 'image/png') return { bytes: new Uint8Array(a.bytes), type: 'png' };
    if (a.content_type === 'image/jpeg') return { bytes: new Uint8Array(a.bytes), type: 'jpg' };
    return null;
  }


  /**
   * The survey's stored base, built and stored on first use and frozen from then on: it is never built again from the
   * responses. A base stored for a smaller minimum than the one configured now is coarsened (whole released groups
   * merge; `coarsen`), never rebuilt finer; a base of an earlier algorithm version is read as it is. A PULS base is
   * built again when other rounds have closed (each round is released on its own).
   */
  async function storedBase<T extends ReportingBase | PulsReportingBase>(
    surveyId: number,
    rounds: string,
    build: () => Promise<T>,
    serialize: (b: T) => string,
    parse: (s: string) => T,
    coarsen?: (b: T) => T,
  ): Promise<T> {
    const key = `${String(minGroupSize)}:${rounds}`;
    const cached = cache.get(surveyId);
    if (cached?.key === key) return cached.base as T;
    const row = await repo.findBase(surveyId);
    let base: T;
    if (row && row.rounds === rounds && (coarsen !== undefined || row.version === REPORTING_BASE_VERSION)) {
      base = parse(row.base);
      if (row.min_group_size < minGroupSize && coarsen) {
        await loadReleaseSolver();
        base = coarsen(base);
        await repo.saveBase(surveyId, { version: row.version, min_group_size: minGroupSize, rounds, base: serialize(base) });
      } else if (row.min_group_size < minGroupSize) {
        base = await build();
        await repo.saveBase(surveyId, { version: REPORTING_BASE_VERSION, min_group_size: minGroupSize, rounds, base: serialize(base) });
      }
    } else {
      base = await build();
      await repo.saveBase(surveyId, { version: REPORTING_BASE_VERSION, min_group_size: minGroupSize, rounds, base: serialize(base) });
    }
    remember(surveyId, key, base);
    return base;
  }

  return {
    minGroupSize,

    /** The finished IZZ survey's definition and reporting base (404 / 409 as above). */
    async izzSource(viewer: ReportViewer, id: number): Promise<IzzReportSource> {
      const row = await survey(viewer, id, 'izz');
      if (row.state !== 'finished') throw new AppError('report-unavailable');
      const d = izzApplicationDraftSchema.parse(JSON.parse(row.draft));
      const reportSurvey: ReportSurvey = {
        departments: d.demographics.departments,
        locations: d.demographics.locations,
        extraQuestions: d.extra_questions,
        demographicIds: d.demographics.questions,
        reportQuestions: d.report_questions,
        priority: d.report_breakdowns.priority,
        commentsBy: d.report_breakdowns.comments_by,
      };
      const base = await storedBase(
        row.id,
        '',
        async () => {
          await loadReleaseSolver();
          return buildReportingBase({
            seed: seedOf(row.id),
            survey: reportSurvey,
            responses: (await repo.responses(row.id)).map((r) => ({ channel: r.channel, answers: parseAnswers(r.answers) })),
            minGroupSize,
          });
        },
        serializeReportingBase,
        parseReportingBase,
        (b) => coarsenReportingBase(b, minGroupSize),
      );
      return {
        meta: { survey_id: row.id, name: d.details.name ?? '', company: row.company_name, employees: surveyPopulation(d.details, row.employees_total), start_date: d.details.start_date ?? null, end_date: d.details.end_date ?? null },
        id: row.id,
        companyId: row.company_id,
        finishedOn: row.finished_at ? calendarDate(row.finished_at, deps.timeZone) : null,
        languages: d.details.languages ?? [],
        reportLanguage: d.additional_options.report_language,
        survey: reportSurvey,
        base,
        seed: seedOf(row.id),
        logo: await logo(row),
      };
    },

    /** What the settings form offers (the survey's definition and what its base releases; no responses): 404 / 409 as the report. */
    async options(viewer: ReportViewer, id: number, uiLocale: string): Promise<ReportOptions> {
      if (await repo.surveyType(id) === 'puls') {
        const p = await this.pulsSource(viewer, id);
        return {
          type: 'puls',
          name: p.meta.name,
          company: p.meta.company,
          departments: [],
          locations: [],
          demographic_ids: [],
          extra_questions: p.ownQuestions,
          report_questions: [],
          puls_question_ids: p.questionIds,
          base: null,
          default_language: defaultReportLanguage(uiLocale, p.languages, p.reportLanguage),
        };
      }
      const s = await this.izzSource(viewer, id);
      return {
        type: 'izz',
        name: s.meta.name,
        company: s.meta.company,
        departments: [...s.survey.departments],
        locations: [...s.survey.locations],
        demographic_ids: [...s.survey.demographicIds],
        extra_questions: [...s.survey.extraQuestions],
        report_questions: [...(s.survey.reportQuestions ?? [])],
        puls_question_ids: [],
        base: s.base.summary,
        default_language: defaultReportLanguage(uiLocale, s.languages, s.reportLanguage),
      };
    },

    /** Figures of a source; settings that do not fit the survey or its base answer 422 with the issues as details. */
    izzFigures(source: IzzReportSource, settings: ReportSettings): ReportFigures {
      try {
        return buildReportFigures({ meta: source.meta, survey: source.survey, base: source.base, settings, seed: source.seed });
      } catch (error) {
        if (error instanceof ReportSettingsError) {
          throw new AppError('validation-failed', { details: error.issues.map((i) => ({ location: 'query', path: i.path, code: 'custom', message: i.message })) });
        }
        throw error;
      }
    },

    /**
     * The figures of every breakdown the source's base releases, under the settings' selected answers (Excel
     * v2). Call it after izzFigures has accepted the same settings.
     */
    izzReleasedBreakdowns(source: IzzReportSource, settings: ReportSettings): ReleasedBreakdowns {
      return releasedBreakdowns({ meta: source.meta, survey: source.survey, base: source.base, seed: source.seed }, settings);
    },

    /** The PULS survey with its rounds so far (closed ones; all once finished). */
    async pulsSource(viewer: ReportViewer, id: number): Promise<PulsReportSource> {
      const row = await survey(viewer, id, 'puls');
      const finished = row.state === 'finished';
      const rounds = await repo.rounds(id);
      const shown = finished ? rounds.filter((r) => r.state !== 'pending') : rounds.filter((r) => r.state === 'closed');
      if (!finished && (row.state !== 'in_progress' || shown.length === 0)) throw new AppError('report-unavailable');
      const d = pulsApplicationDraftSchema.parse(JSON.parse(row.draft));
      const schedule = pulsSchedule(rounds, { finished, finished_at: row.finished_at }, deps.timeZone);
      const endedOn = new Map(schedule.map((s) => [s.round, s.ended_on]));
      // A finished survey without round rows (e.g. one-off, older data): its responses form round 1. A round that
      // ended early is reported up to the day it ended.
      const roundList =
        shown.length > 0
          ? shown.map((r) => ({ round: r.number, start_date: r.opens_on, end_date: endedOn.get(r.number) ?? r.closes_on }))
          : [{ round: 1, start_date: d.details.start_date ?? null, end_date: d.details.end_date ?? null }];
      // The PULS base's own version leads the key: a base stored before rare own answers were merged
      // (key "finished:1,2", no version) no longer matches and is rebuilt once from the responses,
      // then stored frozen again. Merging only coarsens, so the rebuilt base never shows more.
      const signature = `puls${String(PULS_BASE_VERSION)}:${finished ? 'finished' : 'running'}:${roundList.map((r) => String(r.round)).join(',')}`;
      const base = await storedBase(
        row.id,
        signature,
        async () => {
          const byRound = new Map<number, ResponseAnswers[]>(roundList.map((r) => [r.round, []]));
          for (const r of await repo.responses(id)) byRound.get(shown.length > 0 ? (r.round ?? 1) : 1)?.push(parseAnswers(r.answers));
          return buildPulsReportingBase({
            seed: seedOf(row.id),
            rounds: roundList.map((r) => ({ ...r, responses: byRound.get(r.round) ?? [] })),
            ownQuestions: d.own_questions,
            minGroupSize,
          });
        },
        serializePulsReportingBase,
        parsePulsReportingBase,
      );
      return {
        meta: { survey_id: row.id, name: d.details.name ?? '', company: row.company_name, employees: surveyPopulation(d.details, row.employees_total), start_date: d.details.start_date ?? null, end_date: d.details.end_date ?? null },
        companyId: row.company_id,
        languages: d.details.languages ?? [],
        reportLanguage: undefined,
        questionIds: d.questions,
        ownQuestions: d.own_questions,
        schedule: rounds.length > 0 ? schedule : undefined,
        base,
        seed: seedOf(row.id),
        logo: await logo(row),
      };
    },

    pulsFigures(source: PulsReportSource, language: ReportSettings['language']): PulsFigures {
      return buildPulsFigures({ meta: source.meta, questionIds: source.questionIds, ownQuestions: source.ownQuestions, base: source.base, language, seed: source.seed, schedule: source.schedule });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
