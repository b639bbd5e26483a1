import { describe, expect, it } from 'vitest';
import { PULS_QUESTIONS } from '../../../shared/question-banks/index.js';
import { extraQuestionSchema } from '../../../shared/schemas/application.js';
import { checkResponse, responseIssues, storedAnswers, type QuestionnairePackage } from '../../../shared/schemas/questionnaire.js';

const text = PULS_QUESTIONS.find((q) => q.kind === 'text')?.id ?? '';
const enps = PULS_QUESTIONS.find((q) => q.kind === 'enps')?.id ?? '';
const scale5 = PULS_QUESTIONS.find((q) => q.kind === 'scale5')?.id ?? '';

const pkg: QuestionnairePackage = {
  survey_id: 1,
  type: 'puls',
  name: 'Pulse',
  company_name: 'Demo',
  logo_url: null,
  languages: ['en'],
  end_date: '2026-12-31',
  statement_ids: [],
  demographic_ids: [],
  departments: [],
  locations: [],
  extra_questions: [
    extraQuestionSchema.parse({ id: 'cb', type: 'checkbox', title: { en: 'Pick' }, description: {}, answers: [{ en: 'a' }, { en: 'b' }, { en: 'c' }] }),
    extraQuestionSchema.parse({ id: 'sc', type: 'scale', title: { en: 'Rate' }, description: {}, answers: [], scale: { min: 0, max: 4, min_label: {}, max_label: {} } }),
    extraQuestionSchema.parse({ id: 'long', type: 'text1000', title: { en: 'Say' }, description: {}, answers: [], required: false, allow_comments: false }),
  ],
  puls_question_ids: [scale5, enps, text],
  round: 1,
};
const good = () => ({ language: 'en', extra: { cb: { value: [0, 2] }, sc: { value: 0 } }, puls: { [scale5]: 5, [enps]: 0 } });
const paths = (answers: unknown) => responseIssues(pkg, answers).map((i) => `${i.path}:${i.code}`);

describe('responseIssues (PULS package, extra question types)', () => {
  it('accepts a complete response; text questions and optional extras may be left out', () => {
    expect(paths(good())).toEqual([]);
    expect(paths({ ...good(), extra: { ...good().extra, long: { value: 'x'.repeat(1000) } }, puls: { ...good().puls, [text]: 'y'.repeat(500) } })).toEqual([]);
    expect(paths({ ...good(), extra: { cb: { value: ['1'] }, sc: { value: 4 } } })).toEqual([]);
  });

  it('refuses each broken rule with its path', () => {
    expect(paths({ ...good(), extra: { ...good().extra, cb: { value: [3] } } })).toEqual(['extra.cb.value:out-of-range']);
    expect(paths({ ...good(), extra: { ...good().extra, cb: { value: [1, 1] } } })).toEqual(['extra.cb.value:out-of-range']);
    expect(paths({ ...good(), extra: { ...good().extra, cb: { value: 1 } } })).toEqual(['extra.cb.value:invalid']);
    expect(paths({ ...good(), extra: { ...good().extra, cb: { value: [] } } })).toEqual(['extra.cb.value:required']);
    expect(paths({ ...good(), extra: { ...good().extra, sc: { value: 5 } } })).toEqual(['extra.sc.value:out-of-range']);
    expect(paths({ ...good(), extra: { ...good().extra, sc: { value: 'high' } } })).toEqual(['extra.sc.value:invalid']);
    expect(paths({ ...good(), extra: { ...good().extra, long: { value: 'x'.repeat(1001) } } })).toEqual(['extra.long.value:too-long']);
    expect(paths({ ...good(), extra: { ...good().extra, long: { value: 'x', comment: 'no' } } })).toEqual(['extra.long.comment:not-allowed']);
    expect(paths({ ...good(), puls: { [scale5]: 6, [enps]: 0 } })).toEqual([`puls.${scale5}:out-of-range`]);
    expect(paths({ ...good(), puls: { [scale5]: 1 } })).toEqual([`puls.${enps}:required`]);
    expect(paths({ ...good(), puls: { ...good().puls, [text]: 'z'.repeat(501) } })).toEqual([`puls.${text}:too-long`]);
    expect(paths({ ...good(), puls: { ...good().puls, P99: 3 } })).toEqual(['puls.P99:unknown']);
    expect(paths({ ...good(), enps_grade: 5 })).toEqual(['enps_grade:unknown']);
    expect(paths({ ...good(), statements: { DS01: 3 } })).toEqual(['statements.DS01:unknown']);
    expect(paths(null)).toHaveLength(1);
  });
});

describe('storedAnswers (the copy a valid response is stored as)', () => {
  const stored = (answers: unknown) => {
    const checked = checkResponse(pkg, answers);
    expect(checked.issues).toEqual([]);
    return JSON.stringify(storedAnswers(pkg, checked.answers!));
  };

  it('keeps only the schema\'s fields, in a fixed order, whatever the input\'s order and extra keys', () => {
    const input = {
      puls: { [enps]: 0, [scale5]: 5, [text]: 'Fine' },
      extra: { sc: { value: 0, at: 'x' }, cb: { value: ['2', 0], who: 'Ana' } },
      token: 't',
      language: 'en',
      employee: 'Ana Novak',
    };
    expect(stored(input)).toBe(JSON.stringify({ language: 'en', statements: {}, demographics: {}, extra: { cb: { value: [2, 0] }, sc: { value: 0 } }, puls: { [scale5]: 5, [enps]: 0, [text]: 'Fine' } }));
  });

  it('leaves blank optional answers out and stores the same thing for every way of leaving them blank', () => {
    const blanks = [
      { ...good(), extra: { ...good().extra, long: { value: '' } }, puls: { ...good().puls, [text]: '  ' } },
      { ...good(), extra: { ...good().extra, long: { value: [] } } },
      good(),
    ];
    const expected = JSON.stringify({ language: 'en', statements: {}, demographics: {}, extra: { cb: { value: [0, 2] }, sc: { value: 0 } }, puls: { [scale5]: 5, [enps]: 0 } });
    for (const b of blanks) expect(stored(b)).toBe(expected);
  });
});
