import { describe, expect, expectTypeOf, it } from 'vitest';
import { EXTRA_QUESTION_TYPES, type ExtraQuestionType } from './extra-question.js';
import { EXTRA_QUESTION_TYPE_RULES, EXTRA_TEXT_MAX_LENGTH, extraTypeRule } from './extra-question-types.js';
import { extraResultSchema } from './report.js';

const choice = { answers: [{ en: 'a' }, { en: 'b' }, { en: 'c' }] };

describe('the extra question type registry', () => {
  it('has a rule for every type and for nothing else', () => {
    expect(Object.keys(EXTRA_QUESTION_TYPE_RULES).sort()).toEqual([...EXTRA_QUESTION_TYPES].sort());
    for (const type of EXTRA_QUESTION_TYPES) expect(typeof extraTypeRule(type).answerIssue, type).toBe('function');
    // The compiler's side: the registry's keys are exactly the type enum.
    expectTypeOf<keyof typeof EXTRA_QUESTION_TYPE_RULES>().toEqualTypeOf<ExtraQuestionType>();
  });

  it("gives each type the report result its aggregation describes", () => {
    const shape = { id: 'q', title: 'Q', n: 0, suppressed: false, comments: [] };
    const results = { options: { options: [] }, distribution: { min: 1, max: 5, mean: null, distribution: [0, 0, 0, 0, 0] }, texts: { texts: [] } };
    for (const type of EXTRA_QUESTION_TYPES) {
      const fields = results[extraTypeRule(type).aggregation];
      expect(extraResultSchema.safeParse({ type, ...shape, ...fields }).success, type).toBe(true);
      for (const [aggregation, other] of Object.entries(results)) {
        if (aggregation !== extraTypeRule(type).aggregation) expect(extraResultSchema.safeParse({ type, ...shape, ...other }).success, `${type} as ${aggregation}`).toBe(false);
      }
    }
  });

  it('checks answers by type: text length, option indexes, scale bounds', () => {
    const rules = EXTRA_QUESTION_TYPE_RULES;
    expect(rules.text250.answerIssue(choice, 'x'.repeat(250))).toBeNull();
    expect(rules.text250.answerIssue(choice, 'x'.repeat(251))).toBe('too-long');
    expect(rules.text1000.answerIssue(choice, 'x'.repeat(1000))).toBeNull();
    expect(rules.text1000.answerIssue(choice, 3)).toBe('invalid');
    expect(rules.radio.answerIssue(choice, 2)).toBeNull();
    expect(rules.radio.answerIssue(choice, '1')).toBeNull();
    expect(rules.radio.answerIssue(choice, 3)).toBe('out-of-range');
    expect(rules.radio.answerIssue(choice, [1])).toBe('invalid');
    expect(rules.checkbox.answerIssue(choice, [0, 2])).toBeNull();
    expect(rules.checkbox.answerIssue(choice, [0, 0])).toBe('out-of-range');
    expect(rules.checkbox.answerIssue(choice, [0, 'x'])).toBe('invalid');
    expect(rules.checkbox.answerIssue(choice, 1)).toBe('invalid');
    expect(rules.scale.answerIssue({ answers: [], scale: { min: 0, max: 10, min_label: {}, max_label: {} } }, 10)).toBeNull();
    expect(rules.scale.answerIssue({ answers: [] }, 6)).toBe('out-of-range');
    expect(rules.scale.answerIssue({ answers: [] }, '3')).toBe('invalid');
  });

  it('stores answers in their type form', () => {
    expect(EXTRA_QUESTION_TYPE_RULES.radio.stored('2')).toBe(2);
    expect(EXTRA_QUESTION_TYPE_RULES.checkbox.stored(['0', 2])).toEqual([0, 2]);
    expect(EXTRA_QUESTION_TYPE_RULES.scale.stored(4)).toBe(4);
    expect(EXTRA_QUESTION_TYPE_RULES.text250.stored('hi')).toBe('hi');
    expect(EXTRA_QUESTION_TYPE_RULES.checkbox.blankStored()).toEqual([]);
    expect(EXTRA_QUESTION_TYPE_RULES.text1000.blankStored()).toBe('');
  });

  it('keeps answer options in the draft exactly for the types the paper form prints boxes for, and a scale for rated ones', () => {
    for (const type of EXTRA_QUESTION_TYPES) {
      const rule = extraTypeRule(type);
      expect(rule.draft.answers, type).toBe(rule.paper.kind === 'choice');
      expect(rule.draft.scale, type).toBe(rule.paper.kind === 'rating');
      expect(rule.keying.kind === 'text', type).toBe(rule.aggregation === 'texts');
      if (rule.keying.kind === 'text') expect(rule.keying.maxLength).toBe(EXTRA_TEXT_MAX_LENGTH[type as keyof typeof EXTRA_TEXT_MAX_LENGTH]);
    }
  });
});
