/**
 * Filled paper forms for testing the reader: the survey's printed forms (print/templates/paper-form.ts)
 * with the marks of a seeded random respondent drawn into the PDF — crosses and ticks, blanks, two boxes
 * ticked, corrections (a filled box and a cross), faint pencil — and the truth of every mark.
 * Node only (pdf-lib, the print package).
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { formatAccessCode } from '../shared/access-codes.js';
import { isMultiChoice, PAPER_PAGE, paperFormItems, paperFormLayout, type PaperBoxLayout, type PaperFormPackage } from '../shared/paper-form.js';
import { DEMOGRAPHIC_QUESTION_IDS, STATEMENTS } from '../shared/question-banks/index.js';
import { renderPaperForms, type PaperFormInput } from '../print/index.js';
import { embedFont } from '../print/fonts.js';
import { rng } from './degrade.js';

export type TruthValue = number | string | number[] | null;

/** One page's truth: `items` holds every item with boxes on that page (null: no answer — blank or two boxes ticked). */
export interface TruthPage {
  file: string;
  code: string;
  page: number;
  items: Record<string, TruthValue>;
}

/** What the respondent did with an item (for the benchmark's confusion counts; not part of truth.json). */
export type Behaviour = 'mark' | 'blank' | 'two-ticks' | 'correction' | 'faint' | 'multi';

/** How often a respondent does each thing (per item). */
export const RESPONDENT_RATES = { blank: 0.03, twoTicks: 0.004, correction: 0.005, faint: 0.004, tick: 0.3 };

/** The demo survey of the seed (server/seed/seed.ts ensureDemoApplications): every statement, gender and age group, two departments and locations, a yes/no and a text question. */
export function demoSurveyInput(language: PaperFormInput['language'], codes: string[]): PaperFormInput {
  return {
    companyName: 'Demo podjetje d.o.o.',
    surveyName: 'Zadovoljstvo zaposlenih 2026',
    language,
    package: {
      statement_ids: STATEMENTS.map((s) => s.id),
      demographic_ids: DEMOGRAPHIC_QUESTION_IDS.filter((id) => id === 'gender' || id === 'age_group'),
      departments: ['Razvoj', 'Prodaja'],
      locations: ['Ljubljana', 'Maribor'],
      extra_questions: [
        { id: 'demo-q1', type: 'radio', title: { sl: 'Ali bi podjetje priporočili prijatelju?', hr: 'Biste li preporučili tvrtku prijatelju?', mk: 'Дали би ја препорачале компанијата на пријател?' }, description: {}, answers: [{ sl: 'Da', hr: 'Da', mk: 'Да' }, { sl: 'Ne', hr: 'Ne', mk: 'Не' }], required: false, allow_comments: true },
        { id: 'demo-q2', type: 'text250', title: { sl: 'Kaj bi izboljšali?', hr: 'Što biste poboljšali?', mk: 'Што би подобриле?' }, description: {}, answers: [], required: false, allow_comments: false },
      ],
    },
    endDate: '30.11.2026',
    questionnaireUrl: 'https://izz.example.com/vprasalnik',
    codes,
    surveyId: 1,
  };
}

const INK = rgb(0.08, 0.1, 0.3);
const PENCIL = rgb(0.6, 0.6, 0.62);

type Mark = 'cross' | 'tick' | 'fill' | 'faint';

function drawMark(page: PDFPage, b: PaperBoxLayout, mark: Mark, r: () => number): void {
  const Y = (y: number) => PAPER_PAGE.height - y;
  const j = () => (r() - 0.5) * 1.6;
  const s = b.size;
  const line = (x1: number, y1: number, x2: number, y2: number, thickness: number, color = INK) =>
    page.drawLine({ start: { x: b.x + x1 + j() * 0.5, y: Y(b.y + y1 + j() * 0.5) }, end: { x: b.x + x2 + j() * 0.5, y: Y(b.y + y2 + j() * 0.5) }, thickness, color });
  const ox = j();
  const oy = j();
  if (mark === 'cross' || mark === 'faint') {
    const color = mark === 'faint' ? PENCIL : INK;
    const t = mark === 'faint' ? 0.9 : 1.2 + r() * 0.5;
    line(1.5 + ox, 1.5 + oy, s - 1.5 + ox, s - 1.5 + oy, t, color);
    line(1.5 + ox, s - 1.5 + oy, s - 1.5 + ox, 1.5 + oy, t, color);
  } else if (mark === 'tick') {
    const t = 1.3 + r() * 0.4;
    line(1.8 + ox, s * 0.5 + oy, s * 0.42 + ox, s - 1.6 + oy, t);
    line(s * 0.42 + ox, s - 1.6 + oy, s - 1.2 + ox, 1.4 + oy, t);
  } else {
    page.drawRectangle({ x: b.x + 0.6, y: Y(b.y + s - 0.6), width: s - 1.2, height: s - 1.2, color: INK });
  }
}

const SCRIBBLES = ['Več sestankov v živo.', 'Boljša komunikacija med oddelki', 'Hvala za vse!', 'Ne vem.', 'Plača bi lahko bila višja.'];

/**
 * Renders `codes.length` filled forms into one PDF (pages in form order) and their truth (file names
 * `<prefix>-<form>-<page>.png`, set by the caller when writing PNG pages).
 */
export async function fillForms(input: PaperFormInput, seed: number, prefix = 'form'): Promise<{ pdf: Uint8Array; truth: TruthPage[]; behaviour: Record<string, Behaviour>[]; pagesPerForm: number }> {
  const r = rng(seed);
  const pkg = input.package as PaperFormPackage;
  const layout = paperFormLayout(pkg);
  const items = paperFormItems(pkg);
  const doc = await PDFDocument.load(await renderPaperForms(input));
  const pages = doc.getPages();
  const hand = await embedFont(doc, 'regular');
  const per = layout.pages.length;
  const truth: TruthPage[] = [];
  const behaviour: Record<string, Behaviour>[] = [];
  input.codes.forEach((raw, f) => {
    const code = formatAccessCode(raw);
    // Decide each item of the form.
    const answer = new Map<string, TruthValue>();
    const did = new Map<string, Behaviour>();
    const marks = new Map<string, { value: number | string; mark: Mark }[]>();
    for (const item of items) {
      const boxes = layout.pages.flatMap((p) => p.blocks.flatMap((b) => ('boxes' in b ? b.boxes : []))).filter((b) => b.path === item.path);
      if (boxes.length === 0) continue;
      const pick = () => boxes[Math.floor(r() * boxes.length)]!;
      const plain = (): Mark => (r() < RESPONDENT_RATES.tick ? 'tick' : 'cross');
      const m: { value: number | string; mark: Mark }[] = [];
      if (isMultiChoice(item)) {
        for (const b of boxes) if (r() < 0.35) m.push({ value: b.value, mark: plain() });
        answer.set(item.path, m.length ? m.map((x) => x.value as number).sort((a, b) => a - b) : null);
        did.set(item.path, 'multi');
      } else {
        const x = r();
        const R = RESPONDENT_RATES;
        if (x < R.blank) {
          answer.set(item.path, null);
          did.set(item.path, 'blank');
        } else if (x < R.blank + R.twoTicks && boxes.length > 1) {
          const a = pick();
          let b = pick();
          while (b === a) b = pick();
          m.push({ value: a.value, mark: plain() }, { value: b.value, mark: plain() });
          answer.set(item.path, null);
          did.set(item.path, 'two-ticks');
        } else if (x < R.blank + R.twoTicks + R.correction && boxes.length > 1) {
          const wrong = pick();
          let right = pick();
          while (right === wrong) right = pick();
          m.push({ value: wrong.value, mark: 'fill' }, { value: right.value, mark: plain() });
          answer.set(item.path, right.value);
          did.set(item.path, 'correction');
        } else if (x < R.blank + R.twoTicks + R.correction + R.faint) {
          const b = pick();
          m.push({ value: b.value, mark: 'faint' });
          answer.set(item.path, b.value);
          did.set(item.path, 'faint');
        } else {
          const b = pick();
          m.push({ value: b.value, mark: plain() });
          answer.set(item.path, b.value);
          did.set(item.path, 'mark');
        }
      }
      marks.set(item.path, m);
    }
    layout.pages.forEach((lp, p) => {
      const page = pages[f * per + p]!;
      const onPage: Record<string, TruthValue> = {};
      const kinds: Record<string, Behaviour> = {};
      for (const block of lp.blocks) {
        if (block.kind === 'writing' && r() < 0.5) {
          const t = SCRIBBLES[Math.floor(r() * SCRIBBLES.length)]!;
          page.drawText(t, { x: block.rect.x + 4, y: PAPER_PAGE.height - block.rect.y - (block.comment ? 28 : 17), size: 11, font: hand, color: INK });
        }
        if (!('boxes' in block)) continue;
        for (const b of block.boxes) {
          onPage[b.path] = answer.get(b.path) ?? null;
          kinds[b.path] = did.get(b.path) ?? 'blank';
          for (const m of marks.get(b.path) ?? []) if (m.value === b.value) drawMark(page, b, m.mark, r);
        }
      }
      behaviour.push(kinds);
      truth.push({ file: `${prefix}-${String(f + 1).padStart(3, '0')}-${p + 1}.png`, code, page: p + 1, items: onPage });
    });
  });
  return { pdf: await doc.save(), truth, behaviour, pagesPerForm: per };
}
