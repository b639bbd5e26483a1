/**
 * The passes of one paper form (pure: no React, no Dexie), beside keyingReducer which handles the keys
 * within a pass. docs/decisions/0023-paper-data-entry.md "Paper data entry".
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
 *
 * The form in progress is kept on the device after every transition (formToKeep; entry-store.ts keepForm),
 * so a reload resumes it ('resume', from the code step only): the step, the pass, the first keying of a
 * double entry and the current keying. Nothing is kept at the code step: a saved or discarded form is gone.
 */
import { differences, initialState, itemKey, keyingReducer, type EntryItem, type FormValues, type ItemValue, type KeyingState } from './keying';

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
  | { type: 'done' }
  | { type: 'resume'; form: KeptForm };

/** What is kept of a form in progress: its phase and the current keying (no pending digit, no error). */
export interface KeptForm {
  phase: Exclude<EntryPhase, { step: 'code' }>;
  cursor: number;
  values: FormValues;
}

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

/** The form in progress to keep on the device; null at the code step (nothing in progress). */
export function formToKeep(flow: EntryFlow): KeptForm | null {
  if (flow.phase.step === 'code') return null;
  return { phase: flow.phase, cursor: flow.keying.cursor, values: flow.keying.values };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A keyed value read back from the device; undefined when unusable. */
export function normaliseValue(v: unknown): ItemValue | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (Array.isArray(v)) return v.every(isIndex) ? [...v] : undefined;
  if (isObject(v) && typeof v.text === 'string') return { text: v.text };
  if (isObject(v) && v.blank === true) return { blank: true };
  return undefined;
}

function normaliseValues(raw: unknown): FormValues | null {
  if (!isObject(raw)) return null;
  const values: FormValues = {};
  for (const [key, v] of Object.entries(raw)) {
    const value = normaliseValue(v);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** Normalise a form read back from the device; null if it is unusable (then it is not resumed). */
export function normaliseKeptForm(raw: unknown): KeptForm | null {
  if (!isObject(raw) || !isObject(raw.phase)) return null;
  const p = raw.phase;
  const values = normaliseValues(raw.values);
  if (typeof p.code !== 'string' || !p.code || typeof p.hash !== 'string' || !p.hash || !values) return null;
  const form = { code: p.code, hash: p.hash };
  const cursor = isIndex(raw.cursor) ? raw.cursor : 0;
  const first = p.first === null || p.first === undefined ? null : normaliseValues(p.first);
  const pass = p.pass === 2 ? 2 : 1;
  if (pass === 2 && !first) return null; // a second keying without the first is no double entry
  switch (p.step) {
    case 'keying':
      return { phase: { step: 'keying', pass, ...form, first, backToReview: p.backToReview === true }, cursor, values };
    case 'review':
      return { phase: { step: 'review', pass, ...form, first }, cursor, values };
    case 'diff': {
      const second = normaliseValues(p.second);
      if (!first || !second) return null;
      const choice: Record<string, 'first' | 'second'> = {};
      if (isObject(p.choice)) for (const [key, which] of Object.entries(p.choice)) if (which === 'first' || which === 'second') choice[key] = which;
      return { phase: { step: 'diff', ...form, first, second, choice }, cursor, values };
    }
    default:
      return null;
  }
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
    case 'resume': {
      // Only onto an empty page: a form started meanwhile is not replaced.
      if (phase.step !== 'code') return stay;
      const { phase: kept, values } = action.form;
      const cursor = Math.min(action.form.cursor, items.length);
      // A keying whose cursor is past the last item (the package changed meanwhile) is at its review.
      const resumed: EntryPhase = kept.step === 'keying' && cursor >= items.length ? { step: 'review', pass: kept.pass, code: kept.code, hash: kept.hash, first: kept.first } : kept;
      return to({ phase: resumed, keying: { ...initialState(values), cursor } });
    }
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
