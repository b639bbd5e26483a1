import { describe, expect, it } from 'vitest';
import { focusAreaLabel, focusHistoryCards, pulsFollowUp } from './focus-follow-up.js';
import { sampleComparativeGroups, sampleComparativeYears } from './schemas/comparison-samples.js';

describe('the follow-up of focus areas', () => {
  it('names an area by its category title or statement text, in the report language, or by its id when unknown', () => {
    expect(focusAreaLabel('category', 'communication', 'en')).toMatch(/communication/i);
    expect(focusAreaLabel('category', 'communication', 'mk')).toMatch(/[\u0400-\u04FF]/);
    expect(focusAreaLabel('statement', 'XX99', 'sl')).toBe('XX99');
  });

  it('a PULS survey not made from a focus area has no card', () => {
    expect(pulsFollowUp(null, { trend: [] } as never)).toBeNull();
  });

  it("the history is only for 'years'; each area gets the next survey's change, or none after the newest", () => {
    const years = sampleComparativeYears('en');
    const [first, second, last] = [years.columns[0]!, years.columns[1]!, years.columns[years.columns.length - 1]!];
    const history = [
      { survey_id: first.survey_id!, year: first.year, focus_areas: [{ kind: 'category' as const, item_id: 'communication', actions: [{ title: 'A', status: 'done' as const, due_on: '2025-01-01' }, { title: 'B', status: 'in_progress' as const, due_on: '2025-02-01' }] }] },
      { survey_id: last.survey_id!, year: last.year, focus_areas: [{ kind: 'category' as const, item_id: 'communication', actions: [] }] },
    ];
    const cards = focusHistoryCards(history, years);
    expect(cards[0]!.areas[0]).toMatchObject({ done: 1, next_year: second.year, change: second.categories.find((c) => c.id === 'communication')!.mean.change });
    expect(cards[1]!.areas[0]).toMatchObject({ done: 0, next_year: undefined, change: null });
    expect(focusHistoryCards(history, sampleComparativeGroups('en'))).toEqual([]);
  });
});
