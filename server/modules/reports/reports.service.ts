/**
 * Reports (issue 6): reads a survey the caller may see, its responses and its company, and turns
 * them into figures with the pure statistics module (server/reports). Only figures leave this
 * service: responses are read here and handed to the statistics module, never returned.
 *
 * Access: the owning company, or the administrator (any survey). Another company's survey, an
 * unknown id and a survey of the wrong type answer 404 alike, so ids cannot be probed.
 * Availability: an IZZ report once the survey is finished; a PULS report once the survey is
 * finished or, while it runs, once a round has closed (the report then holds the closed rounds).
 * Earlier: 409 'report-unavailable'.
 */
import { randomInt } from 'node:crypto';
import { pulsApplicationDraftSchema, izzApplicationDraftSchema, type ExtraQuestion } from '../../../shared/schemas/application.js';
import type { ResponseAnswers } from '../../../shared/schemas/questionnaire.js';
import type { PulsFigures, ReportFigures, ReportOptions, ReportSettings, SurveyMeta } from '../../../shared/schemas/report.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { Rng } from '../../reports/anonymity.js';
import { buildPulsFigures, buildReportFigures, ReportSettingsError, type ReportResponse, type ReportSurvey, type PulsRoundInput } from '../../reports/figures.js';

/** Who asks: a company (its own surveys) or the administrator (every survey). */
export type ReportViewer = { admin: true } | { admin: false; companyId: number };

export interface ReportLogoBytes {
  bytes: Uint8Array;
  type: 'png' | 'jpg';
}

/** Everything a renderer of an IZZ report may need: figures, plus the inputs of the anonymised matrix (Excel v2). */
export interface IzzReportSource {
  meta: SurveyMeta;
  survey: ReportSurvey;
  responses: ReportResponse[];
  logo: ReportLogoBytes | null;
}

export interface PulsReportSource {
  meta: SurveyMeta;
  questionIds: string[];
  ownQuestions: ExtraQuestion[];
  rounds: PulsRoundInput[];
  logo: ReportLogoBytes | null;
}


interface SurveyRow {
  id: number;
  company_id: number;
  type: 'izz' | 'puls';
  state: string;
  draft: string;
  started_at: string | null;
  finished_at: string | null;
  company_name: string;
  employees_total: number;
  logo_asset_id: string | null;
}

/** Cryptographic randomness for the comment order (tests inject a seeded one). */
export const cryptoRng: Rng = () => randomInt(0, 2 ** 32) / 2 ** 32;

function parseAnswers(text: string): ResponseAnswers {
  const a = JSON.parse(text) as Partial<ResponseAnswers>;
  return { language: a.language ?? 'en', ...a, statements: a.statements ?? {}, demographics: a.demographics ?? {}, extra: a.extra ?? {}, puls: a.puls ?? {} };
}

export function createReportsService(deps: { db: Db; minGroupSize: number; rng?: Rng }) {
  const { db, minGroupSize } = deps;
  const rng = deps.rng ?? cryptoRng;

  function survey(viewer: ReportViewer, id: number, type: 'izz' | 'puls'): SurveyRow {
    const row = db.get<SurveyRow>(
      `SELECT a.id, a.company_id, a.type, a.state, a.draft, a.started_at, a.finished_at, c.name AS company_name, c.employees_total, c.logo_asset_id
         FROM applications a JOIN companies c ON c.id = a.company_id WHERE a.id = ?`,
      [id],
    );
    if (!row || row.type !== type || (!viewer.admin && row.company_id !== viewer.companyId)) throw new AppError('not-found');
    return row;
  }

  function logo(row: SurveyRow): ReportLogoBytes | null {
    if (!row.logo_asset_id) return null;
    const a = db.get<{ content_type: string; bytes: Buffer }>('SELECT content_type, bytes FROM assets WHERE id = ?', [row.logo_asset_id]);
    if (!a) return null;
    if (a.content_type === 'image/png') return { bytes: new Uint8Array(a.bytes), type: 'png' };
    if (a.content_type === 'image/jpeg') return { bytes: new Uint8Array(a.bytes), type: 'jpg' };
    return null;
  }

  const employees = (row: SurveyRow) => (row.employees_total > 0 ? row.employees_total : null);

  return {
    minGroupSize,

    /** The IZZ survey, its responses and company (404 / 409 as above). */
    izzSource(viewer: ReportViewer, id: number): IzzReportSource {
      const row = survey(viewer, id, 'izz');
      if (row.state !== 'finished') throw new AppError('report-unavailable');
      const d = izzApplicationDraftSchema.parse(JSON.parse(row.draft));
      const responses = db
        .all<{ channel: ReportResponse['channel']; answers: string }>('SELECT channel, answers FROM responses WHERE survey_id = ?', [id])
        .map((r) => ({ channel: r.channel, answers: parseAnswers(r.answers) }));
      return {
        meta: { survey_id: row.id, name: d.details.name ?? '', company: row.company_name, employees: employees(row), start_date: d.details.start_date ?? null, end_date: d.details.end_date ?? null },
        survey: {
          departments: d.demographics.departments,
          locations: d.demographics.locations,
          extraQuestions: d.extra_questions,
          demographicIds: d.demographics.questions,
          reportQuestions: d.report_questions,
        },
        responses,
        logo: logo(row),
      };
    },

    /** What the settings form offers (the survey's definition, no responses): 404 / 409 as the report. */
    options(viewer: ReportViewer, id: number): ReportOptions {
      const row = db.get<{ type: 'izz' | 'puls' }>('SELECT type FROM applications WHERE id = ?', [id]);
      if (row?.type === 'puls') {
        const p = this.pulsSource(viewer, id);
        return { type: 'puls', name: p.meta.name, company: p.meta.company, departments: [], locations: [], demographic_ids: [], extra_questions: p.ownQuestions, report_questions: [], puls_question_ids: p.questionIds };
      }
      const s = this.izzSource(viewer, id);
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
      };
    },

    /** Figures of a source; settings that do not fit the survey answer 422 with the issues as details. */
    izzFigures(source: IzzReportSource, settings: ReportSettings): ReportFigures {
      try {
        return buildReportFigures({ meta: source.meta, survey: source.survey, responses: source.responses, settings, minGroupSize, rng });
      } catch (error) {
        if (error instanceof ReportSettingsError) {
          throw new AppError('validation-failed', { details: error.issues.map((i) => ({ location: 'query', path: i.path, code: 'custom', message: i.message })) });
        }
        throw error;
      }
    },

    /** The PULS survey with its rounds so far (closed ones; all once finished). */
    pulsSource(viewer: ReportViewer, id: number): PulsReportSource {
      const row = survey(viewer, id, 'puls');
      const finished = row.state === 'finished';
      const rounds = db.all<{ number: number; opens_on: string; closes_on: string; state: string }>('SELECT number, opens_on, closes_on, state FROM survey_rounds WHERE survey_id = ? ORDER BY number', [id]);
      const shown = finished ? rounds.filter((r) => r.state !== 'pending') : rounds.filter((r) => r.state === 'closed');
      if (!finished && (row.state !== 'in_progress' || shown.length === 0)) throw new AppError('report-unavailable');
      const d = pulsApplicationDraftSchema.parse(JSON.parse(row.draft));
      const byRound = new Map<number, ResponseAnswers[]>(shown.map((r) => [r.number, []]));
      for (const r of db.all<{ round: number | null; answers: string }>('SELECT round, answers FROM responses WHERE survey_id = ?', [id])) {
        byRound.get(r.round ?? 1)?.push(parseAnswers(r.answers));
      }
      // A finished survey without round rows (e.g. one-off, older data): its responses form round 1.
      if (shown.length === 0) {
        const all = db.all<{ answers: string }>('SELECT answers FROM responses WHERE survey_id = ?', [id]).map((r) => parseAnswers(r.answers));
        byRound.set(1, all);
      }
      return {
        meta: { survey_id: row.id, name: d.details.name ?? '', company: row.company_name, employees: employees(row), start_date: d.details.start_date ?? null, end_date: d.details.end_date ?? null },
        questionIds: d.questions,
        ownQuestions: d.own_questions,
        rounds:
          shown.length > 0
            ? shown.map((r) => ({ round: r.number, start_date: r.opens_on, end_date: r.closes_on, responses: byRound.get(r.number) ?? [] }))
            : [{ round: 1, start_date: d.details.start_date ?? null, end_date: d.details.end_date ?? null, responses: byRound.get(1) ?? [] }],
        logo: logo(row),
      };
    },

    pulsFigures(source: PulsReportSource, language: ReportSettings['language']): PulsFigures {
      return buildPulsFigures({ meta: source.meta, questionIds: source.questionIds, ownQuestions: source.ownQuestions, rounds: source.rounds, language, minGroupSize, rng });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
