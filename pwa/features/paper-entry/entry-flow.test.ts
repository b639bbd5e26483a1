import { describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index';
import type { PaperFormPackage } from '../../../shared/paper-form';
import { entryFlowReducer, formToKeep, initialFlow, normaliseKeptForm, type EntryFlow, type EntryFlowAction, type EntryFlowResult, type KeptForm } from './entry-flow';
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

/** What a reload finds: the kept form written to the device (a structured clone) and read back. */
const reload = (state: EntryFlow): EntryFlow => {
  const kept = formToKeep(state);
  if (!kept) return initialFlow();
  const back = normaliseKeptForm(structuredClone(kept));
  if (!back) throw new Error('the kept form did not read back');
  return act(initialFlow(), { type: 'resume', form: back }).state;
};

describe('paper entry: the form in progress survives a reload', () => {
  it('double entry: a reload between the two keyings resumes the second keying with the first kept, and the differences still show', () => {
    const pass2 = act(wholeForm(started(), '4', '2'), { type: 'confirm', double: true }).state;
    const resumed = reload(pass2);
    expect(resumed.phase).toEqual({ step: 'keying', pass: 2, code: 'ABCDEFGHJK', hash: 'h', first: pass2.phase.step === 'keying' ? pass2.phase.first : null, backToReview: false });
    expect(resumed.keying).toEqual({ cursor: 0, buffer: '', values: {}, error: null });

    const diff = act(wholeForm(resumed, '1', '2'), { type: 'confirm', double: true });
    expect(diff.save).toBeNull();
    expect(diff.state.phase).toMatchObject({ step: 'diff', first: { [first]: 4, [second]: 2 }, second: { [first]: 1, [second]: 2 } });
    const { save } = act(act(diff.state, { type: 'choose', key: first, which: 'first' }).state, { type: 'resolve' });
    expect(save).toMatchObject({ code: 'ABCDEFGHJK', hash: 'h' });
    expect(save?.values[first]).toBe(4);
  });

  it('a reload mid-keying resumes at the same item with the keyed values; a digit not yet confirmed is dropped', () => {
    const pass2 = act(wholeForm(started()), { type: 'confirm', double: true }).state;
    const midway = keys(pass2, '2', '1', ...STATEMENTS.slice(2).map(() => '4'), '1'); // eNPS: '1' waits for a second digit
    expect(midway.keying.buffer).toBe('1');
    const resumed = reload(midway);
    expect(resumed.phase).toMatchObject({ step: 'keying', pass: 2 });
    expect(resumed.keying).toEqual({ cursor: STATEMENTS.length, buffer: '', values: midway.keying.values, error: null });
  });

  it('a reload on the review or the differences resumes there, with the choices made', () => {
    const review = wholeForm(started());
    expect(reload(review)).toEqual(review);
    const pass2 = act(wholeForm(started(), '4'), { type: 'confirm', double: true }).state;
    const diff = act(wholeForm(pass2, '1'), { type: 'confirm', double: true }).state;
    const chosen = act(diff, { type: 'choose', key: first, which: 'second' }).state;
    const resumed = reload(chosen);
    expect(resumed).toEqual(chosen);
    expect(act(resumed, { type: 'resolve' }).save?.values[first]).toBe(1);
  });

  it('nothing is kept at the code step: a saved or discarded form is not resumed', () => {
    expect(formToKeep(initialFlow())).toBeNull();
    const pass2 = act(wholeForm(started()), { type: 'confirm', double: true }).state;
    expect(formToKeep(pass2)).not.toBeNull();
    expect(formToKeep(act(pass2, { type: 'done' }).state)).toBeNull();
  });

  it('a late resume does not replace a form started meanwhile', () => {
    const kept = formToKeep(act(wholeForm(started()), { type: 'confirm', double: true }).state)!;
    const other = act(initialFlow(), { type: 'start', code: 'KKKKKKKKKK', hash: 'k' }).state;
    expect(act(other, { type: 'resume', form: kept }).state).toBe(other);
  });

  it('a keying kept past the last item (the package changed) resumes on its review', () => {
    const kept: KeptForm = { phase: { step: 'keying', pass: 1, code: 'ABCDEFGHJK', hash: 'h', first: null, backToReview: false }, cursor: items.length + 5, values: { [first]: 2 } };
    const resumed = act(initialFlow(), { type: 'resume', form: kept }).state;
    expect(resumed.phase).toEqual({ step: 'review', pass: 1, code: 'ABCDEFGHJK', hash: 'h', first: null });
    expect(resumed.keying.cursor).toBe(items.length);
  });

  it('reads back only usable forms, and only the values a keying can hold', () => {
    const ok = { phase: { step: 'keying', pass: 1, code: 'ABCDEFGHJK', hash: 'h', first: null, backToReview: false }, cursor: 3, values: {} };
    expect(normaliseKeptForm(ok)).toEqual(ok);
    expect(normaliseKeptForm(null)).toBeNull();
    expect(normaliseKeptForm({ ...ok, phase: { ...ok.phase, step: 'code' } })).toBeNull();
    expect(normaliseKeptForm({ ...ok, phase: { ...ok.phase, code: '' } })).toBeNull();
    expect(normaliseKeptForm({ ...ok, values: 'x' })).toBeNull();
    // A second keying without the first, or differences without both keyings, cannot be resumed
    expect(normaliseKeptForm({ ...ok, phase: { ...ok.phase, pass: 2 } })).toBeNull();
    expect(normaliseKeptForm({ ...ok, phase: { step: 'diff', code: 'ABCDEFGHJK', hash: 'h', first: {}, choice: {} } })).toBeNull();
    const values = { a: 3, b: [0, 2], c: { text: 'x' }, d: { blank: true }, e: 'x', f: [1, -1], g: Number.NaN, h: null, i: { blank: 1 } };
    expect(normaliseKeptForm({ ...ok, cursor: -1, values })).toEqual({ ...ok, cursor: 0, values: { a: 3, b: [0, 2], c: { text: 'x' }, d: { blank: true } } });
    const diff = normaliseKeptForm({ phase: { step: 'diff', code: 'ABCDEFGHJK', hash: 'h', first: { a: 1 }, second: { a: 2 }, choice: { a: 'first', b: 'both' } }, cursor: 0, values: { a: 2 } });
    expect(diff?.phase).toEqual({ step: 'diff', code: 'ABCDEFGHJK', hash: 'h', first: { a: 1 }, second: { a: 2 }, choice: { a: 'first' } });
  });
});
