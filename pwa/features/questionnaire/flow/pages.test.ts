import { describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../../shared/question-banks';
import type { QuestionnairePackage } from '../../../../shared/schemas/questionnaire';
import { buildPages, defaultLanguage, firstIncompletePage, pageIssues, pageOfPath, resumePage } from './pages';

const izz: QuestionnairePackage = {
  survey_id: 1,
  type: 'izz',
  name: 'IZZ',
  company_name: 'Demo',
  logo_url: null,
  languages: ['sl', 'en'],
  end_date: '2099-01-01',
  statement_ids: STATEMENTS.map((s) => s.id),
  demographic_ids: ['gender'],
  departments: ['Razvoj'],
  locations: [],
  extra_questions: [{ id: 'x1', type: 'radio', title: { en: 'Shifts?' }, description: {}, answers: [{ en: 'Yes' }, { en: 'No' }], required: true, allow_comments: false }],
  puls_question_ids: [],
  round: null,
};

const puls: QuestionnairePackage = { ...izz, type: 'puls', statement_ids: [], demographic_ids: [], departments: [], extra_questions: [], puls_question_ids: ['P01', 'P02', 'P03', 'P04', 'P05', 'P06', 'P07'], round: 1 };

function complete(): Record<string, unknown> {
  return {
    language: 'sl',
    statements: Object.fromEntries(STATEMENTS.map((s) => [s.id, 3])),
    enps_grade: 9,
    esi_workplace_satisfaction: 8,
    esi_workplace_expectations: 7,
    esi_ideal_job_comparison: 6,
    extra: { x1: { value: 0 } },
  };
}

describe('questionnaire pages', () => {
  it('IZZ: one page per category, then ratings, about you, extra questions, praise/critique', () => {
    const pages = buildPages(izz);
    expect(pages.map((p) => p.kind)).toEqual([...Array(9).fill('category'), 'ratings', 'about', 'extra', 'praise']);
    expect(pages.flatMap((p) => (p.kind === 'category' ? p.statementIds : []))).toHaveLength(74);
    expect(buildPages({ ...izz, demographic_ids: [], departments: [], extra_questions: [] }).map((p) => p.kind)).not.toContain('about');
  });

  it('PULS: the questions in pages of 5', () => {
    const pages = buildPages(puls);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toMatchObject({ kind: 'puls', questionIds: ['P06', 'P07'] });
  });

  it('maps an answer path to its page', () => {
    const pages = buildPages(izz);
    expect(pageOfPath(pages, `statements.${STATEMENTS[0]?.id}`)).toBe(0);
    expect(pageOfPath(pages, `statements.${STATEMENTS[73]?.id}`)).toBe(8);
    expect(pageOfPath(pages, 'esi_ideal_job_comparison')).toBe(9);
    expect(pageOfPath(pages, 'department')).toBe(10);
    expect(pageOfPath(pages, 'extra.x1.value')).toBe(11);
    expect(pageOfPath(pages, 'praise_critique')).toBe(12);
    expect(pageOfPath(buildPages(puls), 'puls.P07')).toBe(1);
  });

  it('finds the missing answers of a page and the first page with one', () => {
    const pages = buildPages(izz);
    const answers = complete();
    expect(firstIncompletePage(izz, pages, answers)).toBeNull();
    const statements = answers.statements as Record<string, number>;
    const wc = STATEMENTS.find((s) => s.category === 'working_conditions')?.id ?? '';
    delete statements[wc];
    delete answers.enps_grade;
    expect(firstIncompletePage(izz, pages, answers)).toBe(1);
    expect(pageIssues(izz, pages, answers, 1)).toEqual([{ path: `statements.${wc}`, code: 'required' }]);
    expect(pageIssues(izz, pages, answers, 9)).toEqual([{ path: 'enps_grade', code: 'required' }]);
    expect(pageIssues(izz, pages, answers, 0)).toEqual([]);
    // optional pages never block
    expect(pageIssues(izz, pages, answers, 10)).toEqual([]);
    expect(firstIncompletePage(izz, pages, { language: 'sl' })).toBe(0);
  });

  it('PULS: scale and eNPS questions are mandatory, text is not', () => {
    const pages = buildPages(puls);
    expect(firstIncompletePage(puls, pages, { language: 'sl', puls: { P01: 3 } })).toBe(0);
  });

  it('resumes at the saved page, kept within the pages', () => {
    const pages = buildPages(izz);
    expect(resumePage(pages, 4)).toBe(4);
    expect(resumePage(pages, 99)).toBe(12);
    expect(resumePage(pages, -1)).toBe(0);
    expect(resumePage(pages, Number.NaN)).toBe(0);
  });

  it('defaults the question language to the UI locale when offered, else English, else the first', () => {
    expect(defaultLanguage(['sl', 'en'], 'sl')).toBe('sl');
    expect(defaultLanguage(['sl', 'en'], 'mk')).toBe('en');
    expect(defaultLanguage(['hr', 'de'], 'mk')).toBe('hr');
  });
});
