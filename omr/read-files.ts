/**
 * Reading files with the reader (Node): PDFs page by page and image files, each page to one JSON line of
 * this shape: { file, page_index, code, page, layout, items: { <path>: { value, doubtful, confidence } } }.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMultiChoice, paperFormItems, paperFormLayout, type PaperFormLayout, type PaperFormPackage, type PaperPageMark } from '../shared/paper-form.js';
import { imageFile, pdfPages } from './raster-node.js';
import { readPage, type ItemReading } from './reader.js';

export interface ReadLine {
  file: string;
  page_index: number;
  code: string | null;
  page: number | null;
  layout: number | null;
  items: Record<string, ItemReading>;
}

/** Layouts by package (one survey's forms share one), and which paths take several answers. */
export function layoutResolver(packageFor: (mark: PaperPageMark) => PaperFormPackage | null) {
  const cache = new Map<PaperFormPackage, { layout: PaperFormLayout; multi: Set<string> }>();
  let current: Set<string> = new Set();
  const entry = (pkg: PaperFormPackage) => {
    let e = cache.get(pkg);
    if (!e) {
      e = { layout: paperFormLayout(pkg), multi: new Set(paperFormItems(pkg).filter(isMultiChoice).map((i) => i.path)) };
      cache.set(pkg, e);
    }
    return e;
  };
  return {
    layoutFor: (mark: PaperPageMark) => {
      const pkg = packageFor(mark);
      if (!pkg || mark.layout !== paperFormLayout(pkg).version) return null;
      const e = entry(pkg);
      current = e.multi;
      return e.layout;
    },
    isMulti: (p: string) => current.has(p),
  };
}

/**
 * `load`: called when a page's form is not known yet (e.g. the survey in its page mark is read from a database);
 * true when it now is, and the page is read again.
 */
export async function* readFiles(files: string[], options: ReturnType<typeof layoutResolver>, dpi = 200, load?: (mark: PaperPageMark) => Promise<boolean>): AsyncGenerator<ReadLine> {
  for (const file of files) {
    const bytes = new Uint8Array(await readFile(file));
    const isPdf = bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;
    const images = isPdf ? pdfPages(bytes, dpi) : (async function* () { yield await imageFile(bytes); })();
    let index = 0;
    for await (const img of images) {
      let r = readPage(img, options);
      if (r.problem === 'no-layout' && r.mark && load && (await load(r.mark))) r = readPage(img, options);
      yield { file: path.basename(file), page_index: index++, code: r.mark?.code ?? null, page: r.mark?.page ?? null, layout: r.mark?.layout ?? null, items: r.items };
    }
  }
}
