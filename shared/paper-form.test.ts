import { describe, expect, it } from 'vitest';
import { paperFormItems } from './paper-form.js';
import { STATEMENTS } from './question-banks/index.js';

describe('paperFormItems', () => {
  it('lists the items in printed order, numbered from 1, with their answer paths', () => {
    const items = paperFormItems({
      statement_ids: STATEMENTS.map((s) => s.id),
      demographic_ids: ['age_group', 'gender'],
      departments: ['A', 'B'],
      locations: [],
      extra_questions: [
        { id: 'x1', type: 'scale', title: { en: 'S' }, description: {}, answers: [], scale: { min: 0, max: 7, min_label: {}, max_label: {} }, required: true, allow_comments: true },
        { id: 'x2', type: 'checkbox', title: { en: 'C' }, description: {}, answers: [{ en: 'a' }, { en: 'b' }, { en: 'c' }], required: false, allow_comments: false },
      ],
    });
    expect(items.map((i) => i.number)).toEqual(items.map((_, i) => i + 1));
    expect(items.slice(0, STATEMENTS.length).map((i) => i.path)).toEqual(STATEMENTS.map((s) => `statements.${s.id}`));
    expect(items.slice(STATEMENTS.length).map((i) => i.path)).toEqual([
      'enps_grade',
      'esi_workplace_satisfaction',
      'esi_workplace_expectations',
      'esi_ideal_job_comparison',
      'demographics.age_group',
      'demographics.gender',
      'department',
      'extra.x1',
      'extra.x2',
      'praise_critique',
    ]);
    expect(items.find((i) => i.id === 'x1')).toMatchObject({ kind: 'extra', type: 'scale', min: 0, max: 7, comment: true, required: true });
    expect(items.find((i) => i.id === 'x2')).toMatchObject({ kind: 'extra', type: 'checkbox', options: 3, required: false });
    expect(items.find((i) => i.id === 'department')).toMatchObject({ options: ['A', 'B'] });
  });
});
