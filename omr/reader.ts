/**
 * The paper-form reader: a page image → the page mark and every answer box's reading.
 * Pure TypeScript over a grey buffer (omr/image.ts) plus jsQR, so the same code runs in Node (CLI,
 * benchmark, tests) and in a browser Web Worker (the PWA's paper entry). Steps:
 *  1. find the four corner markers (downscaled, adaptive threshold, connected components, the
 *     outermost solid squares of similar size that make a page-shaped quadrilateral);
 *  2. a homography from the layout's marker centres to the image (rotation, perspective, any
 *     quarter turn — upside down included — told apart by where the QR code is);
 *  3. decode the page mark (jsQR on the QR region warped upright and enlarged);
 *  4. sample every box of that page of the layout (shared/paper-form.ts), relative to the paper
 *     just around it (adaptive to uneven light), and decide each item: filled / empty / doubtful.
 */
import jsQR from 'jsqr';
import {
  PAPER_MARKER,
  PAPER_PAGE,
  PAPER_QR,
  paperMarkerCentres,
  paperPageBoxes,
  parsePaperPageMark,
  type PaperBoxLayout,
  type PaperFormLayout,
  type PaperPageMark,
} from '../shared/paper-form.js';
import { apply, downscale, homographyFrom, integral, rgbaFromGrey, sample, warp, type GreyImage, type Homography, type Point } from './image.js';

export type BoxState = 'empty' | 'marked' | 'cancelled' | 'faint';

export interface BoxReading {
  value: number | string;
  state: BoxState;
  /** Share of the box's inside that is clearly ink (0..1). */
  ink: number;
  /** Share that is at least light ink (faint pencil). */
  light: number;
}

/** One item as read: the value (null = nothing marked), whether HR must look at it, and how sure the reader is (0..1). */
export interface ItemReading {
  value: number | string | number[] | null;
  doubtful: boolean;
  confidence: number;
}

export interface PageReading {
  /** null when the page mark could not be read (no markers, no QR code, or an old form). */
  mark: PaperPageMark | null;
  /** Why a page gave nothing: 'no-markers' | 'no-mark' | 'no-layout'. */
  problem: 'no-markers' | 'no-mark' | 'no-layout' | null;
  /** Page corners in the image (top left, top right, bottom right, bottom left of the printed page). */
  corners: Point[] | null;
  /** Layout points → image pixels (for crops). */
  homography: Homography | null;
  upsideDown: boolean;
  items: Record<string, ItemReading>;
  boxes: Record<string, BoxReading[]>;
}

/** Thresholds (shares of the box's inside). Chosen on the benchmark set; see docs/benchmarks.md. */
const T = {
  /** A pixel is ink when it is this much darker than the paper around the box… */
  ink: 0.42,
  /** …and light ink (faint pencil) from this much. The faint printed digit stays below it. */
  light: 0.26,
  empty: 0.05,
  marked: 0.11,
  cancelled: 0.72,
  faintLight: 0.16,
};

// ---- 1. markers ---------------------------------------------------------------------------------

interface Blob {
  area: number;
  cx: number;
  cy: number;
  w: number;
  h: number;
}

function darkBlobs(img: GreyImage): Blob[] {
  const { width: w, height: h, data } = img;
  const ii = integral(img);
  const r = Math.max(8, Math.round(Math.min(w, h) / 24));
  const W = w + 1;
  const dark = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const mean = (ii[y1 * W + x1]! - ii[y0 * W + x1]! - ii[y1 * W + x0]! + ii[y0 * W + x0]!) / ((y1 - y0) * (x1 - x0));
      const v = data[y * w + x]!;
      dark[y * w + x] = v < mean * 0.72 && v < 170 ? 1 : 0;
    }
  }
  // Connected components (4-neighbours), iterative flood fill.
  const label = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  const blobs: Blob[] = [];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (!dark[start] || label[start]) continue;
    next++;
    let sp = 0;
    stack[sp++] = start;
    label[start] = next;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let minX = w;
    let maxX = 0;
    let minY = h;
    let maxY = 0;
    while (sp > 0) {
      const p = stack[--sp]!;
      const x = p % w;
      const y = (p - x) / w;
      area++;
      sx += x;
      sy += y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      // The four neighbours (no closure here: this loop runs once per dark pixel).
      let q = p - 1;
      if (x > 0 && dark[q] && !label[q]) {
        label[q] = next;
        stack[sp++] = q;
      }
      q = p + 1;
      if (x < w - 1 && dark[q] && !label[q]) {
        label[q] = next;
        stack[sp++] = q;
      }
      q = p - w;
      if (y > 0 && dark[q] && !label[q]) {
        label[q] = next;
        stack[sp++] = q;
      }
      q = p + w;
      if (y < h - 1 && dark[q] && !label[q]) {
        label[q] = next;
        stack[sp++] = q;
      }
    }
    const bw = maxX - minX + 1;
    const bh = maxY - minY + 1;
    if (area < 12 || bw < 4 || bh < 4) continue;
    const aspect = bw / bh;
    if (aspect < 0.5 || aspect > 2) continue;
    if (area / (bw * bh) < 0.5) continue;
    if (area > (w * h) / 150) continue;
    blobs.push({ area, cx: sx / area + 0.5, cy: sy / area + 0.5, w: bw, h: bh });
  }
  return blobs;
}

/** Scores four corner candidates (image TL, TR, BR, BL order): lower is better; Infinity when not a page. */
function quadScore(q: Blob[]): number {
  const areas = q.map((b) => b.area);
  if (Math.max(...areas) / Math.min(...areas) > 3) return Infinity;
  const d = (a: Blob, b: Blob) => Math.hypot(a.cx - b.cx, a.cy - b.cy);
  const s = [d(q[0]!, q[1]!), d(q[1]!, q[2]!), d(q[2]!, q[3]!), d(q[3]!, q[0]!)];
  const a = (s[0]! + s[2]!) / 2;
  const b = (s[1]! + s[3]!) / 2;
  const ratio = Math.max(a, b) / Math.min(a, b);
  const want = (PAPER_PAGE.height - PAPER_MARKER.inset * 2 - PAPER_MARKER.size) / (PAPER_PAGE.width - PAPER_MARKER.inset * 2 - PAPER_MARKER.size);
  if (Math.abs(ratio - want) > 0.35) return Infinity;
  // Marker size against the page size: a marker is about 16 / 550 of the short side.
  const side = Math.sqrt(areas.reduce((x, y) => x + y, 0) / 4);
  const expected = (Math.min(a, b) * PAPER_MARKER.size) / (PAPER_PAGE.width - PAPER_MARKER.inset * 2 - PAPER_MARKER.size);
  if (side < expected * 0.55 || side > expected * 1.6) return Infinity;
  // The markers are a rectangle's corners (a near parallelogram in a photo): opposite sides of a like length. Without
  // this, a compact cluster of QR modules below the top-right marker could fit the marker size better than the marker.
  const skew = Math.abs(s[0]! - s[2]!) / a + Math.abs(s[1]! - s[3]!) / b;
  return Math.abs(ratio - want) + skew + Math.abs(Math.log(side / expected)) - Math.min(a, b) / 1e5;
}

function findCorners(img: GreyImage): Point[] | null {
  const factor = Math.max(1, Math.round(Math.max(img.width, img.height) / 700));
  const small = downscale(img, factor);
  const blobs = darkBlobs(small);
  if (blobs.length < 4) return null;
  const dirs = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const;
  const top = dirs.map(([dx, dy]) => [...blobs].sort((p, q) => dx * q.cx + dy * q.cy - (dx * p.cx + dy * p.cy)).slice(0, 4));
  let best: Blob[] | null = null;
  let bestScore = Infinity;
  for (const a of top[0]!)
    for (const b of top[1]!)
      for (const c of top[2]!)
        for (const d of top[3]!) {
          if (new Set([a, b, c, d]).size < 4) continue;
          const s = quadScore([a, b, c, d]);
          if (s < bestScore) {
            bestScore = s;
            best = [a, b, c, d];
          }
        }
  if (!best) return null;
  return best.map((b) => refineCentre(img, b.cx * factor, b.cy * factor, (Math.sqrt(b.area) * factor) / 2));
}

/** The marker's centre at full resolution: the centroid of the dark pixels around the rough centre. */
function refineCentre(img: GreyImage, x: number, y: number, half: number): Point {
  const r = Math.ceil(half * 1.6);
  let lo = 255;
  let hi = 0;
  for (let j = -r; j <= r; j++)
    for (let i = -r; i <= r; i++) {
      const v = img.data[Math.round(y + j) * img.width + Math.round(x + i)];
      if (v === undefined) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  const t = (lo + hi) / 2;
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let j = -r; j <= r; j++)
    for (let i = -r; i <= r; i++) {
      const px = Math.round(x + i);
      const py = Math.round(y + j);
      if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
      const v = img.data[py * img.width + px]!;
      if (v < t) {
        const wgt = (t - v) / (t - lo + 1);
        sx += px * wgt;
        sy += py * wgt;
        n += wgt;
      }
    }
  return n > 0 ? { x: sx / n + 0.5, y: sy / n + 0.5 } : { x, y };
}

// ---- 2.-3. registration and the page mark --------------------------------------------------------

function qrRegion(margin: number) {
  return { x: PAPER_QR.x - margin, y: PAPER_QR.y - margin, width: PAPER_QR.size + margin * 2, height: PAPER_QR.size + margin * 2 };
}

function decodeQr(img: GreyImage, h: Homography): string | null {
  for (const scale of [3.2, 4.5]) {
    const region = warp(img, h, qrRegion(8), scale);
    const found = jsQR(rgbaFromGrey(region), region.width, region.height, { inversionAttempts: 'dontInvert' });
    if (found) return found.data;
  }
  return null;
}

/** How dark the QR area is under a registration (the QR code is about half ink; anything else far less). */
function qrInk(img: GreyImage, h: Homography): number {
  let dark = 0;
  let n = 0;
  for (let j = 0; j < 12; j++)
    for (let i = 0; i < 12; i++) {
      const p = apply(h, PAPER_QR.x + ((i + 0.5) * PAPER_QR.size) / 12, PAPER_QR.y + ((j + 0.5) * PAPER_QR.size) / 12);
      n++;
      if (sample(img, p.x, p.y) < 128) dark++;
    }
  return dark / n;
}

// ---- 4. boxes -------------------------------------------------------------------------------------

function readBox(img: GreyImage, h: Homography, b: PaperBoxLayout): BoxReading {
  // Paper level: the lighter samples of a ring just outside the box.
  const ring: number[] = [];
  const out = 3;
  for (let k = 0; k < 12; k++) {
    const t = (k + 0.5) / 12;
    for (const [x, y] of [
      [b.x + t * b.size, b.y - out],
      [b.x + t * b.size, b.y + b.size + out],
      [b.x - out, b.y + t * b.size],
      [b.x + b.size + out, b.y + t * b.size],
    ] as const) {
      const p = apply(h, x, y);
      ring.push(sample(img, p.x, p.y));
    }
  }
  ring.sort((a, c) => a - c);
  const paper = Math.max(60, ring[Math.floor(ring.length * 0.75)]!);
  const inset = 2.2;
  const n = 9;
  const span = b.size - inset * 2;
  let ink = 0;
  let light = 0;
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) {
      const p = apply(h, b.x + inset + ((i + 0.5) * span) / n, b.y + inset + ((j + 0.5) * span) / n);
      const d = 1 - sample(img, p.x, p.y) / paper;
      if (d > T.ink) ink++;
      if (d > T.light) light++;
    }
  ink /= n * n;
  light /= n * n;
  let state: BoxState;
  if (ink >= T.cancelled) state = 'cancelled';
  else if (ink >= T.marked) state = 'marked';
  else if (light >= T.faintLight || ink >= T.empty) state = 'faint';
  else state = 'empty';
  return { value: b.value, state, ink, light };
}

/** How far a box is from the nearest threshold, 0 (on it) .. 1 (far). */
function boxConfidence(r: BoxReading): number {
  const gaps = [Math.abs(r.ink - T.empty), Math.abs(r.ink - T.marked), Math.abs(r.ink - T.cancelled), r.state === 'empty' ? Math.abs(r.light - T.faintLight) : 1];
  return Math.min(1, Math.min(...gaps) / 0.08);
}

/** An item's answer from its boxes: one clear cross is the answer; anything else is for HR to look at. */
export function decideItem(boxes: BoxReading[], multi: boolean): ItemReading {
  const marked = boxes.filter((b) => b.state === 'marked');
  const faint = boxes.filter((b) => b.state === 'faint');
  const cancelled = boxes.filter((b) => b.state === 'cancelled');
  const confidence = Math.round(Math.min(1, ...boxes.map(boxConfidence)) * 100) / 100;
  if (multi) {
    const value = marked.map((b) => b.value as number).sort((a, c) => a - c);
    return { value: value.length > 0 ? value : null, doubtful: faint.length > 0 || cancelled.length > 0, confidence };
  }
  if (marked.length === 1 && faint.length === 0) return { value: marked[0]!.value, doubtful: cancelled.length > 0, confidence: cancelled.length > 0 ? Math.min(confidence, 0.5) : confidence };
  if (marked.length === 0 && faint.length === 0) return { value: null, doubtful: cancelled.length > 0, confidence };
  if (marked.length === 0 && faint.length === 1) return { value: faint[0]!.value, doubtful: true, confidence: Math.min(confidence, 0.4) };
  if (marked.length === 1) return { value: marked[0]!.value, doubtful: true, confidence: Math.min(confidence, 0.4) };
  // Two or more boxes ticked: no answer until HR says which.
  return { value: null, doubtful: true, confidence: 0 };
}

export interface ReadOptions {
  /** The layout of a page mark's form (null when the reader does not know the form: another survey, a newer layout). */
  layoutFor: (mark: PaperPageMark) => PaperFormLayout | null;
  /** Paths of items with several answers (extra checkbox questions). */
  isMulti?: (path: string) => boolean;
}

/** Reads one page image. Never throws for a bad image: an unreadable page says why in `problem`. */
export function readPage(img: GreyImage, options: ReadOptions): PageReading {
  const empty = { items: {}, boxes: {} };
  const corners = findCorners(img);
  if (!corners) return { mark: null, problem: 'no-markers', corners: null, homography: null, upsideDown: false, ...empty };
  const page = paperMarkerCentres();
  // The page may be turned by any quarter: try the rotations whose shape is a portrait page, most QR ink first.
  const candidates: { h: Homography; k: number; ink: number }[] = [];
  for (let k = 0; k < 4; k++) {
    const img4 = [0, 1, 2, 3].map((i) => corners[(i + k) % 4]!);
    const top = Math.hypot(img4[1]!.x - img4[0]!.x, img4[1]!.y - img4[0]!.y);
    const side = Math.hypot(img4[3]!.x - img4[0]!.x, img4[3]!.y - img4[0]!.y);
    if (side < top) continue;
    try {
      const h = homographyFrom(page, img4);
      candidates.push({ h, k, ink: qrInk(img, h) });
    } catch {
      /* degenerate: not this rotation */
    }
  }
  candidates.sort((a, b) => b.ink - a.ink);
  for (const c of candidates) {
    const text = decodeQr(img, c.h);
    if (text === null) continue;
    const mark = parsePaperPageMark(text);
    const pageCorners = [0, 1, 2, 3].map((i) => corners[(i + c.k) % 4]!);
    const upsideDown = pageCorners[0]!.y > pageCorners[2]!.y;
    if (!mark) return { mark: null, problem: 'no-mark', corners: pageCorners, homography: c.h, upsideDown, ...empty };
    const layout = options.layoutFor(mark);
    if (!layout || !layout.pages[mark.page - 1]) return { mark, problem: 'no-layout', corners: pageCorners, homography: c.h, upsideDown, ...empty };
    const boxes: Record<string, BoxReading[]> = {};
    for (const b of paperPageBoxes(layout, mark.page)) (boxes[b.path] ??= []).push(readBox(img, c.h, b));
    const items: Record<string, ItemReading> = {};
    for (const [path, list] of Object.entries(boxes)) items[path] = decideItem(list, options.isMulti?.(path) ?? false);
    return { mark, problem: null, corners: pageCorners, homography: c.h, upsideDown, items, boxes };
  }
  return { mark: null, problem: 'no-mark', corners, homography: candidates[0]?.h ?? null, upsideDown: false, ...empty };
}

/** A crop of the page (layout points) as an upright grey image, e.g. a doubtful item or a comment box for HR. */
export function cropOf(img: GreyImage, reading: Pick<PageReading, 'homography'>, rect: { x: number; y: number; width: number; height: number }, scale = 2): GreyImage | null {
  if (!reading.homography) return null;
  return warp(img, reading.homography, rect, scale);
}
