/** The IZZ application's steps (with the draft paths each one checks) and its draft with every part filled in. */
import type { IzzApplicationDraft } from '../../../shared/schemas/application';

export const IZZ_STEPS = [
  { id: 'details', paths: ['details.name', 'details.collection', 'details.start_date', 'details.end_date', 'details.employees', 'details.online_respondents', 'details.offline_respondents', 'details.code_type', 'details.invitation_date', 'details.invitation_time', 'details.reminder_date', 'details.reminder_time', 'details.languages'] },
  { id: 'emails', paths: ['details.respondent_emails'] },
  { id: 'questions', paths: ['report_questions', 'additional_options'] },
  { id: 'demographics', paths: ['demographics'] },
  { id: 'extra', paths: ['extra_questions'] },
  { id: 'breakdowns', paths: ['report_breakdowns'] },
  { id: 'review', paths: [] },
] as const;

export function normalizeIzzDraft(draft: Partial<IzzApplicationDraft> | undefined): IzzApplicationDraft {
  return {
    details: draft?.details ?? {},
    report_questions: draft?.report_questions ?? [],
    additional_options: draft?.additional_options ?? {},
    demographics: { questions: [], departments: [], locations: [], ...draft?.demographics },
    extra_questions: draft?.extra_questions ?? [],
    report_breakdowns: { priority: [], ...draft?.report_breakdowns },
    step: Math.min(draft?.step ?? 0, IZZ_STEPS.length - 1),
  };
}
