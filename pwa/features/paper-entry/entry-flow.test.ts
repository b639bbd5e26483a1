import { describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index';
import type { PaperFormPackage } from '../../../shared/paper-form';
import { entryFlowReducer, initialFlow, type EntryFlow, type EntryFlowAction, type EntryFlowResult } from './entry-flow';
import { BLANK, entryItems, keyingReducer } from './keying';

const pkg: PaperFormPackage = {
  statement_ids: STATEMENTS.map((s) => s.id),
  demographic_ids: ['gender'],
  departments: ['A', 'B'],
  locations: [],
  extra_questions: [{ id: 'q1', type: 'radio', text: { en: 'Q' }, answers: [{ en: 'a' }, { en: 'b' }], required: true, allow_comments: false }] as unknown as PaperFormPackage['extra_questions'],
};
const items = entryItems(pkg);
const first = items[0]!.path;
const second = items[1]!.path;

const act = (state: EntryFlow, action: EntryFlowAction): EntryFlowResult => entryFlowReducer(items, state, action);
/** Keys as the keying step does: each key through keyingReducer, the result handed to the flow. */
const keys = (state: EntryFlow, ...ks: string[]): EntryFlow => ks.reduce((s, key) => act(s, { type: 'keyed', keying: keyingReducer(items, s.keying, { type: 'key', key }) }).state, state);
/** A whole form: every statement `answer` (the first two as given), then the scores, the rest left blank. */
const wholeForm = (state: EntryFlow, a = '3', b = '3'): EntryFlow =>
  keys(state, a, b, ...STATEMENTS.slice(2).map(() => '3'), '9', '8', '7', '-', 'Enter', 'Enter', '2', 'Enter');
const started = (): EntryFlow => act(initialFlow(), { type: 'start', code: 'ABCDEFGHJK', hash: 'h' }).state;

describe('paper entry passes', () => {
  it('keying the last item opens the review; confirming it saves the keyed form (single entry)', () => {
    const review = wholeForm(started());
    expect(review.phase).toMatchObject({ step: 'review', pass: 1 });
    const { state, save } = act(review, { type: 'confirm', double: false });
    expect(save).toMatchObject({ code: 'ABCDEFGHJK', hash: 'h' });
    expect(save?.values[first]).toBe(3);
    expect(save?.values['extra.q1']).toBe(1);
    expect(state).toBe(review); // the review stays until the save is done
    expect(act(state, { type: 'done' }).state.phase).toEqual({ step: 'code' });
  });

  it('correcting an item on the review keys that item and returns to the review with the rest kept', () => {
    const review = wholeForm(started());
    const correcting = act(review, { type: 'correct', index: 1 }).state;
    expect(correcting.phase).toMatchObject({ step: 'keying', backToReview: true });
    expect(correcting.keying.cursor).toBe(1);
    const back = keys(correcting, '1');
    expect(back.phase).toMatchObject({ step: 'review', pass: 1 });
    expect(back.keying.values[second]).toBe(1);
    expect(back.keying.values[first]).toBe(3);
  });

  it('with double entry the first review leads to an empty second keying of the same code', () => {
    const review = wholeForm(started(), '4');
    const { state, save } = act(review, { type: 'confirm', double: true });
    expect(save).toBeNull();
    expect(state.phase).toMatchObject({ step: 'keying', pass: 2, code: 'ABCDEFGHJK' });
    expect(state.keying.cursor).toBe(0);
    expect(state.keying.values).toEqual({});
  });

  it('a second keying that agrees with the first saves without asking', () => {
    const pass2 = act(wholeForm(started()), { type: 'confirm', double: true }).state;
    const review2 = wholeForm(pass2);
    expect(review2.phase).toMatchObject({ step: 'review', pass: 2 });
    const { save } = act(review2, { type: 'confirm', double: true });
    expect(save?.values[first]).toBe(3);
  });

  it('a differing answer in the second pass is shown as a difference; resolving it takes the chosen keying', () => {
    const pass2 = act(wholeForm(started(), '4', '2'), { type: 'confirm', double: true }).state;
    const review2 = wholeForm(pass2, '1', '2');
    const diff = act(review2, { type: 'confirm', double: true });
    expect(diff.save).toBeNull();
    expect(diff.state.phase).toMatchObject({ step: 'diff', first: { [first]: 4 }, second: { [first]: 1 } });

    // Nothing is saved before every difference has a choice
    expect(act(diff.state, { type: 'resolve' }).save).toBeNull();
    const chosen = act(diff.state, { type: 'choose', key: first, which: 'first' }).state;
    const { save } = act(chosen, { type: 'resolve' });
    expect(save?.values[first]).toBe(4);
    expect(save?.values[second]).toBe(2);

    const other = act(act(diff.state, { type: 'choose', key: first, which: 'second' }).state, { type: 'resolve' });
    expect(other.save?.values[first]).toBe(1);
  });

  it("choosing a keying left blank ('no answer on paper') saves the blank", () => {
    const pass2 = act(wholeForm(started(), '-'), { type: 'confirm', double: true }).state;
    const diff = act(wholeForm(pass2, '2'), { type: 'confirm', double: true }).state;
    const { save } = act(act(diff, { type: 'choose', key: first, which: 'first' }).state, { type: 'resolve' });
    expect(save?.values[first]).toEqual(BLANK);
  });

  it('cancel at any step returns to the code, and the next form starts from an empty first pass', () => {
    const pass2 = act(wholeForm(started()), { type: 'confirm', double: true }).state;
    const cancelled = act(keys(pass2, '2'), { type: 'done' }).state;
    expect(cancelled.phase).toEqual({ step: 'code' });
    const next = act(cancelled, { type: 'start', code: 'KKKKKKKKKK', hash: 'k' }).state;
    expect(next.phase).toMatchObject({ step: 'keying', pass: 1, code: 'KKKKKKKKKK', first: null });
    expect(next.keying.values).toEqual({});
  });
});
