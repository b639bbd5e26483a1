import { describe, expect, it } from 'vitest';
import { PAPER_HEADER_HEIGHT, PAPER_LAYOUT_VERSION, PAPER_MARGIN, PAPER_PAGE, PAPER_QR, paperFormItems, paperFormLayout, paperPageBoxes, paperPageMarkText, parsePaperPageMark } from './paper-form.js';
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

describe('paperFormLayout', () => {
  const pkg = {
    statement_ids: STATEMENTS.map((s) => s.id),
    demographic_ids: ['gender', 'age_group'],
    departments: Array.from({ length: 40 }, (_, i) => `Oddelek ${i + 1}`),
    locations: ['Žiri'],
    extra_questions: [
      { id: 'x1', type: 'scale' as const, title: { en: 'S' }, description: {}, answers: [], scale: { min: 0, max: 7, min_label: {}, max_label: {} }, required: true, allow_comments: true },
      { id: 'x2', type: 'checkbox' as const, title: { en: 'C' }, description: {}, answers: [{ en: 'a' }, { en: 'b' }, { en: 'c' }], required: false, allow_comments: false },
    ],
  };
  const layout = paperFormLayout(pkg);
  const boxes = layout.pages.flatMap((p) => paperPageBoxes(layout, p.page).map((b) => ({ ...b, page: p.page })));

  it('gives every answer of every choice item exactly one box, inside the content area, on an even number of pages', () => {
    expect(layout.pages.length % 2).toBe(0);
    for (const item of paperFormItems(pkg)) {
      const mine = boxes.filter((b) => b.path === item.path);
      const expected = item.kind === 'statement' ? 4 : item.kind === 'enps' ? 11 : item.kind === 'esi' ? 10 : item.kind === 'praise_critique' ? 0 : item.kind === 'extra' ? (item.type === 'scale' ? 8 : item.options) : item.options.length;
      expect(mine.length, item.path).toBe(expected);
      expect(new Set(mine.map((b) => String(b.value))).size).toBe(expected);
    }
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(PAPER_MARGIN.left);
      expect(b.x + b.size).toBeLessThanOrEqual(PAPER_PAGE.width - PAPER_MARGIN.right);
      expect(b.y).toBeGreaterThan(PAPER_MARGIN.top + PAPER_HEADER_HEIGHT);
      expect(b.y + b.size).toBeLessThan(PAPER_PAGE.height - PAPER_MARGIN.bottom);
    }
  });

  it('never lets two boxes of a page overlap, and keeps the page mark and markers clear of the content', () => {
    for (const p of layout.pages) {
      const mine = paperPageBoxes(layout, p.page);
      for (let i = 0; i < mine.length; i++)
        for (let j = i + 1; j < mine.length; j++) {
          const a = mine[i]!;
          const b = mine[j]!;
          expect(a.x + a.size <= b.x || b.x + b.size <= a.x || a.y + a.size <= b.y || b.y + b.size <= a.y).toBe(true);
        }
      for (const block of p.blocks) expect(block.rect.y).toBeGreaterThanOrEqual(PAPER_QR.y + PAPER_QR.size);
    }
  });

  it('continues a long option list on the next page and reads the page mark back', () => {
    const pages = new Set(boxes.filter((b) => b.path === 'department').map((b) => b.page));
    expect(pages.size).toBeGreaterThanOrEqual(1);
    const text = paperPageMarkText('https://izz.example.com/vprasalnik?code=ABCDE-FGHJK', { survey: 12, page: 3, pages: 8, layout: PAPER_LAYOUT_VERSION });
    expect(parsePaperPageMark(text)).toEqual({ code: 'ABCDE-FGHJK', survey: 12, page: 3, pages: 8, layout: PAPER_LAYOUT_VERSION });
    // An old form's QR code (no page mark) is not read by the machine; the keying still takes its code.
    expect(parsePaperPageMark('https://izz.example.com/vprasalnik?code=ABCDE-FGHJK')).toBeNull();
  });
});
