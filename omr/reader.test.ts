import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { formatAccessCode } from '../shared/access-codes.js';
import { PAPER_PAGE, PAPER_QR, paperFormLayout, paperMarkerCentres, paperPageBoxes, paperPageMarkText, PAPER_MARKER, type PaperBoxLayout } from '../shared/paper-form.js';
import { STATEMENTS } from '../shared/question-banks/index.js';
import * as D from './degrade.js';
import type { GreyImage } from './image.js';
import { pdfPages } from './raster-node.js';
import { decideItem, readPage } from './reader.js';
import { demoSurveyInput, fillForms } from './sample.js';

// A small fixture drawn straight into a grey buffer (no PDF renderer): page 1 of a form with the first
// eight statements, its corner markers, its page mark and its boxes, at 150 dpi.
const pkg = { statement_ids: STATEMENTS.slice(0, 8).map((s) => s.id), demographic_ids: [], departments: [], locations: [], extra_questions: [] };
const layout = paperFormLayout(pkg);
const boxes = paperPageBoxes(layout, 1);
const S = 150 / 72;

function page(marks: Record<string, { value: number; how: 'cross' | 'fill' | 'faint' }[]>): GreyImage {
  const w = Math.round(PAPER_PAGE.width * S);
  const h = Math.round(PAPER_PAGE.height * S);
  const data = new Uint8Array(w * h).fill(245);
  const rect = (x: number, y: number, rw: number, rh: number, v: number) => {
    for (let j = Math.round(y * S); j < Math.round((y + rh) * S); j++) for (let i = Math.round(x * S); i < Math.round((x + rw) * S); i++) if (i >= 0 && j >= 0 && i < w && j < h) data[j * w + i] = v;
  };
  const line = (x1: number, y1: number, x2: number, y2: number, v: number, t: number) => {
    for (let k = 0; k <= 60; k++) rect(x1 + ((x2 - x1) * k) / 60 - t / 2, y1 + ((y2 - y1) * k) / 60 - t / 2, t, t, v);
  };
  for (const c of paperMarkerCentres()) rect(c.x - PAPER_MARKER.size / 2, c.y - PAPER_MARKER.size / 2, PAPER_MARKER.size, PAPER_MARKER.size, 10);
  const qr = QRCode.create(paperPageMarkText('https://izz.example.com/vprasalnik?code=ABCDE-FGHJK', { survey: 3, page: 1, pages: layout.pages.length, layout: layout.version }), { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = PAPER_QR.size / (n + PAPER_QR.margin * 2);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) rect(PAPER_QR.x + (PAPER_QR.margin + c) * cell, PAPER_QR.y + (PAPER_QR.margin + r) * cell, cell, cell, 10);
  const border = (b: PaperBoxLayout) => {
    rect(b.x, b.y, b.size, 0.9, 50);
    rect(b.x, b.y + b.size - 0.9, b.size, 0.9, 50);
    rect(b.x, b.y, 0.9, b.size, 50);
    rect(b.x + b.size - 0.9, b.y, 0.9, b.size, 50);
  };
  for (const b of boxes) {
    border(b);
    for (const m of marks[b.path] ?? []) {
      if (m.value !== b.value) continue;
      if (m.how === 'fill') rect(b.x + 0.6, b.y + 0.6, b.size - 1.2, b.size - 1.2, 30);
      else {
        const v = m.how === 'faint' ? 150 : 25;
        const t = m.how === 'faint' ? 0.9 : 1.4;
        line(b.x + 1.5, b.y + 1.5, b.x + b.size - 1.5, b.y + b.size - 1.5, v, t);
        line(b.x + 1.5, b.y + b.size - 1.5, b.x + b.size - 1.5, b.y + 1.5, v, t);
      }
    }
  }
  return { width: w, height: h, data };
}

const [p1, p2, p3, p4, p5, p6] = pkg.statement_ids.map((id) => `statements.${id}`);
// One box each way: a cross, nothing, a correction (filled + cross), faint pencil, two ticks, a filled box alone.
const fixture = page({
  [p1!]: [{ value: 2, how: 'cross' }],
  [p3!]: [{ value: 1, how: 'fill' }, { value: 4, how: 'cross' }],
  [p4!]: [{ value: 3, how: 'faint' }],
  [p5!]: [{ value: 1, how: 'cross' }, { value: 3, how: 'cross' }],
  [p6!]: [{ value: 2, how: 'fill' }],
});
const read = (img: GreyImage) => readPage(img, { layoutFor: (mark) => (mark.survey === 3 ? layout : null) });

function expectFixture(img: GreyImage) {
  const r = read(img);
  expect(r.problem).toBeNull();
  expect(r.mark).toEqual({ code: 'ABCDE-FGHJK', survey: 3, page: 1, pages: layout.pages.length, layout: 1 });
  expect(r.items[p1!]).toMatchObject({ value: 2, doubtful: false });
  expect(r.items[p2!]).toMatchObject({ value: null, doubtful: false });
  expect(r.items[p3!]).toMatchObject({ value: 4, doubtful: true });
  expect(r.items[p4!]).toMatchObject({ value: 3, doubtful: true });
  expect(r.items[p5!]).toMatchObject({ value: null, doubtful: true });
  expect(r.items[p6!]).toMatchObject({ value: null, doubtful: true });
  return r;
}

describe('the paper-form reader', () => {
  it('reads one box each way on a clean page: a cross, nothing, a correction, faint pencil, two ticks, a cancelled box', () => {
    expect(expectFixture(fixture).upsideDown).toBe(false);
  });

  it.each([
    ['rotated 8°', (img: GreyImage) => D.rotate(img, 8)],
    ['rotated -8°', (img: GreyImage) => D.rotate(img, -8)],
    ['in perspective', (img: GreyImage) => D.perspective(img, D.rng(5))],
    ['blurred', (img: GreyImage) => D.blur(img, 1)],
    ['noisy', (img: GreyImage) => D.noise(img, 14, D.rng(2))],
    ['unevenly lit', (img: GreyImage) => D.unevenLight(img, 0.45)],
    ['with a fold shadow', (img: GreyImage) => D.foldShadow(img)],
  ])('reads the same page %s', (_, f) => {
    expectFixture(f(fixture));
  });

  it('finds the corner markers of a printed form whose QR code holds a compact cluster near the top right one', async () => {
    const [url, code] = ['http://127.0.0.1:37089/sl/vprasalnik', '45UUTJRVHU'];
    // Such forms were unreadable: a quadrilateral through the cluster fitted the marker size better than the page's
    // own rectangle. Page 1 of each, printed and rasterised as a scanned PDF is.
    const { pdf } = await fillForms({ ...demoSurveyInput('sl', [code]), questionnaireUrl: url, surveyId: 133 }, 30);
    for await (const img of pdfPages(pdf, 150)) {
      const r = readPage(img, { layoutFor: () => null });
      expect(r.problem).toBe('no-layout');
      expect(r.mark).toMatchObject({ code: formatAccessCode(code), survey: 133, page: 1 });
      break;
    }
  });

  it('reads a page upside down and says so', () => {
    expect(expectFixture(D.upsideDown(fixture)).upsideDown).toBe(true);
  });

  it('says why a page gives nothing: no markers, or a survey it does not know', () => {
    expect(read({ width: 400, height: 560, data: new Uint8Array(400 * 560).fill(240) }).problem).toBe('no-markers');
    const other = readPage(fixture, { layoutFor: () => null });
    expect(other.problem).toBe('no-layout');
    expect(other.mark?.code).toBe('ABCDE-FGHJK');
    expect(other.items).toEqual({});
  });

  it('takes several crosses of a checkbox question as its answers', () => {
    const box = (value: number, state: 'marked' | 'empty') => ({ value, state, ink: state === 'marked' ? 0.4 : 0, light: 0 });
    expect(decideItem([box(0, 'marked'), box(1, 'empty'), box(2, 'marked')], true)).toMatchObject({ value: [0, 2], doubtful: false });
    expect(decideItem([box(0, 'empty'), box(1, 'empty')], true)).toMatchObject({ value: null, doubtful: false });
  });
});
