/**
 * Why a question is not available as a group or filter: after its rare values are merged into
 * "Other", one group is left either because nearly everyone gave the same answer ('one-group') or
 * because every answer was rare ('spread'). Each report says the true one.
 */
import { describe, expect, it } from 'vitest';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import { reportSettingsSchema } from '../../../../shared/schemas/report.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { protectionRows } from '../excel/excel.js';
import { answers, figuresFrom, online } from './testing.js';
import { oneGroupReason } from './reporting-base.js';

const meta = { survey_id: 7, name: 'IZZ 2026', company: 'Demo d.o.o.', employees: 40, start_date: '2026-03-01', end_date: '2026-03-31' };
const SHIFT: ExtraQuestion = {
  id: 'shift',
  type: 'radio',
  title: { en: 'Which shift do you work?', sl: 'V kateri izmeni delate?' },
  description: {},
  answers: [
    { en: 'Morning', sl: 'Jutranja' },
    { en: 'Afternoon', sl: 'Popoldanska' },
    { en: 'Night', sl: 'Nočna' },
    { en: 'Weekend', sl: 'Vikend' },
  ],
  required: true,
  allow_comments: false,
};
const survey = { departments: ['A', 'B', 'C'], locations: [], extraQuestions: [SHIFT], demographicIds: [] };

/** One respondent per entry: [department, shift answer index]. */
const izz = (rows: [string, number][]) =>
  figuresFrom({ meta, survey, settings: reportSettingsSchema.parse({}), minGroupSize: 5, responses: rows.map(([department, shift]) => online(answers({ all: 3, department, extra: { shift: { value: shift } } }))) });
const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

describe('oneGroupReason', () => {
  it('one value with at least k and the rest below k: the same answer; every value below k: spread', () => {
    expect(oneGroupReason([...times(20, 'a'), ...times(3, 'b')], 5)).toBe('one-group');
    expect(oneGroupReason(times(7, 'a'), 5)).toBe('one-group');
    expect(oneGroupReason([...times(4, 'a'), ...times(4, 'b'), ...times(4, 'c')], 5)).toBe('spread');
  });
});

describe('IZZ: the reason a question is left out', () => {
  it('a dimension whose answers are spread thinly is left out as spread, one dominated by one answer as the same answer', () => {
    // Departments 4 / 4 / 4 (each below 5): all three join "Other", one group is left -> spread.
    // Shift: Morning 12 of 12 -> the same answer.
    const spread = izz([...times<[string, number]>(4, ['A', 0]), ...times<[string, number]>(4, ['B', 0]), ...times<[string, number]>(4, ['C', 0])]);
    expect(spread.protection.left_out).toEqual([
      { question: 'department', reason: 'spread' },
      { question: 'extra:shift', reason: 'one-group' },
    ]);
    // Departments 20 / 3: B joins "Other" (3), which is still below 5, so A joins too -> the same answer.
    const dominated = izz([...times<[string, number]>(20, ['A', 0]), ...times<[string, number]>(3, ['B', 1])]);
    expect(dominated.protection.left_out).toContainEqual({ question: 'department', reason: 'one-group' });
  });

  it('a radio question with every answer rare is left out as spread', () => {
    // Shift 3 / 3 / 3 / 3 of 12 (each below 5): merged into "Other" one after another until all of them are.
    const f = izz([0, 1, 2, 3].flatMap((s) => times<[string, number]>(3, ['A', s])));
    expect(f.protection.left_out).toContainEqual({ question: 'extra:shift', reason: 'spread' });
    expect(f.extra_questions.find((e) => e.id === 'shift')).toMatchObject({ suppressed: true, n: 0 });
  });

  it('the protection text names the true reason, in sl and in en', () => {
    const f = izz([0, 1, 2, 3].flatMap((s) => times<[string, number]>(3, ['A', s])));
    for (const language of ['sl', 'en'] as const) {
      const t = textsFor(language, 'reports');
      const rows = protectionRows(f.protection, (q) => q, language).map(([, text]) => text);
      expect(rows).toContain(`extra:shift: ${t('excel.leftOutSpread')}`);
      expect(rows).toContain(`department: ${t('excel.leftOutOneGroup')}`);
    }
    expect(textsFor('en', 'reports')('excel.leftOutSpread')).toBe('not available as a group or filter (the answers were spread over too many small groups)');
    expect(textsFor('sl', 'reports')('excel.leftOutSpread')).toBe('ni na voljo kot skupina ali filter (odgovori so se razpršili v preveč majhnih skupin)');
    expect(textsFor('en', 'reports')('excel.leftOutOneGroup')).toContain('nearly everyone gave the same answer');
    expect(textsFor('sl', 'reports')('excel.leftOutOneGroup')).toContain('skoraj vsi so odgovorili enako');
  });
});
