/**
 * The keying state machine of paper data entry (pure: no React, no Dexie). The items are
 * shared/paper-form.ts paperFormItems(package) (plus each extra question's comment line): the printed order, so HR keys the paper top to bottom.
 *
 * Keys (docs/decisions/0023-paper-data-entry.md "Paper data entry"):
 * - statements: 1-4 answer and move on; '0' or '-' records 'no answer on paper'.
 * - eNPS (0-10), ESI (1-10), scales and option lists with 10 or more options: two digits where needed
 *   ('1' then '0' is 10; Enter or Tab confirms a single digit; a digit that cannot start a longer value
 *   is taken at once). '-' records 'no answer on paper'.
 * - demographics, department, location, radio extra questions: the option's printed number (1-based).
 *   Enter on an empty optional item leaves it blank and moves on.
 * - checkbox extra questions: digits toggle options, Enter moves on.
 * - free text: typed; Enter moves on ('-' alone on a mandatory text question: 'no answer on paper').
 * - Backspace: clears a pending digit, else goes back one item (its value stays until re-keyed).
 * A mandatory item cannot be left without a value: either the answer or 'no answer on paper' ('-').
 */
import { paperFormItems, type PaperFormItem, type PaperFormPackage } from '../../../shared/paper-form';
import type { ExtraQuestionType } from '../../../shared/schemas/extra-question';
import { EXTRA_TEXT_MAX_LENGTH } from '../../../shared/schemas/extra-question-types';
import { EXTRA_COMMENT_MAX_LENGTH } from '../../../shared/schemas/questionnaire';

/**
 * An item to key: a printed item, or the comment line printed under an extra question that allows
 * comments (it carries its question's number; path 'extra.<id>.comment').
 */
export type EntryItem = PaperFormItem | { kind: 'comment'; id: string; number: number; path: string; required: false };

/** A keyed value: a number (scale value, grade, or 0-based option index), option indexes, text, or 'no answer on paper'. */
export type ItemValue = number | number[] | { text: string } | { blank: true };
export type FormValues = Record<string, ItemValue | undefined>;

export interface KeyingState {
  cursor: number;
  /** Digits typed for a two-digit value, not yet confirmed. */
  buffer: string;
  values: FormValues;
  /** The last key that did nothing useful ('out-of-range', 'required'), for a short message. */
  error: 'out-of-range' | 'required' | null;
}

export type InputKind =
  | { kind: 'digits'; min: number; max: number; options: false }
  | { kind: 'digits'; min: 1; max: number; options: true }
  | { kind: 'multi'; count: number }
  | { kind: 'text'; maxLength: number };

export const BLANK: { blank: true } = { blank: true };
export const isBlank = (v: ItemValue | undefined): v is { blank: true } => typeof v === 'object' && v !== null && !Array.isArray(v) && 'blank' in v;
export const isText = (v: ItemValue | undefined): v is { text: string } => typeof v === 'object' && v !== null && !Array.isArray(v) && 'text' in v;

/** The key of an item in FormValues (its answer path is unique). */
export const itemKey = (item: EntryItem): string => item.path;

export function entryItems(pkg: PaperFormPackage): EntryItem[] {
  return paperFormItems(pkg).flatMap((item): EntryItem[] =>
    item.kind === 'extra' && item.comment ? [item, { kind: 'comment', id: item.id, number: item.number, path: `${item.path}.comment`, required: false }] : [item],
  );
}

type ExtraItem = Extract<PaperFormItem, { kind: 'extra' }>;

/** How each extra question type is keyed (the registry's keying: shared/schemas/extra-question-types.ts). */
const EXTRA_INPUT = {
  radio: (item) => ({ kind: 'digits', min: 1, max: item.options, options: true }),
  checkbox: (item) => ({ kind: 'multi', count: item.options }),
  scale: (item) => ({ kind: 'digits', min: item.min ?? 1, max: item.max ?? 5, options: false }),
  text250: () => ({ kind: 'text', maxLength: EXTRA_TEXT_MAX_LENGTH.text250 }),
  text1000: () => ({ kind: 'text', maxLength: EXTRA_TEXT_MAX_LENGTH.text1000 }),
} satisfies Record<ExtraQuestionType, (item: ExtraItem) => InputKind>;

export function inputKind(item: EntryItem): InputKind {
  switch (item.kind) {
    case 'statement':
    case 'enps':
    case 'esi':
      return { kind: 'digits', min: item.min, max: item.max, options: false };
    case 'demographic':
    case 'department':
    case 'location':
      return { kind: 'digits', min: 1, max: item.options.length, options: true };
    case 'extra':
      return EXTRA_INPUT[item.type](item);
    case 'praise_critique':
      return { kind: 'text', maxLength: 1000 };
    case 'comment':
      return { kind: 'text', maxLength: EXTRA_COMMENT_MAX_LENGTH };
  }
}

export function initialState(values: FormValues = {}): KeyingState {
  return { cursor: 0, buffer: '', values, error: null };
}

/** Stored value of a keyed number: option lists store the 0-based index of the printed 1-based number. */
const stored = (k: Extract<InputKind, { kind: 'digits' }>, n: number): number => (k.options ? n - 1 : n);
/** Whether typing more digits after `prefix` could still give a value within max. */
const canGrow = (prefix: number, max: number): boolean => prefix * 10 <= max && prefix !== 0;

function advance(state: KeyingState, items: readonly EntryItem[], values: FormValues): KeyingState {
  return { cursor: Math.min(state.cursor + 1, items.length), buffer: '', values, error: null };
}

function set(state: KeyingState, items: readonly EntryItem[], item: EntryItem, value: ItemValue | undefined): KeyingState {
  const values = { ...state.values };
  if (value === undefined) delete values[itemKey(item)];
  else values[itemKey(item)] = value;
  return advance(state, items, values);
}

export type KeyAction = { type: 'key'; key: string } | { type: 'text'; value: string } | { type: 'goto'; index: number };

/**
 * One key (KeyboardEvent.key) or action. Returns the same object when the key is not handled (the
 * caller then lets the browser have it, e.g. letters in a text field).
 */
export function keyingReducer(items: readonly EntryItem[], state: KeyingState, action: KeyAction): KeyingState {
  if (action.type === 'goto') return { cursor: Math.max(0, Math.min(action.index, items.length)), buffer: '', values: state.values, error: null };
  const item = items[state.cursor];
  if (action.type === 'text') {
    if (!item || inputKind(item).kind !== 'text') return state;
    const text = action.value.trim();
    // A mandatory text question left blank on paper: '-' alone records 'no answer on paper'.
    const value: ItemValue | undefined = !text ? undefined : item.required && text === '-' ? BLANK : { text: action.value };
    return { ...state, values: { ...state.values, [itemKey(item)]: value }, error: null };
  }
  const key = action.key;
  if (key === 'Backspace') {
    if (state.buffer) return { ...state, buffer: '', error: null };
    return { cursor: Math.max(0, state.cursor - 1), buffer: '', values: state.values, error: null };
  }
  if (!item) return state; // past the last item: the review
  const k = inputKind(item);
  const current = state.values[itemKey(item)];
  const confirm = key === 'Enter' || key === 'Tab';

  if (k.kind === 'text') {
    if (key === 'Enter' || key === 'Tab') return advance(state, items, state.values);
    return state;
  }

  if (key === '-' || (key === '0' && item.kind === 'statement')) {
    // 'No answer on paper' for a mandatory item; an optional one is simply left blank.
    return set(state, items, item, item.required ? BLANK : undefined);
  }

  if (k.kind === 'multi') {
    if (confirm) return advance(state, items, state.values);
    if (/^[1-9]$/.test(key)) {
      const i = Number(key) - 1;
      if (i >= k.count) return { ...state, error: 'out-of-range' };
      const picked = Array.isArray(current) ? current : [];
      const next = picked.includes(i) ? picked.filter((x) => x !== i) : [...picked, i].sort((a, b) => a - b);
      const values = { ...state.values };
      if (next.length > 0) values[itemKey(item)] = next;
      else if (item.required) values[itemKey(item)] = undefined;
      else delete values[itemKey(item)];
      return { ...state, values, error: null };
    }
    return state;
  }

  // digits
  if (confirm) {
    if (state.buffer) {
      const n = Number(state.buffer);
      if (n < k.min || n > k.max) return { ...state, buffer: '', error: 'out-of-range' };
      return set(state, items, item, stored(k, n));
    }
    if (current !== undefined) return advance(state, items, state.values);
    if (!item.required) return advance(state, items, state.values);
    return { ...state, error: 'required' };
  }
  if (!/^[0-9]$/.test(key)) return state;
  const n = Number(state.buffer + key);
  if (state.buffer) {
    if (n < k.min || n > k.max) return { ...state, buffer: '', error: 'out-of-range' };
    return set(state, items, item, stored(k, n));
  }
  if (canGrow(n, k.max)) {
    // '1' on a 0-10 item may become 10: wait for the next digit or Enter/Tab.
    return { ...state, buffer: key, error: null };
  }
  if (n < k.min || n > k.max) return { ...state, error: 'out-of-range' };
  return set(state, items, item, stored(k, n));
}

/** Items that still need a value: mandatory ones neither answered nor recorded as 'no answer on paper'. */
export function missingItems(items: readonly EntryItem[], values: FormValues): EntryItem[] {
  return items.filter((item) => {
    if (!item.required) return false;
    const v = values[itemKey(item)];
    return v === undefined || (Array.isArray(v) && v.length === 0) || (isText(v) && !v.text.trim());
  });
}

/** The keyed form as the server takes it: the answers (no blank markers) and the paths recorded as 'no answer on paper'. */
export function toSubmission(items: readonly EntryItem[], values: FormValues, language: string): { answers: Record<string, unknown>; no_answer: string[] } {
  const answers: Record<string, unknown> & { statements: Record<string, number>; demographics: Record<string, string>; extra: Record<string, { value: unknown; comment?: string }> } = {
    language,
    statements: {},
    demographics: {},
    extra: {},
    puls: {},
  };
  const noAnswer: string[] = [];
  for (const item of items) {
    const v = values[itemKey(item)];
    if (v === undefined) continue;
    if (isBlank(v)) {
      noAnswer.push(item.kind === 'extra' ? `${item.path}.value` : item.path);
      continue;
    }
    switch (item.kind) {
      case 'statement':
        if (typeof v === 'number') answers.statements[item.id] = v;
        break;
      case 'enps':
      case 'esi':
        if (typeof v === 'number') answers[item.id] = v;
        break;
      case 'demographic': {
        const option = typeof v === 'number' ? item.options[v] : undefined;
        if (option !== undefined) answers.demographics[item.id] = option;
        break;
      }
      case 'department':
      case 'location': {
        const option = typeof v === 'number' ? item.options[v] : undefined;
        if (option !== undefined) answers[item.kind] = option;
        break;
      }
      case 'extra':
        if (isText(v)) {
          if (v.text.trim()) answers.extra[item.id] = { value: v.text.trim() };
        } else answers.extra[item.id] = { value: v };
        break;
      case 'praise_critique':
        if (isText(v) && v.text.trim()) answers.praise_critique = v.text.trim();
        break;
      case 'comment':
        if (isText(v) && v.text.trim()) answers.extra[item.id] = { value: '', ...answers.extra[item.id], comment: v.text.trim() };
        break;
    }
  }
  return { answers, no_answer: noAnswer };
}

const sameValue = (a: ItemValue | undefined, b: ItemValue | undefined): boolean => {
  if (a === undefined || b === undefined) return a === b;
  if (isText(a) || isText(b)) return isText(a) && isText(b) && a.text.trim() === b.text.trim();
  return JSON.stringify(a) === JSON.stringify(b);
};

export interface Difference {
  item: EntryItem;
  first: ItemValue | undefined;
  second: ItemValue | undefined;
}

/** Double entry: the items whose two keyings differ, in printed order. */
export function differences(items: readonly EntryItem[], first: FormValues, second: FormValues): Difference[] {
  return items.filter((item) => !sameValue(first[itemKey(item)], second[itemKey(item)])).map((item) => ({ item, first: first[itemKey(item)], second: second[itemKey(item)] }));
}

/**
 * The code of a scanned or typed input: a full questionnaire URL with ?code=, or a bare code (case,
 * space and dash insensitive). Returns the raw code text to normalise, or null.
 */
export function codeFromInput(input: string): string {
  const text = input.trim();
  const match = /[?&]code=([^&#\s]+)/i.exec(text);
  if (match?.[1]) {
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return match[1];
    }
  }
  return text;
}
