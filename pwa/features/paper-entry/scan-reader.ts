/**
 * Pages from files and the camera into the reading worker (scan.worker.ts). PDFs are rasterised with pdf.js
 * (pdfjs-dist, its own worker parses the file) at 150 dpi, one page at a time, so a long batch never sits in memory
 * whole; image files are decoded by the browser (createImageBitmap). Pages go to the worker one after another.
 */
import type { PaperFormPackage } from '../../../shared/paper-form';
import type { ScanReply, ScanRequest } from './scan-messages';

export const PDF_DPI = 150;

export interface PagePixels {
  source: string;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

const isPdf = (file: File, head: Uint8Array) => file.type === 'application/pdf' || (head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46);

function canvas(width: number, height: number): { ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D; el: OffscreenCanvas | HTMLCanvasElement } {
  if (typeof OffscreenCanvas !== 'undefined') {
    const el = new OffscreenCanvas(width, height);
    const ctx = el.getContext('2d', { willReadFrequently: true });
    if (ctx) return { ctx, el };
  }
  const el = document.createElement('canvas');
  el.width = width;
  el.height = height;
  const ctx = el.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2d context');
  return { ctx, el };
}

/**
 * Reading's own files could not be loaded: offline on a device where the paper-entry page was never opened online
 * (they are not precached: vite.config.ts). Not a problem of the file being read.
 */
export class ReaderMissing extends Error {}

async function loadPdfJs() {
  try {
    const pdfjs = await import('pdfjs-dist');
    pdfjs.GlobalWorkerOptions.workerSrc = (await import('pdfjs-dist/build/pdf.worker.min.mjs?url')).default;
    return pdfjs;
  } catch (err) {
    throw new ReaderMissing(err instanceof Error ? err.message : String(err));
  }
}

/** Fetches pdf.js and its worker (ScanWorker.prepare). */
async function warmScanReading(): Promise<void> {
  const pdfjs = await loadPdfJs();
  await fetch(pdfjs.GlobalWorkerOptions.workerSrc);
}

/** The pages of one file (a PDF page by page, an image as one page). */
export async function* filePages(file: File, label: (file: string, page: number) => string): AsyncGenerator<PagePixels> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isPdf(file, bytes)) {
    const pdfjs = await loadPdfJs();
    const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
    try {
      for (let i = 1; i <= doc.numPages; i++) {
        const page = await doc.getPage(i);
        const viewport = page.getViewport({ scale: PDF_DPI / 72 });
        const { ctx, el } = canvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, el.width, el.height);
        await page.render({ canvasContext: ctx as CanvasRenderingContext2D, canvas: el as HTMLCanvasElement, viewport }).promise;
        const data = ctx.getImageData(0, 0, el.width, el.height);
        page.cleanup();
        yield { source: label(file.name, i), width: data.width, height: data.height, rgba: data.data };
      }
    } finally {
      await doc.destroy();
    }
    return;
  }
  const bitmap = await createImageBitmap(new Blob([bytes], { type: file.type || 'image/png' }));
  try {
    const { ctx } = canvas(bitmap.width, bitmap.height);
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    yield { source: label(file.name, 1), width: data.width, height: data.height, rgba: data.data };
  } finally {
    bitmap.close();
  }
}

/** One camera frame's pixels. */
export function framePixels(video: HTMLVideoElement, source: string): PagePixels | null {
  const { videoWidth: w, videoHeight: h } = video;
  if (!w || !h) return null;
  const { ctx } = canvas(w, h);
  ctx.drawImage(video, 0, 0, w, h);
  const data = ctx.getImageData(0, 0, w, h);
  return { source, width: w, height: h, rgba: data.data };
}

export type PageRead = Extract<ScanReply, { type: 'read' }>;

/** The reading worker: one page at a time, in order. */
export class ScanWorker {
  private worker: Worker | null = null;
  private waiting = new Map<string, { resolve: (r: PageRead) => void; reject: (e: Error) => void }>();

  private get(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./scan.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<ScanReply>) => {
      const job = this.waiting.get(e.data.id);
      if (!job) return;
      this.waiting.delete(e.data.id);
      if (e.data.type === 'read') job.resolve(e.data);
      else job.reject(new Error(e.data.message));
    };
    w.onerror = () => {
      // Offline, a worker that fails is one whose script could not be fetched.
      const error = navigator.onLine ? new Error('worker failed') : new ReaderMissing('worker unavailable');
      for (const job of this.waiting.values()) job.reject(error);
      this.waiting.clear();
      this.worker?.terminate();
      this.worker = null;
    };
    this.worker = w;
    return w;
  }

  read(pixels: PagePixels, pkg: PaperFormPackage, crops: boolean): Promise<PageRead> {
    const id = crypto.randomUUID();
    const rgba = pixels.rgba.buffer.slice(pixels.rgba.byteOffset, pixels.rgba.byteOffset + pixels.rgba.byteLength) as ArrayBuffer;
    const req: ScanRequest = { type: 'read', id, width: pixels.width, height: pixels.height, rgba, pkg, crops };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.get().postMessage(req, [rgba]);
    });
  }

  /**
   * Starts the worker and fetches pdf.js before the first page, while online: the service worker keeps what they
   * fetch for reading offline (not precached for every device: vite.config.ts).
   */
  prepare(): void {
    if (typeof Worker === 'undefined') return; // nothing to read with (reading says so when asked)
    this.get();
    void warmScanReading().catch(() => undefined);
  }

  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const job of this.waiting.values()) job.reject(new Error('stopped'));
    this.waiting.clear();
  }
}
