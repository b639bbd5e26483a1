import { describe, expect, it } from 'vitest';
import { carryOver } from './start-from';

describe('start a new survey from a finished one', () => {
  it('IZZ: carries the settings and questions over, keeps the fresh population, leaves out name, dates and e-mails', () => {
    const finished = {
      details: { name: 'IZZ 2025', collection: 'combined', start_date: '2025-03-01', end_date: '2025-03-20', employees: 320, code_type: 'individual', languages: ['sl', 'en'], respondent_emails: [{ email: 'a@b.si', language: 'sl' }] },
      report_questions: ['A1', 'B2'],
      additional_options: { report_language: 'sl', benchmark_report: true },
      demographics: { questions: ['age'], departments: ['Sales'], locations: ['Ljubljana'] },
      extra_questions: [{ id: 'q1', type: 'text250' }],
      report_breakdowns: { priority: ['department'], comments_by: 'department' },
      step: 6,
    };
    const next = carryOver('izz', finished, { details: { employees: 340 }, report_questions: [], step: 0 });
    expect(next).toEqual({
      details: { employees: 340, collection: 'combined', code_type: 'individual', languages: ['sl', 'en'] },
      report_questions: ['A1', 'B2'],
      additional_options: { report_language: 'sl', benchmark_report: true },
      demographics: { questions: ['age'], departments: ['Sales'], locations: ['Ljubljana'] },
      extra_questions: [{ id: 'q1', type: 'text250' }],
      report_breakdowns: { priority: ['department'], comments_by: 'department' },
      step: 0,
    });
  });

  it('PULS: carries questions, own questions, cadence and rounds over', () => {
    const next = carryOver('puls', { details: { name: 'P', cadence: 'monthly', rounds: 4, start_date: '2025-01-01' }, questions: ['P1'], own_questions: [], step: 3 }, { details: {} });
    expect(next).toEqual({ details: { cadence: 'monthly', rounds: 4 }, questions: ['P1'], own_questions: [], step: 0 });
  });
});
