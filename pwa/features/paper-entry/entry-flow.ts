/**
 * The passes of one paper form (pure: no React, no Dexie), beside keyingReducer which handles the keys
 * within a pass. docs/architecture.md "Paper data entry".
 *
 * code -> keying (pass 1) -> review -> [double entry: keying (pass 2) -> review -> differences] -> saved.
 * - Keying past the last item opens the review; on the review, choosing an item to correct keys that one
 *   item and comes back to the review as soon as the cursor moves on.
 * - Confirming the review: with double entry, pass 1 starts an empty second keying; pass 2 saves when
 *   both keyings agree, else shows the differences. Without double entry it saves.
 * - Differences: each differing item takes the keying chosen for it; resolving saves once every one has
 *   a choice.
 * Saving is the caller's (Dexie, async): a transition that saves returns `save` and leaves the state as
 * it is until the caller is done ('done' returns to the code).
 */
import { differences, initialState, itemKey, keyingReducer, type EntryItem, type FormValues, type KeyingState } from './keying';

export type EntryPhase =
  | { step: 'code' }
  | { step: 'keying'; pass: 1 | 2; code: string; hash: string; first: FormValues | null; backToReview: boolean }
  | { step: 'review'; pass: 1 | 2; code: string; hash: string; first: FormValues | null }
  | { step: 'diff'; code: string; hash: string; first: FormValues; second: FormValues; choice: Record<string, 'first' | 'second'> };

export interface EntryFlow {
  phase: EntryPhase;
  /** The keying of the current pass (its values are what the review shows). */
  keying: KeyingState;
}

export type EntryFlowAction =
  | { type: 'start'; code: string; hash: string }
  | { type: 'keyed'; keying: KeyingState }
  | { type: 'correct'; index: number }
  | { type: 'confirm'; double: boolean }
  | { type: 'choose'; key: string; which: 'first' | 'second' }
  | { type: 'resolve' }
  | { type: 'done' };

/** A form to store: the code, its hash and the values that count. */
export interface FormToSave {
  code: string;
  hash: string;
  values: FormValues;
}

export interface EntryFlowResult {
  state: EntryFlow;
  save: FormToSave | null;
}

export const initialFlow = (): EntryFlow => ({ phase: { step: 'code' }, keying: initialState() });

/** Whether every differing item of the differences step has a chosen keying. */
export function allChosen(items: readonly EntryItem[], phase: Extract<EntryPhase, { step: 'diff' }>): boolean {
  return differences(items, phase.first, phase.second).every((d) => phase.choice[itemKey(d.item)]);
}

export function entryFlowReducer(items: readonly EntryItem[], state: EntryFlow, action: EntryFlowAction): EntryFlowResult {
  const stay = { state, save: null };
  const to = (next: EntryFlow): EntryFlowResult => ({ state: next, save: null });
  const { phase, keying } = state;
  switch (action.type) {
    case 'start':
      return to({ phase: { step: 'keying', pass: 1, code: action.code, hash: action.hash, first: null, backToReview: false }, keying: initialState() });
    case 'done':
      return to({ ...state, phase: { step: 'code' } });
    case 'keyed': {
      if (phase.step !== 'keying') return stay;
      const next = action.keying;
      const toReview = next.cursor >= items.length || (phase.backToReview && next.cursor !== keying.cursor);
      if (!toReview) return to({ phase, keying: next });
      return to({ phase: { step: 'review', pass: phase.pass, code: phase.code, hash: phase.hash, first: phase.first }, keying: next });
    }
    case 'correct':
      if (phase.step !== 'review') return stay;
      return to({
        phase: { step: 'keying', pass: phase.pass, code: phase.code, hash: phase.hash, first: phase.first, backToReview: true },
        keying: keyingReducer(items, keying, { type: 'goto', index: action.index }),
      });
    case 'confirm': {
      if (phase.step !== 'review') return stay;
      const form = { code: phase.code, hash: phase.hash };
      if (action.double && phase.pass === 1) {
        return to({ phase: { step: 'keying', pass: 2, ...form, first: keying.values, backToReview: false }, keying: initialState() });
      }
      if (action.double && phase.first && differences(items, phase.first, keying.values).length > 0) {
        return to({ ...state, phase: { step: 'diff', ...form, first: phase.first, second: keying.values, choice: {} } });
      }
      return { state, save: { ...form, values: keying.values } };
    }
    case 'choose':
      if (phase.step !== 'diff') return stay;
      return to({ ...state, phase: { ...phase, choice: { ...phase.choice, [action.key]: action.which } } });
    case 'resolve': {
      if (phase.step !== 'diff' || !allChosen(items, phase)) return stay;
      const values: FormValues = { ...phase.second };
      for (const d of differences(items, phase.first, phase.second)) {
        const key = itemKey(d.item);
        const v = phase.choice[key] === 'first' ? d.first : d.second;
        if (v === undefined) delete values[key];
        else values[key] = v;
      }
      return { state, save: { code: phase.code, hash: phase.hash, values } };
    }
  }
}
