import { describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index';
import { paperFormLayout, paperPageBoxes, type PaperFormPackage, type PaperPageMark } from '../../../shared/paper-form';
import { BLANK, entryItems, toSubmission } from './keying';
import { decisionKey, formReady, groupPages, readValue, resolvedValues, type BatchContext, type ItemRead, type ScannedPage } from './scan-batch';

const pkg: PaperFormPackage = {
  statement_ids: STATEMENTS.map((s) => s.id),
  demographic_ids: ['gender'],
  departments: ['Razvoj', 'Prodaja'],
  locations: [],
  extra_questions: [
    { id: 'q1', type: 'radio', title: { en: 'Q' }, description: {}, answers: [{ en: 'a' }, { en: 'b' }], required: true, allow_comments: true },
    { id: 'q2', type: 'text250', title: { en: 'T' }, description: {}, answers: [], required: false, allow_comments: false },
    { id: 'q3', type: 'text250', title: { en: 'R' }, description: {}, answers: [], required: true, allow_comments: false },
  ] as unknown as PaperFormPackage['extra_questions'],
};
const layout = paperFormLayout(pkg);
const items = entryItems(pkg);
const PAGES = layout.pages.length;
const SURVEY = 7;

/** A page as the reader gives it: every item with boxes on it read without doubt (statements 2, options the first one). */
function page(code: string, n: number, opts: { id?: string; survey?: number | null; layout?: number; items?: Record<string, ItemRead> } = {}): ScannedPage {
  const mark: PaperPageMark = { code, survey: opts.survey === undefined ? SURVEY : opts.survey, page: n, pages: PAGES, layout: opts.layout ?? layout.version };
  const read: Record<string, ItemRead> = {};
  for (const b of paperPageBoxes(layout, n)) {
    if (read[b.path]) continue;
    const item = items.find((i) => i.path === b.path)!;
    const value = item.kind === 'statement' ? 2 : item.kind === 'department' || item.kind === 'demographic' ? b.value : item.kind === 'extra' ? 0 : item.kind === 'enps' ? 9 : 7;
    read[b.path] = { value, doubtful: false, confidence: 1 };
  }
  return { id: opts.id ?? `${code}-${String(n)}`, source: 'scan.pdf', mark, problem: null, items: { ...read, ...opts.items } };
}
const form = (code: string) => Array.from({ length: PAGES }, (_, i) => page(code, i + 1));
const ctx = (used: string[] = [], invalid: string[] = []): BatchContext => ({
  surveyId: SURVEY,
  layout,
  items,
  codeState: (code) => (used.includes(code) ? 'used' : invalid.includes(code) ? 'invalid' : 'new'),
});
const pathOf = (kind: string) => items.find((i) => i.kind === kind)!.path;
const pageOf = (path: string) => layout.pages.find((p) => paperPageBoxes(layout, p.page).some((b) => b.path === path))!.page;

describe('scanned pages grouped into forms', () => {
  it('puts the pages of two forms together by their code, in any order, and reads the values as keyed', () => {
    const pages = [...form('AAAAABBBBB'), ...form('CCCCCDDDDD')].reverse();
    const batch = groupPages(pages, ctx());
    expect(batch.forms.map((f) => f.code)).toEqual(['AAAAABBBBB', 'CCCCCDDDDD']);
    expect(batch.unreadable).toEqual([]);
    const [a] = batch.forms;
    expect(a!.missing).toEqual([]);
    expect(Object.keys(a!.pages)).toHaveLength(PAGES);
    expect(a!.values[`statements.${STATEMENTS[0]!.id}`]).toBe(2);
    // A department is read as its name and keyed as the option's index; a radio answer stays an index.
    expect(a!.values.department).toBe(0);
    expect(a!.values['extra.q1']).toBe(0);
    // Free text is never read: the comment and the text question are for HR, with their page.
    expect(a!.writings.map((w) => w.item.path)).toEqual(['extra.q1.comment', 'extra.q2', 'extra.q3', 'praise_critique']);
    expect(a!.doubts).toEqual([]);
    expect(formReady(a!, {})).toBe(true);
  });

  it('a code written with a dash and in lower case is the same form', () => {
    const pages = form('AAAAABBBBB');
    pages[1] = page('aaaaa-bbbbb', 2);
    const batch = groupPages(pages, ctx());
    expect(batch.forms).toHaveLength(1);
    expect(batch.forms[0]!.missing).toEqual([]);
  });

  it('says which pages are missing; the form cannot be submitted without them', () => {
    const pages = form('AAAAABBBBB').filter((p) => p.mark!.page !== 3 && p.mark!.page !== PAGES);
    const [f] = groupPages(pages, ctx()).forms;
    expect(f!.missing).toEqual([3, PAGES]);
    expect(formReady(f!, {})).toBe(false);
    // Items on a missing page are neither values nor doubts.
    const onThree = paperPageBoxes(layout, 3)[0]!.path;
    expect(f!.values[onThree]).toBeUndefined();
  });

  it('a form scanned twice counts once: the second copy of each page is a repeat', () => {
    const pages = [...form('AAAAABBBBB'), ...form('AAAAABBBBB').map((p) => ({ ...p, id: `again-${p.id}` }))];
    const batch = groupPages(pages, ctx());
    expect(batch.forms).toHaveLength(1);
    expect(batch.repeats).toHaveLength(PAGES);
    expect(batch.repeats[0]).toMatchObject({ code: 'AAAAABBBBB', number: 1 });
    expect(Object.values(batch.forms[0]!.pages).every((id) => !id.startsWith('again-'))).toBe(true);
  });

  it('a code already submitted from this device or not of this survey is said so and never ready', () => {
    const batch = groupPages([...form('AAAAABBBBB'), ...form('CCCCCDDDDD')], ctx(['AAAAABBBBB'], ['CCCCCDDDDD']));
    expect(batch.forms.map((f) => f.state)).toEqual(['used', 'invalid']);
    expect(batch.forms.some((f) => formReady(f, {}))).toBe(false);
  });

  it('pages of another survey or another layout are foreign; pages without a mark are unreadable', () => {
    const other = page('EEEEEFFFFF', 1, { survey: SURVEY + 1 });
    const newer = page('EEEEEFFFFF', 2, { layout: layout.version + 1 });
    const blank: ScannedPage = { id: 'x', source: 'photo.jpg', mark: null, problem: 'no-markers', items: {} };
    const old: ScannedPage = { id: 'y', source: 'photo.jpg', mark: null, problem: 'no-mark', items: {} };
    const batch = groupPages([other, newer, blank, old, ...form('AAAAABBBBB')], ctx());
    expect(batch.foreign.map((p) => p.mark?.page)).toEqual([1, 2]);
    expect(batch.unreadable.map((p) => p.id)).toEqual(['x', 'y']);
    expect(batch.forms.map((f) => f.code)).toEqual(['AAAAABBBBB']);
    // A mark without a survey (the survey is the one being entered) fits.
    expect(groupPages([page('GGGGGHHHHH', 1, { survey: null })], ctx()).forms).toHaveLength(1);
  });

  it('doubtful marks go to HR; nothing marked on a required item is "no answer on paper", on an optional one nothing', () => {
    const s1 = `statements.${STATEMENTS[0]!.id}`;
    const s2 = `statements.${STATEMENTS[1]!.id}`;
    const gender = pathOf('demographic');
    const pages = form('AAAAABBBBB');
    pages[pageOf(s1) - 1] = page('AAAAABBBBB', pageOf(s1), { items: { [s1]: { value: 3, doubtful: true, confidence: 0.4 }, [s2]: { value: null, doubtful: false, confidence: 1 } } });
    const gp = pageOf(gender);
    pages[gp - 1] = page('AAAAABBBBB', gp, { items: { ...page('AAAAABBBBB', gp).items, [gender]: { value: null, doubtful: false, confidence: 1 } } });
    const [f] = groupPages(pages, ctx()).forms;
    expect(f!.doubts.map((d) => [d.item.path, d.read, d.pageId])).toEqual([[s1, 3, `AAAAABBBBB-${String(pageOf(s1))}`]]);
    expect(f!.values[s1]).toBeUndefined();
    expect(f!.values[s2]).toEqual(BLANK);
    expect(gender in f!.values).toBe(false);
    expect(formReady(f!, {})).toBe(false);

    // HR answers the doubt and types the comment: those go into the submission like keyed values.
    const decisions = { [decisionKey('AAAAABBBBB', s1)]: { value: 4 }, [decisionKey('AAAAABBBBB', 'extra.q1.comment')]: { value: { text: 'Nočne izmene' } } };
    expect(formReady(f!, decisions)).toBe(true);
    const sub = toSubmission(items, resolvedValues(f!, decisions), 'sl');
    expect((sub.answers.statements as Record<string, number>)[STATEMENTS[0]!.id]).toBe(4);
    // The required text question HR left empty is 'no answer on paper'; the optional one is simply not there.
    expect(sub.no_answer).toEqual([s2, 'extra.q3.value']);
    expect(Object.keys(sub.answers.extra as object)).toEqual(['q1']);
    expect(sub.answers.extra).toMatchObject({ q1: { value: 0, comment: 'Nočne izmene' } });
  });

  it('a machine value that does not fit the item (an unknown option) is a doubt, never a value', () => {
    const dept = pathOf('department');
    expect(readValue(items.find((i) => i.path === dept)!, 'Nabava')).toBeUndefined();
    const pages = form('AAAAABBBBB');
    const n = pageOf(dept);
    pages[n - 1] = page('AAAAABBBBB', n, { items: { [dept]: { value: 'Nabava', doubtful: false, confidence: 1 } } });
    const [f] = groupPages(pages, ctx()).forms;
    expect(f!.doubts.map((d) => d.item.path)).toContain(dept);
    expect(f!.values[dept]).toBeUndefined();
  });
});
