/**
 * Why a question is not available as a group or filter: after its rare values are merged into
 * "Other", one group is left either because nearly everyone gave the same answer ('one-group') or
 * because every answer was rare ('spread'). Each report says the true one.
 */
import { describe, expect, it } from 'vitest';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import { pulsFiguresSchema, reportSettingsSchema, type PulsRoundFigures } from '../../../../shared/schemas/report.js';
import { textsFor } from '../../../../shared/i18n/node.js';
import { protectionRows } from '../excel/excel.js';
import { answers, figuresFrom, online, pulsFiguresFrom } from './testing.js';
import { buildPulsReportingBase, oneGroupReason, parsePulsReportingBase, serializePulsReportingBase } from './reporting-base.js';

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

describe('PULS: rare answers of the company’s own questions are merged per round', () => {
  const MORNING = 0;
  const AFTERNOON = 1;
  const NIGHT = 2;
  const WEEKEND = 3;
  /** A round's responses: `counts[i]` respondents gave shift answer i (-1: no answer). */
  const round = (counts: Record<number, number>, comment?: string) =>
    Object.entries(counts).flatMap(([answer, n]) =>
      times(n, Number(answer)).map((a, i) => answers({ puls: { P01: 4 }, extra: a < 0 ? {} : { shift: { value: a, ...(comment && i === 0 ? { comment } : {}) } } })),
    );
  const rounds = [
    // Round 1: Morning 10, Afternoon 6, Night 1 -> Night (1) joins "Other", which is below 5, so Afternoon (6) joins too.
    { round: 1, responses: round({ [MORNING]: 10, [AFTERNOON]: 6, [NIGHT]: 1 }) },
    // Round 2: Morning 8, Afternoon 6, Night 3, Weekend 2 -> Weekend + Night = 5: "Other: Night, Weekend".
    { round: 2, responses: round({ [MORNING]: 8, [AFTERNOON]: 6, [NIGHT]: 3, [WEEKEND]: 2 }) },
    // Round 3: 3 / 3 / 3 / 3, every answer below 5 -> all merged, one group left: spread.
    { round: 3, responses: round({ [MORNING]: 3, [AFTERNOON]: 3, [NIGHT]: 3, [WEEKEND]: 3 }, 'a comment') },
    // Round 4: Morning 12, Night 2 -> Night and then Morning join "Other": nearly everyone the same answer.
    { round: 4, responses: round({ [MORNING]: 12, [NIGHT]: 2 }) },
    // Round 5: nobody answered the question (it is optional here): shown with no answers, not left out.
    { round: 5, responses: round({ [-1]: 6 }) },
  ];
  const f = pulsFiguresFrom({ meta, questionIds: ['P01'], ownQuestions: [SHIFT], language: 'en', minGroupSize: 5, rounds });
  const at = (n: number): PulsRoundFigures => f.rounds.find((r) => r.round === n)!;
  const shift = (n: number) => at(n).own_questions.find((q) => q.id === 'shift')!;
  const options = (n: number) => {
    const q = shift(n);
    return q.type === 'radio' ? q.options.map((o) => [o.label, o.count, o.other]) : null;
  };

  it('a rare answer is counted in "Other", which lists the answers merged into it; it is never shown on its own', () => {
    expect(pulsFiguresSchema.parse(f)).toEqual(f);
    // Round 1: no "Night: 1".
    expect(options(1)).toEqual([
      ['Morning', 10, false],
      ['Weekend', 0, false],
      ['Afternoon, Night', 7, true],
    ]);
    expect(options(2)).toEqual([
      ['Morning', 8, false],
      ['Afternoon', 6, false],
      ['Night, Weekend', 5, true],
    ]);
    expect(at(1).left_out).toEqual([]);
    expect(shift(1)).toMatchObject({ n: 17, suppressed: false });
  });

  it('the stored base holds no rare raw answer: "Other" is all there is of it, also after storing and reading it back', () => {
    const base = parsePulsReportingBase(serializePulsReportingBase(buildPulsReportingBase({ seed: 's', rounds, ownQuestions: [SHIFT], minGroupSize: 5 })));
    const r1 = base.rounds.find((r) => r.round === 1)!;
    expect(r1.own.dimensions).toEqual([{ question: 'extra:shift', values: [{ key: '0', merged: [] }, { key: '3', merged: [] }, { key: '~other', merged: ['1', '2'] }] }]);
    expect(new Set(r1.respondents.map((x) => x.dims['extra:shift']))).toEqual(new Set(['0', '~other']));
    // The answer itself is not kept beside the released value.
    expect(r1.respondents.every((x) => x.answers.extra.shift === undefined)).toBe(true);
    // Round 3 (left out) keeps no value of the question at all, only the comments written on it (one per answer here).
    const r3 = base.rounds.find((r) => r.round === 3)!;
    expect(r3.respondents.every((x) => x.dims['extra:shift'] === undefined)).toBe(true);
    expect(r3.respondents.flatMap((x) => (x.answers.extra.shift ? [x.answers.extra.shift] : []))).toEqual(times(4, { value: '', comment: 'a comment' }));
  });

  it('a round whose answers are all spread thinly leaves the question out as spread; one dominated by one answer as the same answer', () => {
    expect(at(3).left_out).toEqual([{ question: 'extra:shift', reason: 'spread' }]);
    expect(shift(3)).toMatchObject({ suppressed: true, n: 0, comments: [] });
    expect(at(4).left_out).toEqual([{ question: 'extra:shift', reason: 'one-group' }]);
    expect(shift(4)).toMatchObject({ suppressed: true, n: 0 });
    // The pulse questions of those rounds are shown as usual.
    expect(at(3).questions[0]).toMatchObject({ id: 'P01', n: 12, suppressed: false });
  });

  it('a round where nobody answered the question shows it with no answers, not as left out', () => {
    expect(at(5).left_out).toEqual([]);
    expect(shift(5)).toMatchObject({ suppressed: false, n: 0 });
  });

  it('the reason reads true in sl and in en', () => {
    const en = textsFor('en', 'reports');
    const sl = textsFor('sl', 'reports');
    expect(en('labels.notAvailable.spread')).toBe('Not available: the answers were spread over too many small groups.');
    expect(en('labels.notAvailable.oneGroup')).toBe('Not available: nearly everyone gave the same answer.');
    expect(sl('labels.notAvailable.spread')).toBe('Ni na voljo: odgovori so se razpršili v preveč majhnih skupin.');
    expect(sl('labels.notAvailable.oneGroup')).toBe('Ni na voljo: skoraj vsi so odgovorili enako.');
  });
});
