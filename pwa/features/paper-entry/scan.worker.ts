/**
 * The paper-form reader in a Web Worker (bundled by Vite as its own chunk, precached for offline use), so a stack
 * of scanned pages is read without freezing the page. One message per page: the page's RGBA pixels and the
 * survey's questionnaire package in, the page's reading (omr/reader.ts) and PNG crops of what HR must look at out:
 * every doubtful item and every writing area of the page, and a small picture of a page that could not be read.
 */
/// <reference lib="webworker" />
import { downscale, greyFromRgba, rgbaFromGrey, type GreyImage } from '../../../omr/image';
import { cropOf, readPage } from '../../../omr/reader';
import { isMultiChoice, paperFormItems, paperFormLayout, type PaperFormLayout, type PaperFormPackage, type PaperRect } from '../../../shared/paper-form';
import type { ScanReply, ScanRequest } from './scan-messages';

let cached: { key: string; layout: PaperFormLayout; multi: Set<string> } | null = null;
function layoutOf(pkg: PaperFormPackage) {
  const key = JSON.stringify([pkg.statement_ids, pkg.demographic_ids, pkg.departments, pkg.locations, pkg.extra_questions]);
  if (cached?.key !== key) cached = { key, layout: paperFormLayout(pkg), multi: new Set(paperFormItems(pkg).filter(isMultiChoice).map((i) => i.path)) };
  return cached;
}

/** The area of an item on a page (its row, question and boxes, or its writing lines), in layout points. */
function areaOf(layout: PaperFormLayout, page: number, path: string): PaperRect | null {
  const rects = (layout.pages[page - 1]?.blocks ?? []).flatMap((b) => {
    if (b.kind === 'writing') return b.path === path ? [b.rect] : [];
    if ((b.kind === 'statement' || b.kind === 'rating' || b.kind === 'question' || b.kind === 'choice-row') && b.item.path === path) return [b.rect];
    return [];
  });
  if (rects.length === 0) return null;
  const x = Math.min(...rects.map((r) => r.x)) - 4;
  const y = Math.min(...rects.map((r) => r.y)) - 3;
  const right = Math.max(...rects.map((r) => r.x + r.width)) + 4;
  const bottom = Math.max(...rects.map((r) => r.y + r.height)) + 3;
  return { x, y, width: right - x, height: bottom - y };
}

async function png(img: GreyImage): Promise<Blob> {
  const canvas = new OffscreenCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.putImageData(new ImageData(rgbaFromGrey(img), img.width, img.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

async function handle(req: ScanRequest): Promise<ScanReply> {
  const img = greyFromRgba(new Uint8ClampedArray(req.rgba), req.width, req.height);
  const { layout, multi } = layoutOf(req.pkg);
  const r = readPage(img, { layoutFor: (mark) => (mark.layout === layout.version && mark.pages === layout.pages.length ? layout : null), isMulti: (p) => multi.has(p) });
  const crops: Record<string, Blob> = {};
  let thumb: Blob | null = null;
  if (req.crops) {
    if (r.mark && !r.problem) {
      const writing = (layout.pages[r.mark.page - 1]?.blocks ?? []).flatMap((b) => (b.kind === 'writing' ? [b.path] : []));
      const doubtful = Object.entries(r.items).flatMap(([path, item]) => (item.doubtful ? [path] : []));
      for (const path of [...doubtful, ...writing]) {
        const area = areaOf(layout, r.mark.page, path);
        const crop = area ? cropOf(img, r, area, 2) : null;
        if (crop) crops[path] = await png(crop);
      }
    } else {
      thumb = await png(downscale(img, Math.max(1, Math.ceil(img.width / 320))));
    }
  }
  return { type: 'read', id: req.id, mark: r.mark, problem: r.problem, items: r.items, crops, thumb };
}

self.onmessage = (e: MessageEvent<ScanRequest>) => {
  const req = e.data;
  handle(req).then(
    (reply) => self.postMessage(reply),
    (err: unknown) => self.postMessage({ type: 'error', id: req.id, message: err instanceof Error ? err.message : String(err) } satisfies ScanReply),
  );
};
