/**
 * "Start a new survey" on a finished survey: what of the finished application's draft the new one starts with.
 * Carried over: the settings and questions the company chose (report statements, options, demographics,
 * departments and locations, its own questions, the breakdown ranking; PULS: the questions, cadence, rounds).
 * Not carried over: the name, the dates and times, the respondents' e-mail addresses and the population (each survey
 * has its own; the population starts from the profile's employee count as for any new application).
 */
import type { IzzApplicationDraft, PulsApplicationDraft } from '../../../shared/schemas/application';
import type { ApplicationType } from './applications-api';

export function izzCarryOver(d: Partial<IzzApplicationDraft>): Partial<IzzApplicationDraft> {
  const x = d.details ?? {};
  return {
    details: { collection: x.collection, code_type: x.code_type, languages: x.languages },
    report_questions: d.report_questions ?? [],
    additional_options: d.additional_options ?? {},
    demographics: d.demographics ?? { questions: [], departments: [], locations: [] },
    extra_questions: d.extra_questions ?? [],
    report_breakdowns: d.report_breakdowns ?? { priority: [] },
    step: 0,
  };
}

export function pulsCarryOver(d: Partial<PulsApplicationDraft>): Partial<PulsApplicationDraft> {
  const x = d.details ?? {};
  return {
    details: { code_type: x.code_type, languages: x.languages, cadence: x.cadence, rounds: x.rounds },
    questions: d.questions ?? [],
    own_questions: d.own_questions ?? [],
    step: 0,
  };
}

/**
 * The new application's draft: what the server started it with (`fresh`, e.g. the profile's employee count) with the
 * finished one's carry-over on top; undefined fields left out.
 */
export function carryOver(type: ApplicationType, finished: unknown, fresh: unknown): Record<string, unknown> {
  const d = (finished ?? {}) as Record<string, unknown>;
  const base = (fresh ?? {}) as { details?: Record<string, unknown> } & Record<string, unknown>;
  const next = type === 'izz' ? izzCarryOver(d as Partial<IzzApplicationDraft>) : pulsCarryOver(d as Partial<PulsApplicationDraft>);
  const clean = JSON.parse(JSON.stringify(next)) as { details: Record<string, unknown> } & Record<string, unknown>;
  return { ...base, ...clean, details: { ...base.details, ...clean.details } };
}
