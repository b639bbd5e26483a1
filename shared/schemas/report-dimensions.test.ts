import { describe, expect, it } from 'vitest';
import { izzApplicationDraftSchema, izzDimensionSource, izzSubmitIssues } from './application.js';
import { chosenCommentsDimension, defaultDimensionOrder, rankedDimensions } from './report-dimensions.js';

const source = {
  departments: ['Sales'],
  locations: [],
  demographicIds: ['tenure', 'gender'],
  extraQuestions: [
    { id: 'shift', type: 'radio' as const },
    { id: 'idea', type: 'text250' as const },
    { id: 'commute', type: 'scale' as const },
  ],
};

describe('the report breakdowns', () => {
  it('the default order: department, location, demographics in the bank order, radio and scale questions', () => {
    expect(defaultDimensionOrder(source)).toEqual(['department', 'demographic:gender', 'demographic:tenure', 'extra:shift', 'extra:commute']);
  });

  it('the ranking: ranked keys first, unknown ones dropped, the rest in the default order', () => {
    expect(rankedDimensions(source, ['extra:commute', 'extra:gone', 'demographic:tenure', 'extra:commute'])).toEqual(['extra:commute', 'demographic:tenure', 'department', 'demographic:gender', 'extra:shift']);
    expect(rankedDimensions(source, [])).toEqual(defaultDimensionOrder(source));
  });

  it('the comment breakdown: the choice when released, null when chosen, else department or location', () => {
    expect(chosenCommentsDimension('extra:shift', ['location', 'extra:shift'])).toBe('extra:shift');
    expect(chosenCommentsDimension('extra:shift', ['location'])).toBe('location');
    expect(chosenCommentsDimension(null, ['department'])).toBeNull();
    expect(chosenCommentsDimension(undefined, ['department', 'location'])).toBe('department');
    expect(chosenCommentsDimension(undefined, ['demographic:gender'])).toBeNull();
  });

  it('sending an application whose comment breakdown is no longer in the survey names the field', () => {
    const draft = izzApplicationDraftSchema.parse({ demographics: { departments: ['Sales'] }, report_breakdowns: { priority: [], comments_by: 'location' } });
    expect(izzDimensionSource(draft).departments).toEqual(['Sales']);
    expect(izzSubmitIssues(draft, '2026-01-01')).toContainEqual({ path: 'report_breakdowns.comments_by', message: 'field:unknown-breakdown' });
    const fine = izzApplicationDraftSchema.parse({ demographics: { departments: ['Sales'] }, report_breakdowns: { comments_by: 'department' } });
    expect(izzSubmitIssues(fine, '2026-01-01').filter((i) => i.path.startsWith('report_breakdowns'))).toEqual([]);
  });
});
