import { describe, expect, it } from 'vitest';
import { STATEMENTS } from '../question-banks/index.js';
import { REPORT_FIELD_ERRORS, reportSettingsIssues, reportSettingsSchema, type ReportFilterContext } from './report.js';

const messages = (input: unknown) => {
  const r = reportSettingsSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('reportSettingsSchema', () => {
  it('defaults: report language hr, no chosen questions, no filter', () => {
    expect(reportSettingsSchema.parse({})).toEqual({ language: 'hr', chosen_questions: [], filter: { group: undefined, answers: [] } });
  });

  it('takes any of the 8 report languages and nothing else', () => {
    for (const language of ['hr', 'en', 'sl', 'sr', 'bs', 'mk', 'de', 'fr']) expect(reportSettingsSchema.parse({ language }).language).toBe(language);
    expect(messages({ language: 'it' })).toHaveLength(1);
  });

  it('only one question group: "You have already marked one group of questions!"', () => {
    expect(reportSettingsSchema.parse({ filter: { group: 'department' } }).filter.group).toBe('department');
    expect(reportSettingsSchema.parse({ filter: { group: ['demographic:gender'] } }).filter.group).toBe('demographic:gender');
    expect(messages({ filter: { group: ['department', 'location'] } })).toEqual([`filter.group: ${REPORT_FIELD_ERRORS.oneGroup}`]);
    expect(REPORT_FIELD_ERRORS.oneGroup).toBe('field:report-filter-one-group');
  });

  it('at most 2 additional answers: "You have already marked 2 additional answers!"', () => {
    const a = (value: string) => ({ question: 'extra:q1', value });
    expect(reportSettingsSchema.parse({ filter: { answers: [a('0'), a('1')] } }).filter.answers).toHaveLength(2);
    expect(messages({ filter: { answers: [a('0'), a('1'), a('2')] } })).toEqual([`filter.answers: ${REPORT_FIELD_ERRORS.twoAnswers}`]);
    expect(REPORT_FIELD_ERRORS.twoAnswers).toBe('field:report-filter-two-answers');
    // The same answer twice counts once.
    expect(reportSettingsSchema.parse({ filter: { answers: [a('0'), a('0')] } }).filter.answers).toEqual([a('0')]);
  });

  it('up to 15 chosen questions, no repeats, statement ids only', () => {
    const ids = STATEMENTS.slice(0, 16).map((s) => s.id);
    expect(reportSettingsSchema.parse({ chosen_questions: ids.slice(0, 15) }).chosen_questions).toHaveLength(15);
    expect(messages({ chosen_questions: ids })).toEqual(['chosen_questions: field:too-many-questions']);
    expect(messages({ chosen_questions: ['JC01', 'JC01'] })).toEqual(['chosen_questions: field:unknown-question']);
    expect(messages({ chosen_questions: ['nope'] })).toEqual(['chosen_questions.0: field:unknown-question']);
  });

  it('filter question keys have one of four shapes', () => {
    for (const group of ['demographic:age_group', 'department', 'location', 'extra:abc-123']) expect(messages({ filter: { group } })).toEqual([]);
    for (const group of ['gender', 'extra:', 'demographic:Bad', 'department:x']) expect(messages({ filter: { group } })).toHaveLength(1);
  });
});

describe('reportSettingsIssues', () => {
  const ctx: ReportFilterContext = {
    demographicIds: ['gender'],
    departments: ['Sales'],
    locations: [],
    statementIds: ['JC01', 'JC02'],
    extraQuestions: [
      { id: 'r', type: 'radio', answers: [{}, {}] },
      { id: 'c', type: 'checkbox', answers: [{}, {}, {}] },
      { id: 's', type: 'scale', answers: [], scale: { min: 1, max: 5 } },
      { id: 't', type: 'text250', answers: [] },
    ],
    base: {
      dimensions: [
        { question: 'department', values: [{ key: 'Sales', merged: [] }, { key: '~other', merged: ['IT', ''] }] },
        { question: 'demographic:gender', values: [{ key: 'male', merged: [] }, { key: 'female', merged: [] }, { key: '', merged: [] }] },
        { question: 'extra:r', values: [{ key: '0', merged: [] }, { key: '1', merged: [] }] },
        { question: 'extra:s', values: ['1', '2', '3', '4', '5'].map((key) => ({ key, merged: [] })) },
      ],
      left_out: [],
      withheld: 0,
    },
  };
  const issues = (input: unknown) => reportSettingsIssues(reportSettingsSchema.parse(input), ctx).map((i) => `${i.path}: ${i.message}`);

  it('accepts groups and answers the survey has', () => {
    expect(issues({ chosen_questions: ['JC02'], filter: { group: 'extra:r', answers: [{ question: 'department', value: 'Sales' }, { question: 'extra:r', value: '1' }] } })).toEqual([]);
    expect(issues({ filter: { answers: [{ question: 'department', value: '~other' }] } })).toEqual([]);
    expect(issues({ filter: { group: 'extra:s', answers: [{ question: 'extra:s', value: '5' }] } })).toEqual([]);
  });

  it('refuses unknown questions and answers, checkbox/text groups and text answers', () => {
    expect(issues({ chosen_questions: ['WC01'] })).toEqual(['chosen_questions.0: field:unknown-question']);
    expect(issues({ filter: { group: 'location' } })).toEqual(['filter.group: field:unknown-question']);
    expect(issues({ filter: { group: 'demographic:tenure' } })).toEqual(['filter.group: field:unknown-question']);
    expect(issues({ filter: { group: 'extra:c' } })).toEqual(['filter.group: field:report-filter-not-groupable']);
    expect(issues({ filter: { group: 'extra:t' } })).toEqual(['filter.group: field:report-filter-not-groupable']);
    expect(issues({ filter: { answers: [{ question: 'extra:t', value: 'x' }] } })).toEqual(['filter.answers.0: field:report-filter-not-groupable']);
    expect(issues({ filter: { answers: [{ question: 'department', value: 'Nowhere' }] } })).toEqual(['filter.answers.0: field:unknown-question']);
    expect(issues({ filter: { answers: [{ question: 'extra:c', value: '2' }] } })).toEqual(['filter.answers.0: field:report-filter-not-groupable']);
    expect(issues({ filter: { answers: [{ question: 'extra:r', value: '2' }] } })).toEqual(['filter.answers.0: field:unknown-question']);
    expect(issues({ filter: { answers: [{ question: 'extra:s', value: '6' }] } })).toEqual(['filter.answers.0: field:unknown-question']);
  });

  it('refuses what the reporting base does not release: a value merged into "Other", a question left out, "no answer"', () => {
    expect(issues({ filter: { answers: [{ question: 'department', value: 'IT' }] } })).toEqual(['filter.answers.0: field:report-filter-protected']);
    const leftOut = { ...ctx, base: { ...ctx.base, dimensions: ctx.base.dimensions.filter((d) => d.question !== 'demographic:gender'), left_out: [{ question: 'demographic:gender', reason: 'small-combinations' as const }] } };
    const refused = (input: unknown) => reportSettingsIssues(reportSettingsSchema.parse(input), leftOut).map((i) => `${i.path}: ${i.message}`);
    expect(refused({ filter: { group: 'demographic:gender' } })).toEqual(['filter.group: field:report-filter-protected']);
    expect(refused({ filter: { answers: [{ question: 'demographic:gender', value: 'male' }] } })).toEqual(['filter.answers.0: field:report-filter-protected']);
  });
});
