/**
 * Paper-form reading benchmark, run by `npm run bench`. A generated set: forms of the demo survey
 * in sl, hr and mk filled by a seeded random respondent (blanks, two ticks, corrections, faint pencil), rendered
 * at 150, 200 and 300 dpi with pdfjs-dist; every page is read clean and once more degraded (rotation up to ±8°,
 * a hand-held perspective, blur, noise, uneven light, JPEG quality 50, a fold shadow, upside down — in turn).
 * Prints omr_* figures (docs/benchmarks.md): marks right, doubtful, wrong without a doubt flag (all and on clean
 * scans), pages given to a wrong form, pages per minute in Node (decoding the page's PNG/JPEG and reading it),
 * pages per minute in Chromium with the CPU throttled 4× (the same reader bundled, run in a page), and the
 * confusion counts (what the respondent did × how it was read).
 */
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { isMultiChoice, paperFormItems, paperFormLayout, type PaperFormPackage } from '../shared/paper-form.js';
import * as D from '../omr/degrade.js';
import type { GreyImage } from '../omr/image.js';
import { encodeJpeg, encodePng, imageFile, pdfPages } from '../omr/raster-node.js';
import { readPage } from '../omr/reader.js';
import { demoSurveyInput, fillForms, type Behaviour } from '../omr/sample.js';
import { sampleCodes } from '../omr/cli/survey.js';

const figure = (name: string, value: number | string) => console.log(`${name}: ${value}`);
const FORMS = Number(process.env.OMR_FORMS ?? 2);
const DEGRADATIONS = ['rotation', 'perspective', 'blur', 'noise', 'uneven_light', 'jpeg50', 'fold', 'upside_down'] as const;
type Variant = 'clean' | (typeof DEGRADATIONS)[number];

async function degrade(img: GreyImage, v: Variant, seed: number): Promise<GreyImage> {
  const r = D.rng(seed);
  switch (v) {
    case 'clean':
      return img;
    case 'rotation':
      return D.rotate(img, (r() * 2 - 1) * 8);
    case 'perspective':
      return D.perspective(img, r);
    case 'blur':
      return D.blur(img, Math.max(1, Math.round(img.width / 1240)));
    case 'noise':
      return D.noise(img, 14, r);
    case 'uneven_light':
      return D.unevenLight(img, 0.45);
    case 'jpeg50':
      return img; // the page is stored as JPEG quality 50 and decoded from it
    case 'fold':
      return D.foldShadow(img);
    case 'upside_down':
      return D.upsideDown(img);
  }
}

let marks = 0;
let right = 0;
let doubtful = 0;
let wrongUndoubted = 0;
let cleanMarks = 0;
let cleanWrongUndoubted = 0;
let pages = 0;
let pagesWrongForm = 0;
let pagesUnread = 0;
let readMs = 0;
const confusion = new Map<string, number>();
const perVariant = new Map<Variant, { marks: number; right: number; doubtful: number; wrong: number }>();
const browserPages: { width: number; height: number; b64: string }[] = [];

for (const language of ['sl', 'hr', 'mk'] as const) {
  const input = demoSurveyInput(language, sampleCodes(FORMS, language.charCodeAt(0)));
  const pkg = input.package as PaperFormPackage;
  const layout = paperFormLayout(pkg);
  const multi = new Set(paperFormItems(pkg).filter(isMultiChoice).map((i) => i.path));
  const { pdf, truth, behaviour } = await fillForms(input, 1000 + language.charCodeAt(1));
  for (const dpi of [150, 200, 300]) {
    let i = 0;
    for await (const page of pdfPages(pdf, dpi)) {
      const t = truth[i]!;
      const kinds = behaviour[i]!;
      const variants: Variant[] = ['clean', DEGRADATIONS[(i + dpi) % DEGRADATIONS.length]!];
      for (const v of variants) {
        const img = await degrade(page, v, i * 31 + dpi);
        const file = v === 'jpeg50' ? await encodeJpeg(img, 50) : await encodePng(img);
        const start = performance.now();
        const decoded = await imageFile(file);
        const r = readPage(decoded, { layoutFor: () => layout, isMulti: (p) => multi.has(p) });
        readMs += performance.now() - start;
        pages++;
        if (dpi === 200 && v !== 'clean' && browserPages.length < 6) browserPages.push({ width: decoded.width, height: decoded.height, b64: Buffer.from(decoded.data).toString('base64') });
        if (!r.mark) pagesUnread++;
        else if (r.mark.code !== t.code || r.mark.page !== t.page) pagesWrongForm++;
        const pv = perVariant.get(v) ?? { marks: 0, right: 0, doubtful: 0, wrong: 0 };
        perVariant.set(v, pv);
        for (const [path, want] of Object.entries(t.items)) {
          const got = r.items[path];
          const ok = JSON.stringify(got?.value ?? null) === JSON.stringify(want);
          marks++;
          pv.marks++;
          if (ok) {
            right++;
            pv.right++;
          }
          if (got?.doubtful) {
            doubtful++;
            pv.doubtful++;
          }
          if (!ok && !got?.doubtful) {
            wrongUndoubted++;
            pv.wrong++;
          }
          if (v === 'clean') {
            cleanMarks++;
            if (!ok && !got?.doubtful) cleanWrongUndoubted++;
          }
          const kind: Behaviour = kinds[path] ?? 'blank';
          const outcome = !got ? 'unread' : ok ? (got.doubtful ? 'right_doubtful' : 'right') : got.doubtful ? 'wrong_doubtful' : 'wrong';
          const key = `${kind.replace('-', '_')}_${outcome}`;
          confusion.set(key, (confusion.get(key) ?? 0) + 1);
        }
      }
      i++;
    }
  }
}

const pct = (a: number, b: number) => (b === 0 ? '0' : ((100 * a) / b).toFixed(2));
figure('omr_pages', pages);
figure('omr_marks', marks);
figure('omr_marks_right_pct', pct(right, marks));
figure('omr_doubtful_pct', pct(doubtful, marks));
figure('omr_wrong_undoubted', wrongUndoubted);
figure('omr_wrong_undoubted_clean', `${cleanWrongUndoubted} of ${cleanMarks}`);
figure('omr_pages_wrong_form', pagesWrongForm);
figure('omr_pages_unread', pagesUnread);
figure('omr_pages_per_min', Math.round((60_000 * pages) / readMs));
for (const [v, s] of perVariant) figure(`omr_variant_${v}`, `${pct(s.right, s.marks)} % right, ${pct(s.doubtful, s.marks)} % doubtful, ${s.wrong} wrong undoubted`);
for (const [k, n] of [...confusion].sort()) figure(`omr_confusion_${k}`, n);

// The same reader in Chromium, CPU throttled 4× (a mid-range tablet): bundled with esbuild, run in a page.
const bundle = await build({
  stdin: { contents: "import { readPage } from './omr/reader.ts'; import { paperFormLayout } from './shared/paper-form.ts'; (globalThis as any).omr = { readPage, paperFormLayout };", resolveDir: process.cwd(), loader: 'ts' },
  bundle: true,
  format: 'iife',
  write: false,
  platform: 'browser',
  target: 'es2022',
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>omr</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const pkg = demoSurveyInput('sl', ['X']).package;
  // A string, not a function: tsx's name helpers are not in the page.
  const ms = await page.evaluate(`(() => {
    const args = ${JSON.stringify({ images: browserPages, pkg })};
    const layout = globalThis.omr.paperFormLayout(args.pkg);
    const decoded = args.images.map((im) => ({ width: im.width, height: im.height, data: Uint8Array.from(atob(im.b64), (c) => c.charCodeAt(0)) }));
    const start = performance.now();
    for (const img of decoded) globalThis.omr.readPage(img, { layoutFor: () => layout });
    return (performance.now() - start) / decoded.length;
  })()`);
  if (typeof ms !== 'number') throw new Error('the page gave no time');
  figure('omr_pages_per_min_browser', Math.round(60_000 / ms));
} finally {
  await browser.close();
}
