import { describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index';
import type { PaperFormPackage } from '../../../shared/paper-form';
import { BLANK, codeFromInput, differences, entryItems, initialState, keyingReducer, missingItems, toSubmission, type KeyingState } from './keying';

const pkg: PaperFormPackage = {
  statement_ids: STATEMENTS.map((s) => s.id),
  demographic_ids: ['gender'],
  departments: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'],
  locations: [],
  extra_questions: [
    { id: 'q1', type: 'radio', text: { en: 'Q' }, answers: [{ en: 'a' }, { en: 'b' }], required: true, allow_comments: false },
    { id: 'q2', type: 'checkbox', text: { en: 'Q' }, answers: [{ en: 'a' }, { en: 'b' }, { en: 'c' }], required: false, allow_comments: false },
  ] as unknown as PaperFormPackage['extra_questions'],
};
const items = entryItems(pkg);
const S = STATEMENTS.length;
const keys = (state: KeyingState, ...ks: string[]) => ks.reduce((s, key) => keyingReducer(items, s, { type: 'key', key }), state);
const at = (kind: string) => items.findIndex((i) => i.kind === kind);

describe('paper entry keying', () => {
  it('keys 1-4 answer a statement and move on; other digits do not', () => {
    let s = keys(initialState(), '3', '1');
    expect(s.cursor).toBe(2);
    expect(s.values[items[0]!.path]).toBe(3);
    expect(s.values[items[1]!.path]).toBe(1);
    s = keys(s, '7');
    expect(s.cursor).toBe(2);
    expect(s.error).toBe('out-of-range');
  });

  it("'0' or '-' records 'no answer on paper' on a statement", () => {
    const s = keys(initialState(), '0', '-');
    expect(s.values[items[0]!.path]).toEqual(BLANK);
    expect(s.values[items[1]!.path]).toEqual(BLANK);
    expect(s.cursor).toBe(2);
  });

  it('Backspace goes back one item, or clears a pending digit first', () => {
    let s = keys(initialState(), '4', '4', 'Backspace');
    expect(s.cursor).toBe(1);
    s = keys(s, '2');
    expect(s.values[items[1]!.path]).toBe(2);
    s = keyingReducer(items, s, { type: 'goto', index: at('enps') });
    s = keys(s, '1', 'Backspace');
    expect(s.buffer).toBe('');
    expect(s.cursor).toBe(at('enps'));
  });

  it("eNPS and ESI take two digits: '1' '0' is 10, Enter or Tab confirms a single digit, 0 and 2-9 go at once", () => {
    let s = keyingReducer(items, initialState(), { type: 'goto', index: at('enps') });
    s = keys(s, '1', '0');
    expect(s.values.enps_grade).toBe(10);
    expect(s.cursor).toBe(S + 1);
    s = keys(s, '1', 'Tab', '9', '1', 'Enter');
    expect(s.values.esi_workplace_satisfaction).toBe(1);
    expect(s.values.esi_workplace_expectations).toBe(9);
    expect(s.values.esi_ideal_job_comparison).toBe(1);
    s = keyingReducer(items, s, { type: 'goto', index: at('enps') });
    s = keys(s, '0');
    expect(s.values.enps_grade).toBe(0);
    s = keys(s, '1', '5');
    expect(s.error).toBe('out-of-range');
    expect(s.cursor).toBe(S + 1);
  });

  it('options are keyed by printed number (two digits for 10+ options); Enter leaves an optional item blank', () => {
    let s = keyingReducer(items, initialState(), { type: 'goto', index: at('demographic') });
    s = keys(s, 'Enter');
    expect(s.values['demographics.gender']).toBeUndefined();
    expect(s.cursor).toBe(at('department'));
    s = keys(s, '1', '1');
    expect(s.values.department).toBe(10);
    s = keys(s, 'Enter');
    expect(s.error).toBe('required');
    s = keys(s, '2');
    expect(s.values['extra.q1']).toBe(1);
    s = keys(s, '1', '3', '1', 'Enter');
    expect(s.values['extra.q2']).toEqual([2]);
  });

  it('lists missing mandatory items and builds the submission with no_answer paths', () => {
    let s = initialState();
    for (let i = 0; i < S; i++) s = keys(s, i === 5 ? '-' : '3');
    s = keys(s, '9', '8', '7', '-', 'Enter', 'Enter', '-');
    expect(missingItems(items, s.values)).toEqual([]);
    const sub = toSubmission(items, s.values, 'sl');
    expect(sub.no_answer).toEqual([`statements.${STATEMENTS[5]!.id}`, 'esi_ideal_job_comparison', 'extra.q1.value']);
    expect(Object.keys(sub.answers.statements as object)).toHaveLength(S - 1);
    expect(sub.answers.enps_grade).toBe(9);
    expect(sub.answers.department).toBeUndefined();
    expect(missingItems(items, {})).toHaveLength(S + 4 + 1);
  });

  it('double entry lists exactly the items keyed differently', () => {
    const first = keys(initialState(), '1', '2', '3').values;
    const second = keys(initialState(), '1', '4', '3').values;
    const diff = differences(items, first, second);
    expect(diff).toHaveLength(1);
    expect(diff[0]).toMatchObject({ item: items[1], first: 2, second: 4 });
    expect(differences(items, first, first)).toEqual([]);
  });

  it("an extra question's printed comment line follows it as a text item with the same number", () => {
    const withComment = entryItems({ ...pkg, extra_questions: [{ ...pkg.extra_questions[0]!, allow_comments: true }] });
    const i = withComment.findIndex((it) => it.kind === 'comment');
    expect(withComment[i - 1]).toMatchObject({ kind: 'extra', id: 'q1' });
    expect(withComment[i]).toMatchObject({ kind: 'comment', id: 'q1', number: withComment[i - 1]!.number, path: 'extra.q1.comment', required: false });
    let s = keyingReducer(withComment, initialState(), { type: 'goto', index: i - 1 });
    s = keyingReducer(withComment, s, { type: 'key', key: '2' });
    expect(s.cursor).toBe(i);
    s = keyingReducer(withComment, s, { type: 'text', value: ' Nočne izmene ' });
    s = keyingReducer(withComment, s, { type: 'key', key: 'Enter' });
    expect(s.cursor).toBe(i + 1);
    expect(toSubmission(withComment, s.values, 'sl').answers.extra).toEqual({ q1: { value: 1, comment: 'Nočne izmene' } });
  });

  it("'-' alone in a mandatory text question records 'no answer on paper'; in an optional one it is text", () => {
    const required = entryItems({ ...pkg, extra_questions: [{ id: 'q9', type: 'text250', title: { en: 'Q' }, description: {}, answers: [], required: true, allow_comments: false }] as unknown as PaperFormPackage['extra_questions'] });
    const i = required.findIndex((it) => it.id === 'q9');
    let s = keyingReducer(required, initialState(), { type: 'goto', index: i });
    s = keyingReducer(required, s, { type: 'text', value: '-' });
    expect(s.values['extra.q9']).toEqual(BLANK);
    expect(toSubmission(required, s.values, 'sl').no_answer).toEqual(['extra.q9.value']);
    const praise = required.length - 1;
    s = keyingReducer(required, s, { type: 'goto', index: praise });
    s = keyingReducer(required, s, { type: 'text', value: '-' });
    expect(s.values.praise_critique).toEqual({ text: '-' });
  });

  it('reads a code from a scanned URL or a bare code', () => {
    expect(codeFromInput('https://izz.example.com/zadovoljstvo-zaposlenih?code=ABCDE-FGHJK')).toBe('ABCDE-FGHJK');
    expect(codeFromInput('  abcde-fghjk ')).toBe('abcde-fghjk');
  });
});
