/**
 * The company's ranking of its breakdowns and its choice of where comments are listed (the application's
 * report_breakdowns): the release coarsens or leaves out the lowest-ranked breakdown first, lists comments under the
 * chosen breakdown, and a coarsened base keeps that choice or lists comments for the whole survey only.
 */
import { describe, expect, it } from 'vitest';
import { answers, baseFrom } from './testing.js';
import { coarsenReportingBase } from './reporting-base.js';

const times = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);
const person = (department: string, gender: string, location = 'X') => answers({ all: 4, department, location, demographics: { gender } });

/**
 * Department A holds 5 men and 1 woman, B 6 women: "department A" minus "men" is one woman. Department and gender
 * cannot both be released whole; whichever is ranked lower gives way.
 */
const responses = [...times(5, () => person('A', 'male')), person('A', 'female'), ...times(6, () => person('B', 'female'))];
const survey = { departments: ['A', 'B'], locations: ['X'], extraQuestions: [], demographicIds: ['gender'] };

describe('the ranking of breakdowns', () => {
  it('by default the demographic gives way to the department', () => {
    const base = baseFrom(survey, responses);
    expect(base.summary.dimensions.map((d) => d.question)).toEqual(['department']);
    expect(base.summary.left_out).toContainEqual({ question: 'demographic:gender', reason: 'small-combinations' });
  });

  it('ranked first, the demographic is kept and the department gives way', () => {
    const base = baseFrom({ ...survey, priority: ['demographic:gender', 'department'] }, responses);
    expect(base.summary.dimensions.map((d) => d.question)).toEqual(['demographic:gender']);
    expect(base.summary.left_out).toContainEqual({ question: 'department', reason: 'small-combinations' });
  });

  it('a ranked key the survey no longer has is ignored', () => {
    const base = baseFrom({ ...survey, priority: ['extra:gone', 'demographic:gender'] }, responses);
    expect(base.summary.dimensions.map((d) => d.question)).toEqual(['demographic:gender']);
  });
});

describe('where comments are listed', () => {
  const big = [...times(10, () => person('A', 'male', 'X')), ...times(10, () => person('B', 'female', 'Y'))];
  const wide = { departments: ['A', 'B'], locations: ['X', 'Y'], extraQuestions: [], demographicIds: ['gender'] };

  it('department by default, the chosen breakdown when released, the whole survey only when chosen', () => {
    expect(baseFrom(wide, big).summary.comments_by).toBe('department');
    expect(baseFrom({ ...wide, commentsBy: 'demographic:gender' }, big).summary.comments_by).toBe('demographic:gender');
    expect(baseFrom({ ...wide, commentsBy: null }, big).summary.comments_by).toBeNull();
  });

  it('a chosen breakdown the release leaves out falls back to the default', () => {
    const base = baseFrom({ ...survey, commentsBy: 'demographic:gender' }, responses);
    expect(base.summary.comments_by).toBe('department');
  });

  it('a coarsened base keeps the stored choice while it is released, else lists comments for the whole survey only', () => {
    const base = baseFrom({ ...wide, commentsBy: 'location' }, big);
    expect(base.summary.comments_by).toBe('location');
    expect(coarsenReportingBase(base, 8).summary.comments_by).toBe('location');
    // At 11 every group of 10 is below the minimum: nothing is released, comments only for the whole survey.
    const coarse = coarsenReportingBase(base, 11);
    expect(coarse.summary.dimensions).toEqual([]);
    expect(coarse.summary.comments_by).toBeNull();
  });
});
