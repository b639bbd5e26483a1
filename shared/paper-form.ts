/**
 * The order of the items on a printed IZZ paper form (print/templates/paper-form.ts draws them in
 * this order and prints each item's number), so HR data entry can follow the paper item by item.
 * Pure data from the questionnaire package: the same package gives the same list.
 */
import { ENPS_QUESTION_ID, ESI_QUESTION_IDS, STATEMENTS, DEMOGRAPHIC_QUESTIONS, type IzzCategoryId } from './question-banks/index.js';
import type { ExtraQuestionType } from './schemas/application.js';
import { EXTRA_QUESTION_TYPE_RULES, scaleBounds } from './schemas/extra-question-types.js';
import type { QuestionnairePackage } from './schemas/questionnaire.js';

/** What a paper form needs from the questionnaire package (IZZ). */
export type PaperFormPackage = Pick<QuestionnairePackage, 'statement_ids' | 'demographic_ids' | 'departments' | 'locations' | 'extra_questions'>;

interface Base {
  /** 1-based number printed beside the item on the paper. */
  number: number;
  /** Where the answer goes in ResponseAnswers (shared/schemas/questionnaire.ts), e.g. 'statements.JC01'. */
  path: string;
}

export type PaperFormItem =
  | (Base & { kind: 'statement'; id: string; category: IzzCategoryId; min: 1; max: 4; required: true })
  | (Base & { kind: 'enps'; id: typeof ENPS_QUESTION_ID; min: 0; max: 10; required: true })
  | (Base & { kind: 'esi'; id: (typeof ESI_QUESTION_IDS)[number]; min: 1; max: 10; required: true })
  /** options: the option ids (demographics) or the names (department, location), in printed order. */
  | (Base & { kind: 'demographic'; id: string; options: string[]; required: false })
  | (Base & { kind: 'department' | 'location'; id: 'department' | 'location'; options: string[]; required: false })
  /** radio/checkbox: `options` answers (indexes 0..options-1); scale: min..max; text: lines. */
  | (Base & { kind: 'extra'; id: string; type: ExtraQuestionType; options: number; min?: number; max?: number; required: boolean; comment: boolean })
  | (Base & { kind: 'praise_critique'; id: 'praise_critique'; required: false });

export type PaperFormItemKind = PaperFormItem['kind'];

/**
 * The items of a paper form in printed order: the statements (bank order, grouped by category),
 * eNPS, the three ESI questions, the demographic questions asked (in the package's order), department and location (when
 * the survey lists them), the extra questions, and praise/critique.
 */
export function paperFormItems(pkg: PaperFormPackage): PaperFormItem[] {
  const items: PaperFormItem[] = [];
  let n = 0;
  const asked = new Set(pkg.statement_ids);
  for (const s of STATEMENTS) {
    if (asked.has(s.id)) items.push({ kind: 'statement', id: s.id, category: s.category, number: ++n, path: `statements.${s.id}`, min: 1, max: 4, required: true });
  }
  items.push({ kind: 'enps', id: ENPS_QUESTION_ID, number: ++n, path: ENPS_QUESTION_ID, min: 0, max: 10, required: true });
  for (const id of ESI_QUESTION_IDS) items.push({ kind: 'esi', id, number: ++n, path: id, min: 1, max: 10, required: true });
  for (const id of pkg.demographic_ids) {
    const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === id);
    if (q) items.push({ kind: 'demographic', id: q.id, number: ++n, path: `demographics.${q.id}`, options: q.options.map((o) => o.id), required: false });
  }
  if (pkg.departments.length > 0) items.push({ kind: 'department', id: 'department', number: ++n, path: 'department', options: [...pkg.departments], required: false });
  if (pkg.locations.length > 0) items.push({ kind: 'location', id: 'location', number: ++n, path: 'location', options: [...pkg.locations], required: false });
  for (const q of pkg.extra_questions) {
    const layout = EXTRA_QUESTION_TYPE_RULES[q.type].paper;
    const scale = layout.kind === 'rating' ? scaleBounds(q) : {};
    items.push({
      kind: 'extra',
      id: q.id,
      number: ++n,
      path: `extra.${q.id}`,
      type: q.type,
      options: layout.kind === 'choice' ? q.answers.length : 0,
      ...scale,
      required: q.required,
      comment: q.allow_comments,
    });
  }
  items.push({ kind: 'praise_critique', id: 'praise_critique', number: ++n, path: 'praise_critique', required: false });
  return items;
}

// ---- Page geometry: one layout for the printed form and the machine reader -----------

/**
 * The layout version printed in each page's mark (the QR code's `lv`). Forms printed before there was
 * a version carry none: they are keyed by hand, never read by the machine.
 */
export const PAPER_LAYOUT_VERSION = 1;

/** A4 in PDF points; layout coordinates are points from the page's top left corner, y downwards. */
export const PAPER_PAGE = { width: 595.28, height: 841.89 } as const;
/** The content margins (the corner markers sit outside them). */
export const PAPER_MARGIN = { left: 42, right: 42, top: 46, bottom: 52 } as const;
export const PAPER_CONTENT_WIDTH = PAPER_PAGE.width - PAPER_MARGIN.left - PAPER_MARGIN.right;
/** Solid black registration squares in the four corners, inside a printer's unprintable edge. */
export const PAPER_MARKER = { size: 16, inset: 18 } as const;
/** The page mark: a QR code at the top right of every page (form code, survey, page, layout version). */
export const PAPER_QR = { x: PAPER_PAGE.width - PAPER_MARGIN.right - 76, y: PAPER_MARGIN.top - 4, size: 76, margin: 2 } as const;
export const PAPER_HEADER_HEIGHT = 74;
/** The answer box size of statements and choices, and of rating (eNPS, ESI, scale) boxes. */
export const PAPER_BOX = 12;
export const PAPER_RATING_BOX = 15;
/** The statement table: number column, text column and four answer columns. */
export const PAPER_COLUMNS = { number: 24, box: 58 } as const;
export const PAPER_STATEMENT_TEXT_WIDTH = PAPER_CONTENT_WIDTH - PAPER_COLUMNS.number - PAPER_COLUMNS.box * 4;
const CONTENT_BOTTOM = PAPER_PAGE.height - PAPER_MARGIN.bottom;
const FIRST_Y = PAPER_MARGIN.top + PAPER_HEADER_HEIGHT;

/** Heights of the parts (points). The template fits its text into them; the reader needs only the boxes. */
export const PAPER_HEIGHTS = {
  intro: 262,
  section: 26,
  sectionHint: 14,
  statementsIntro: 26,
  scaleHeader: 40,
  category: 22,
  statement: 24,
  /** Question text of a rating, choice or text item: two lines. */
  question: 26,
  note: 11,
  ratingBody: 50,
  choiceRow: 24,
  writingLine: 21,
  closing: 64,
  gap: 8,
} as const;

/** Where the corner markers' centres are (top left, top right, bottom right, bottom left). */
export function paperMarkerCentres(): { x: number; y: number }[] {
  const c = PAPER_MARKER.inset + PAPER_MARKER.size / 2;
  return [
    { x: c, y: c },
    { x: PAPER_PAGE.width - c, y: c },
    { x: PAPER_PAGE.width - c, y: PAPER_PAGE.height - c },
    { x: c, y: PAPER_PAGE.height - c },
  ];
}

export interface PaperRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One answer box: its square (top left corner and side) and the answer it stands for. */
export interface PaperBoxLayout {
  path: string;
  x: number;
  y: number;
  size: number;
  /** The answer as stored (ResponseAnswers): a statement's 1-4, an eNPS/ESI/scale number, a demographic option id, a department or location name, an extra question's answer index. */
  value: number | string;
  /** Printed label inside or above the box: the digit keyed by hand. */
  label: string;
}

export type PaperSectionId = 'statements' | 'enps' | 'esi' | 'about' | 'extra' | 'praise';

export type PaperBlock =
  | { kind: 'intro'; rect: PaperRect }
  | { kind: 'section'; section: PaperSectionId; hint: boolean; rect: PaperRect }
  | { kind: 'statements-intro'; rect: PaperRect }
  | { kind: 'scale-header'; rect: PaperRect }
  | { kind: 'category'; category: IzzCategoryId; continued: boolean; rect: PaperRect }
  | { kind: 'statement'; item: PaperFormItem; row: number; rect: PaperRect; boxes: PaperBoxLayout[] }
  /** A rating question (eNPS, ESI, extra scale): question, digits, boxes, end labels. */
  | { kind: 'rating'; item: PaperFormItem; rect: PaperRect; question: PaperRect; boxes: PaperBoxLayout[] }
  /** The question of a choice item (its options follow in choice-row blocks, possibly on the next page). */
  | { kind: 'question'; item: PaperFormItem; rect: PaperRect; note: boolean }
  /** One row of a choice item's options: `options` indexes into the item's options, each with its box. */
  | { kind: 'choice-row'; item: PaperFormItem; rect: PaperRect; options: number[]; columns: number; boxes: PaperBoxLayout[] }
  /** Lines to write on: a text question, a comment under an extra question, praise/critique. Read as a crop. */
  | { kind: 'writing'; path: string; item: PaperFormItem; comment: boolean; lines: number; rect: PaperRect }
  | { kind: 'closing'; rect: PaperRect }
  | { kind: 'blank'; rect: PaperRect };

export interface PaperPageLayout {
  /** 1-based. */
  page: number;
  blocks: PaperBlock[];
}

export interface PaperFormLayout {
  version: number;
  pages: PaperPageLayout[];
}

/** Columns of a choice item's options: up to three, fewer when there are fewer options. */
export const choiceColumns = (options: number) => Math.max(1, Math.min(3, options));

function optionCount(item: PaperFormItem): number {
  if (item.kind === 'demographic' || item.kind === 'department' || item.kind === 'location') return item.options.length;
  if (item.kind === 'extra') return item.options;
  return 0;
}

function optionValue(item: PaperFormItem, i: number): number | string {
  if (item.kind === 'demographic' || item.kind === 'department' || item.kind === 'location') return item.options[i]!;
  return i;
}

const SECTION_OF: Record<PaperFormItemKind, PaperSectionId> = {
  statement: 'statements',
  enps: 'enps',
  esi: 'esi',
  demographic: 'about',
  department: 'about',
  location: 'about',
  extra: 'extra',
  praise_critique: 'praise',
};

/** Writing lines of a free-text item (extra text questions, praise/critique) and of a comment. */
export function writingLineCount(item: PaperFormItem): number {
  if (item.kind === 'praise_critique') return 9;
  if (item.kind !== 'extra') return 0;
  const layout = EXTRA_QUESTION_TYPE_RULES[item.type].paper;
  return layout.kind === 'lines' ? layout.lines : 0;
}
export const COMMENT_LINES = 2;

/**
 * The whole form's geometry: which block goes where on which page, every answer box and every writing
 * area. A pure function of the items (never of the language or the fonts): the PDF template draws
 * exactly these rectangles, fitting its text into them, and the reader samples exactly these boxes.
 */
export function paperFormLayout(pkg: PaperFormPackage): PaperFormLayout {
  const items = paperFormItems(pkg);
  const H = PAPER_HEIGHTS;
  const left: number = PAPER_MARGIN.left;
  const W = PAPER_CONTENT_WIDTH;
  const pages: PaperPageLayout[] = [];
  let page: PaperPageLayout;
  let y = 0;
  /** Called on every new page (the statements' scale header and "(continued)" category). */
  let onNewPage: (() => void) | null = null;
  const rect = (h: number, x: number = left, w: number = W): PaperRect => ({ x, y, width: w, height: h });
  const newPage = () => {
    page = { page: pages.length + 1, blocks: [] };
    pages.push(page);
    y = FIRST_Y;
    onNewPage?.();
  };
  const ensure = (h: number): boolean => {
    if (y + h <= CONTENT_BOTTOM) return false;
    newPage();
    return true;
  };
  const push = (block: PaperBlock, h: number) => {
    page.blocks.push(block);
    y += h;
  };
  newPage();
  push({ kind: 'intro', rect: rect(H.intro) }, H.intro + H.gap);

  // Statements: a header row with the scale on every page, categories, one row per statement.
  const statements = items.filter((i) => i.kind === 'statement');
  let section: PaperSectionId | '' = '';
  if (statements.length > 0) {
    ensure(H.section + H.statementsIntro + H.scaleHeader + H.category + H.statement);
    push({ kind: 'section', section: 'statements', hint: false, rect: rect(H.section) }, H.section);
    push({ kind: 'statements-intro', rect: rect(H.statementsIntro) }, H.statementsIntro);
    section = 'statements';
    let category: IzzCategoryId | '' = '';
    let row = 0;
    onNewPage = () => {
      push({ kind: 'scale-header', rect: rect(H.scaleHeader) }, H.scaleHeader);
      if (category) push({ kind: 'category', category, continued: true, rect: rect(H.category) }, H.category);
    };
    push({ kind: 'scale-header', rect: rect(H.scaleHeader) }, H.scaleHeader);
    for (const item of statements) {
      if (item.kind !== 'statement') continue;
      if (item.category !== category) {
        if (y + H.category + H.statement > CONTENT_BOTTOM) {
          category = '';
          newPage();
        }
        category = item.category;
        push({ kind: 'category', category, continued: false, rect: rect(H.category) }, H.category);
        row = 0;
      } else ensure(H.statement);
      const x0 = left + PAPER_COLUMNS.number + PAPER_STATEMENT_TEXT_WIDTH;
      const by = y + (H.statement - PAPER_BOX) / 2;
      const boxes = [1, 2, 3, 4].map((v) => ({ path: item.path, x: x0 + (v - 1) * PAPER_COLUMNS.box + (PAPER_COLUMNS.box - PAPER_BOX) / 2, y: by, size: PAPER_BOX, value: v, label: String(v) }));
      push({ kind: 'statement', item, row: row++, rect: rect(H.statement), boxes }, H.statement);
    }
    onNewPage = null;
    y += H.gap;
  }

  const enter = (item: PaperFormItem, keepWith: number) => {
    const s = SECTION_OF[item.kind];
    if (s === section) return;
    section = s;
    const hint = s === 'about';
    const h = H.section + (hint ? H.sectionHint : 0);
    ensure(h + keepWith);
    push({ kind: 'section', section: s, hint, rect: rect(h) }, h);
  };
  const textX = left + PAPER_COLUMNS.number;
  const textW = W - PAPER_COLUMNS.number;
  const writing = (item: PaperFormItem, path: string, comment: boolean, lines: number) => {
    const h = lines * H.writingLine + (comment ? H.note : 0);
    ensure(h);
    push({ kind: 'writing', path, item, comment, lines, rect: rect(h, textX, textW) }, h + H.gap);
  };

  for (const item of items) {
    if (item.kind === 'statement') continue;
    const rating = item.kind === 'enps' || item.kind === 'esi' || (item.kind === 'extra' && EXTRA_QUESTION_TYPE_RULES[item.type].paper.kind === 'rating');
    const options = optionCount(item);
    if (rating) {
      const min = item.kind === 'extra' ? (item.min ?? 1) : item.min;
      const max = item.kind === 'extra' ? (item.max ?? 5) : item.max;
      const h = H.question + H.ratingBody;
      enter(item, h);
      ensure(h);
      const step = Math.min(36, textW / (max - min + 1));
      const boxes: PaperBoxLayout[] = [];
      for (let v = min; v <= max; v++) {
        boxes.push({ path: item.path, x: textX + (v - min) * step + (step - PAPER_RATING_BOX) / 2, y: y + H.question + 14, size: PAPER_RATING_BOX, value: v, label: String(v) });
      }
      push({ kind: 'rating', item, rect: rect(h), question: rect(H.question, textX, textW), boxes }, h + H.gap);
    } else if (options > 0) {
      const columns = choiceColumns(options);
      const head = H.question + H.note;
      enter(item, head + H.choiceRow);
      ensure(head + H.choiceRow);
      push({ kind: 'question', item, rect: rect(head), note: true }, head);
      const colW = textW / columns;
      for (let first = 0; first < options; first += columns) {
        ensure(H.choiceRow);
        const idx = Array.from({ length: Math.min(columns, options - first) }, (_, c) => first + c);
        const boxes = idx.map((o, c) => ({ path: item.path, x: textX + c * colW, y: y + 3, size: PAPER_BOX, value: optionValue(item, o), label: String(o + 1) }));
        push({ kind: 'choice-row', item, rect: rect(H.choiceRow, textX, textW), options: idx, columns, boxes }, H.choiceRow);
      }
      y += H.gap;
    } else {
      const lines = writingLineCount(item);
      enter(item, H.question + H.note + 2 * H.writingLine);
      ensure(H.question + H.note + 2 * H.writingLine);
      push({ kind: 'question', item, rect: rect(H.question + H.note), note: true }, H.question + H.note);
      writing(item, item.path, false, lines);
    }
    if (item.kind === 'extra' && item.comment) writing(item, `${item.path}.comment`, true, COMMENT_LINES);
  }
  ensure(H.closing);
  push({ kind: 'closing', rect: rect(H.closing) }, H.closing);
  // An even page count, so forms printed on both sides of the sheet never share a sheet.
  if (pages.length % 2 === 1) {
    newPage();
    push({ kind: 'blank', rect: rect(CONTENT_BOTTOM - y) }, 0);
  }
  return { version: PAPER_LAYOUT_VERSION, pages };
}

/** Every answer box of one page of the layout, in printed order. */
export function paperPageBoxes(layout: PaperFormLayout, page: number): PaperBoxLayout[] {
  const p = layout.pages[page - 1];
  if (!p) return [];
  return p.blocks.flatMap((b) => ('boxes' in b ? b.boxes : []));
}

/** Whether an item takes several marked boxes (an extra checkbox question). */
export const isMultiChoice = (item: PaperFormItem): boolean => {
  if (item.kind !== 'extra') return false;
  const layout = EXTRA_QUESTION_TYPE_RULES[item.type].paper;
  return layout.kind === 'choice' && layout.mark === 'any';
};

/** The data of a page mark (the QR code of a page of a machine-readable form). */
export interface PaperPageMark {
  code: string;
  survey: number | null;
  page: number;
  pages: number;
  layout: number;
}

/**
 * The QR code's text on a page of a machine-readable form: the questionnaire link with the form's code (as
 * on every form before: an employee may answer online, a USB scanner keys the code) followed by the survey,
 * the page ("3-8": page 3 of 8) and the layout version. Query parameters the questionnaire ignores.
 */
export function paperPageMarkText(questionnaireLink: string, mark: Omit<PaperPageMark, 'code'>): string {
  const sep = questionnaireLink.includes('?') ? '&' : '?';
  const survey = mark.survey === null ? '' : `&s=${mark.survey}`;
  return `${questionnaireLink}${sep}pg=${mark.page}-${mark.pages}${survey}&lv=${mark.layout}`;
}

/** Reads a page mark from a QR code's text; null when it is not one (an old form's link has no page). */
export function parsePaperPageMark(text: string): PaperPageMark | null {
  const code = /[?&]code=([A-Za-z0-9-]+)/.exec(text)?.[1];
  const pg = /[?&]pg=(\d{1,3})-(\d{1,3})(?:&|$)/.exec(text);
  const lv = /[?&]lv=(\d{1,3})(?:&|$)/.exec(text);
  if (!code || !pg || !lv) return null;
  const s = /[?&]s=(\d{1,12})(?:&|$)/.exec(text);
  return { code: code.toUpperCase(), survey: s ? Number(s[1]) : null, page: Number(pg[1]), pages: Number(pg[2]), layout: Number(lv[1]) };
}
