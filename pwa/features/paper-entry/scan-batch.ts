/**
 * Scanned pages → paper forms (pure: no React, no Dexie, no images). docs/decisions/0021-reading-paper-forms.md "Paper forms read
 * by the machine".
 *
 * The reader (omr/reader.ts, run in scan.worker.ts) gives each page its page mark (form code, survey, page,
 * layout version) and a reading of every item with boxes on it. Here the pages of one batch are put together
 * by their code and checked against the survey on this device:
 * - a page without a readable mark (no corner markers, no QR code, an old form) is `unreadable`;
 * - a page of another survey, or of another layout of this survey's form, is `foreign`;
 * - the same page of the same form again (a form scanned twice) is a `repeat`: the first one counts, once;
 * - a form whose code is already keyed or submitted on this device is `used` (nothing is stored again),
 *   a code that is not an unused paper code of this survey is `invalid`;
 * - a form with pages not scanned lists them in `missing`.
 * The items read without doubt become the keying's values (keying.ts FormValues, the same conventions as keyed
 * by hand); doubtful items and every free-text area are left for HR (`doubts`, `writings`).
 */
import { normalizeAccessCode } from '../../../shared/access-codes';
import type { PaperFormLayout, PaperPageMark } from '../../../shared/paper-form';
import { BLANK, inputKind, itemKey, type EntryItem, type FormValues, type ItemValue } from './keying';

/** One item as the reader gave it (omr/reader.ts ItemReading). */
export interface ItemRead {
  value: number | string | number[] | null;
  doubtful: boolean;
  confidence: number;
}

export type PageProblem = 'no-markers' | 'no-mark' | 'no-layout';

/** One scanned page as kept on this device (its crops are stored beside it, by page id and item path). */
export interface ScannedPage {
  id: string;
  /** The file name (and page number within a PDF) it came from, for messages. */
  source: string;
  mark: PaperPageMark | null;
  problem: PageProblem | null;
  items: Record<string, ItemRead>;
}

export type CodeState = 'new' | 'used' | 'invalid';

export interface Doubt {
  item: EntryItem;
  /** The page whose crop shows it. */
  pageId: string;
  /** What the machine made of it (null: nothing, or several boxes). */
  read: ItemValue | undefined;
}

export interface Writing {
  item: EntryItem;
  pageId: string;
}

export interface ScannedForm {
  code: string;
  state: CodeState;
  /** Page number → page id. */
  pages: Record<number, string>;
  missing: number[];
  /** The items read without doubt, as keyed values. */
  values: FormValues;
  doubts: Doubt[];
  writings: Writing[];
}

export interface ScanBatch {
  forms: ScannedForm[];
  unreadable: ScannedPage[];
  foreign: ScannedPage[];
  repeats: { page: ScannedPage; code: string; number: number }[];
}

export interface BatchContext {
  surveyId: number;
  layout: PaperFormLayout;
  items: readonly EntryItem[];
  /** The state of each code seen (normalised), checked against the device's entry package beforehand. */
  codeState: (code: string) => CodeState;
}

/** Normalised code of a page mark, or null. */
export const markCode = (mark: PaperPageMark | null): string | null => (mark ? normalizeAccessCode(mark.code) : null);

/** Whether a mark belongs to this survey's form as laid out on this device. */
export function markFits(mark: PaperPageMark, ctx: Pick<BatchContext, 'surveyId' | 'layout'>): boolean {
  return (mark.survey === null || mark.survey === ctx.surveyId) && mark.layout === ctx.layout.version && mark.pages === ctx.layout.pages.length && mark.page >= 1 && mark.page <= mark.pages;
}

/** The page of the layout each item's boxes or writing lines are on (the first page, when an item spans two). */
function pagesOfItems(layout: PaperFormLayout): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const p of layout.pages) {
    for (const b of p.blocks) {
      const path = b.kind === 'writing' ? b.path : 'boxes' in b ? b.item.path : null;
      if (!path) continue;
      const list = out.get(path) ?? [];
      if (!list.includes(p.page)) list.push(p.page);
      out.set(path, list);
    }
  }
  return out;
}

/**
 * A reading as a keyed value (keying.ts conventions: statements and numbers as numbers, options as their
 * 0-based index, checkboxes as index lists). `undefined` when the machine value does not fit the item.
 */
export function readValue(item: EntryItem, value: ItemRead['value']): ItemValue | undefined {
  if (value === null) return undefined;
  switch (item.kind) {
    case 'demographic':
    case 'department':
    case 'location': {
      const i = typeof value === 'string' ? item.options.indexOf(value) : -1;
      return i >= 0 ? i : undefined;
    }
    case 'extra':
      if (item.type === 'checkbox') return Array.isArray(value) && value.every((v) => Number.isInteger(v) && v >= 0 && v < item.options) ? [...value] : undefined;
      return typeof value === 'number' ? value : undefined;
    case 'statement':
    case 'enps':
    case 'esi':
      return typeof value === 'number' && value >= item.min && value <= item.max ? value : undefined;
    default:
      return undefined;
  }
}

/** Merges the readings of an item printed over two pages: doubtful when they disagree. */
function mergeReads(reads: ItemRead[]): ItemRead {
  const given = reads.filter((r) => r.value !== null);
  if (given.length <= 1) return { value: given[0]?.value ?? null, doubtful: reads.some((r) => r.doubtful), confidence: Math.min(...reads.map((r) => r.confidence)) };
  if (given.every((r) => Array.isArray(r.value))) {
    const all = [...new Set(given.flatMap((r) => r.value as number[]))].sort((a, b) => a - b);
    return { value: all, doubtful: reads.some((r) => r.doubtful), confidence: Math.min(...reads.map((r) => r.confidence)) };
  }
  return { value: null, doubtful: true, confidence: 0 };
}

export function groupPages(pages: readonly ScannedPage[], ctx: BatchContext): ScanBatch {
  const batch: ScanBatch = { forms: [], unreadable: [], foreign: [], repeats: [] };
  const byCode = new Map<string, Map<number, ScannedPage>>();
  for (const page of pages) {
    const code = markCode(page.mark);
    if (!page.mark || !code || page.problem === 'no-markers' || page.problem === 'no-mark') {
      batch.unreadable.push(page);
      continue;
    }
    if (page.problem === 'no-layout' || !markFits(page.mark, ctx)) {
      batch.foreign.push(page);
      continue;
    }
    const form = byCode.get(code) ?? new Map<number, ScannedPage>();
    byCode.set(code, form);
    if (form.has(page.mark.page)) batch.repeats.push({ page, code, number: page.mark.page });
    else form.set(page.mark.page, page);
  }
  const where = pagesOfItems(ctx.layout);
  for (const [code, form] of byCode) {
    const missing = ctx.layout.pages.map((p) => p.page).filter((n) => !form.has(n));
    const values: FormValues = {};
    const doubts: Doubt[] = [];
    const writings: Writing[] = [];
    for (const item of ctx.items) {
      const on = (where.get(item.path) ?? []).map((n) => form.get(n)).filter((p): p is ScannedPage => p !== undefined);
      if (on.length === 0) continue; // its page is missing (or the item is not printed)
      if (inputKind(item).kind === 'text') {
        writings.push({ item, pageId: on[0]!.id });
        continue;
      }
      const reads = on.map((p) => p.items[item.path]).filter((r): r is ItemRead => r !== undefined);
      if (reads.length === 0) continue;
      const read = mergeReads(reads);
      const value = readValue(item, read.value);
      const unfit = read.value !== null && value === undefined;
      if (read.doubtful || unfit) {
        doubts.push({ item, pageId: on.find((p) => p.items[item.path]?.doubtful)?.id ?? on[0]!.id, read: value });
        continue;
      }
      if (value !== undefined) values[itemKey(item)] = value;
      else if (item.required) values[itemKey(item)] = BLANK; // nothing marked: 'no answer on paper'
    }
    batch.forms.push({ code, state: ctx.codeState(code), pages: Object.fromEntries([...form].map(([n, p]) => [n, p.id])), missing, values, doubts, writings });
  }
  batch.forms.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return batch;
}

/** HR's answer to a doubtful item (`value` undefined: left blank) or the text of a writing area. */
export type Decisions = Record<string, { value: ItemValue | undefined }>;

/** Whether a form can be submitted: a new code, every page there, every doubt answered. */
export function formReady(form: ScannedForm, decisions: Decisions): boolean {
  return form.state === 'new' && form.missing.length === 0 && form.doubts.every((d) => decisionKey(form.code, d.item.path) in decisions);
}

export const decisionKey = (code: string, path: string) => `${code}|${path}`;

/** The form's values with HR's answers (doubts and written texts) in: what goes to toSubmission. */
export function resolvedValues(form: ScannedForm, decisions: Decisions): FormValues {
  const values: FormValues = { ...form.values };
  // A required text left empty by HR is 'no answer on paper', as when keyed with '-'.
  for (const w of form.writings) if (w.item.required) values[itemKey(w.item)] = BLANK;
  for (const d of [...form.doubts, ...form.writings]) {
    const decided = decisions[decisionKey(form.code, d.item.path)];
    if (!decided) continue;
    if (decided.value === undefined) {
      if (!(d.item.required && form.writings.includes(d as Writing))) delete values[itemKey(d.item)];
    } else values[itemKey(d.item)] = decided.value;
  }
  return values;
}
