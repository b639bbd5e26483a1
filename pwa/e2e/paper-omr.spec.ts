/**
 * Paper forms read by the machine on HR's paper-entry page: a scanned PDF of five filled forms of the test survey
 * (made here with the reader's sample generator, omr/sample.ts: a seeded respondent with blanks, two ticks,
 * corrections and faint pencil) is read in the browser; HR confirms only the doubtful marks by keyboard, types one
 * comment and submits; the forms go through the keying's path (paper responses, counted on the status board) with
 * exactly the answers on the paper; the same file again stores nothing and says so. On a 390 px phone the same with
 * photos: the camera's "Take a photo" file input (what a phone opens its camera app with) instead of a live camera.
 * Axe and screenshots of the review at 1280 and 390 px. Without a network: a scanned PDF read on a page opened offline,
 * with what reading needs kept from an online visit (it is not precached for every device).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatAccessCode, normalizeAccessCode } from '../../shared/access-codes';
import { localizedPath } from '../../shared/routes';
import type { PaperEntryPackage } from '../../shared/schemas/paper-entry';
import { rotate } from '../../omr/degrade';
import { encodePng, pdfPages } from '../../omr/raster-node';
import { fillForms, type TruthPage, type TruthValue } from '../../omr/sample';
import { entryItems, inputKind, type EntryItem } from '../features/paper-entry/keying';
import { expect, test, type E2eServer } from './fixtures';
import { appText } from './pages/applications-page';
import { lookAt } from './pages/look';
import { PaperEntryPage, PaperScanPanel, paperCompany, type PaperCompany } from './pages/paper-entry-page';
import { deviceRows, resizeTo, ShellPage, waitForServiceWorker } from './pages/shell-page';

// axe-core is injected as an inline script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true, viewport: { width: 1280, height: 900 } });

const severe = (violations: Awaited<ReturnType<ShellPage['axeViolations']>>) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

async function shot(page: Page, name: string) {
  await lookAt(page, path.join('test-results', 'screenshots', `${name}.png`));
}

async function paperRows(server: E2eServer, surveyId: number) {
  return (await server.handle.db.all<{ answers: string }>("SELECT answers FROM responses WHERE survey_id = ? AND channel = 'paper'", [surveyId])).map(
    (r) => JSON.parse(r.answers) as Record<string, unknown> & { statements: Record<string, number>; extra: Record<string, { value: unknown; comment?: string }> },
  );
}

/** Filled forms of the company's survey, as printed for it (its package from the entry API, its codes, its id). */
async function filledForms(page: Page, server: E2eServer, company: PaperCompany, count: number, seed: number) {
  const res = await page.request.get(`${server.url}/api/paper-entry/surveys/${String(company.surveyId)}`);
  expect(res.status()).toBe(200);
  const pkg = ((await res.json()) as { data: PaperEntryPackage }).data.package;
  const codes: string[] = [];
  for (let i = 0; i < count; i++) codes.push(await company.paperCode());
  const input = {
    companyName: 'Testno podjetje d.o.o.',
    surveyName: 'Zadovoljstvo zaposlenih e2e',
    language: 'sl' as const,
    package: { statement_ids: pkg.statement_ids, demographic_ids: pkg.demographic_ids, departments: pkg.departments, locations: pkg.locations, extra_questions: pkg.extra_questions },
    questionnaireUrl: `${server.url}/sl/vprasalnik`,
    codes,
    surveyId: company.surveyId,
  };
  const filled = await fillForms(input, seed);
  return { ...filled, items: entryItems(pkg), codes };
}

/** What the paper says, by form code and item path. */
function truthByCode(truth: TruthPage[]): Map<string, Map<string, TruthValue>> {
  const out = new Map<string, Map<string, TruthValue>>();
  for (const p of truth) {
    const code = normalizeAccessCode(p.code) ?? p.code;
    const m = out.get(code) ?? new Map<string, TruthValue>();
    for (const [k, v] of Object.entries(p.items)) m.set(k, v);
    out.set(code, m);
  }
  return out;
}

/** The keying's keys that give `v` on the paper (the review uses the same keys as keying by hand). */
function keysFor(item: EntryItem, v: TruthValue, on: boolean[]): string[] {
  if (v === null) return ['-'];
  const k = inputKind(item);
  if (k.kind === 'multi') {
    const want = v as number[];
    return [...on.keys()].filter((i) => on[i] !== want.includes(i)).map((i) => String(i + 1)).concat('Enter');
  }
  if (k.kind !== 'digits') throw new Error(`no keys for ${item.path}`);
  const n = k.options ? (typeof v === 'string' && 'options' in item && Array.isArray(item.options) ? item.options.indexOf(v) : Number(v)) + 1 : Number(v);
  const keys = String(n).split('');
  if (keys.length === 1 && n !== 0 && n * 10 <= k.max) keys.push('Enter');
  return keys;
}

/**
 * Works through the review by keyboard only, from the focused task on: each doubtful mark gets the paper's answer,
 * the first text gets `comment`, every other text is left empty (Enter). Ends with the focus on Submit.
 */
async function confirmByKeyboard(scan: PaperScanPanel, items: EntryItem[], truth: Map<string, Map<string, TruthValue>>, comment: string) {
  const kb = scan.page.keyboard;
  let typed = false;
  let doubts = 0;
  for (let step = 0; step < 200; step++) {
    const f = await scan.focused();
    if (f.kind === 'other') {
      expect(f.testId).toBe('omr-submit');
      return doubts;
    }
    if (f.kind === 'text') {
      if (!typed) {
        await kb.type(comment);
        typed = true;
      }
      await kb.press('Enter');
    } else {
      const item = items.find((i) => i.path === f.path)!;
      const want = truth.get(f.code)?.get(f.path);
      expect(want, `${f.code} ${f.path}`).not.toBeUndefined();
      for (const key of keysFor(item, want!, f.on)) await kb.press(key);
      doubts++;
    }
    await expect.poll(async () => JSON.stringify(await scan.focused())).not.toBe(JSON.stringify(f));
  }
  throw new Error('the review did not end on Submit');
}

async function openScan(page: Page, context: Parameters<PaperEntryPage['open']>[0], server: E2eServer, company: PaperCompany, locale: 'en' | 'sl') {
  const entry = new PaperEntryPage(page, 'en');
  await entry.open(context, server, company);
  const shell = new ShellPage(page);
  if (await shell.cookieBanner.isVisible()) await shell.acceptAllCookies();
  if (locale !== 'en') {
    await page.goto(localizedPath('profileIzzEntry', locale, { id: String(company.surveyId) }));
  }
  const scan = new PaperScanPanel(page, locale);
  await expect(scan.panel.getByRole('heading', { name: scan.t('title') })).toBeVisible();
  return { entry, scan, shell };
}

/** Scrolls the review's summary to just under the page's header (for the screenshots). */
async function showFirstForm(page: Page) {
  await page.getByTestId('omr-summary').evaluate((el) => {
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - Math.max(0, header) - 12);
  });
}

/** The page again, so the device's entry package knows the paper codes made after it was first opened. */
async function reloadWithCodes(scan: PaperScanPanel) {
  await scan.page.reload();
  await expect(scan.panel.getByRole('heading', { name: scan.t('title') })).toBeVisible();
}

/** HR's answers to the review as this device keeps them (IndexedDB `meta`, scan-store.ts). */
async function scanDecisions(page: Page, surveyId: number): Promise<unknown[]> {
  const rows = await deviceRows<{ key: string; value: unknown }>(page, 'meta');
  const row = rows.find((r) => r.key === `scan-decisions:${String(surveyId)}`);
  return Array.isArray(row?.value) ? row.value : [];
}

/** The statements of each form on paper (null answers left out), sorted, to compare with what was stored. */
function paperStatements(truth: Map<string, Map<string, TruthValue>>): string[] {
  return [...truth.values()]
    .map((m) => JSON.stringify(Object.fromEntries([...m].filter(([k, v]) => k.startsWith('statements.') && v !== null).map(([k, v]) => [k.slice(11), v]).sort(([a], [b]) => (a! < b! ? -1 : 1)))))
    .sort();
}
const storedStatements = (rows: Awaited<ReturnType<typeof paperRows>>) =>
  rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r.statements).sort(([a], [b]) => (a < b ? -1 : 1))))).sort();

test('HR uploads a scanned PDF of five forms, confirms only the doubtful marks by keyboard, types a comment and submits; the same file again stores nothing', async ({ page, context, server }) => {
  test.setTimeout(420_000);
  const company = await paperCompany(server, 'paper-omr');
  const { scan, shell } = await openScan(page, context, server, company, 'en');
  const forms = await filledForms(page, server, company, 5, 30);
  await reloadWithCodes(scan);
  const truth = truthByCode(forms.truth);
  const pages = forms.truth.length;
  const file = { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(forms.pdf) };

  await scan.fileInput().setInputFiles(file);
  await scan.expectRead(5, pages);
  await expect(scan.problems()).toHaveCount(0);
  await expect(scan.panel.getByTestId('omr-form')).toHaveCount(5);
  // Only the doubtful marks and the written areas are for HR: never the whole form.
  const doubts = await scan.tasks('doubt').count();
  expect(doubts).toBeGreaterThan(0);
  expect(doubts).toBeLessThan(5 * 10);
  await expect(scan.tasks('text')).toHaveCount(5 * 3);
  await expect(scan.tasks('doubt').first().locator('img')).toBeVisible();
  await expect(scan.submit()).toBeDisabled();

  // The review at 1280 and 390 px, and axe
  await showFirstForm(page);
  await shot(page, 'paper-omr-review-1280');
  expect(severe(await shell.axeViolations())).toEqual([]);
  await resizeTo(page, 390, 844);
  await showFirstForm(page);
  await shot(page, 'paper-omr-review-390');
  expect(severe(await shell.axeViolations())).toEqual([]);
  await resizeTo(page, 1280, 900);

  // Keyboard only, from the first task the review focuses
  await scan.tasks().first().locator('[tabindex="0"], textarea').first().focus();
  const confirmed = await confirmByKeyboard(scan, forms.items, truth, 'Nočne izmene');
  expect(confirmed).toBe(doubts);
  await expect(scan.submit()).toHaveText(scan.t('submit', { n: 5 }));
  // HR's answers (every doubt and the one comment typed) are kept on the device as they are given: a reload, once
  // they are written, keeps every one
  await expect.poll(async () => (await scanDecisions(page, company.surveyId)).length).toBe(doubts + 1);
  await reloadWithCodes(scan);
  await expect(scan.submit()).toHaveText(scan.t('submit', { n: 5 }));
  await scan.submit().click();
  await expect(scan.notice()).toHaveText(scan.t('submitted', { n: 5 }));

  // Stored once each, as paper, with exactly the answers on the paper; one comment
  await expect.poll(async () => (await paperRows(server, company.surveyId)).length, { timeout: 30_000 }).toBe(5);
  const rows = await paperRows(server, company.surveyId);
  expect(storedStatements(rows)).toEqual(paperStatements(truth));
  expect(rows.filter((r) => r.extra['x-radio']?.comment === 'Nočne izmene')).toHaveLength(1);
  for (const code of forms.codes) expect((await server.handle.db.get<{ uses: number }>('SELECT uses FROM access_codes WHERE code = ?', [code]))?.uses).toBe(1);
  // The scans and HR's answers are gone from this device once their forms are submitted
  await expect(scan.review()).toHaveCount(0);
  expect((await deviceRows(page, 'scanPages')).length).toBe(0);
  await expect.poll(() => scanDecisions(page, company.surveyId)).toEqual([]);

  // The status board counts five paper responses
  await page.goto(localizedPath('profileIzzDetail', 'en', { id: String(company.surveyId) }));
  await expect(page.getByTestId('occupancy-offline')).toContainText(appText('en', 'status.responsesOf', { responses: 5, employees: 20 }));

  // The same file again: every form is known as submitted from this device; nothing is stored, and it says so
  await page.goto(localizedPath('profileIzzEntry', 'en', { id: String(company.surveyId) }));
  await scan.fileInput().setInputFiles(file);
  await scan.expectRead(5, pages);
  await expect(scan.nothingNew()).toHaveText(scan.t('nothingNew'));
  for (const code of forms.codes) await expect(scan.problems()).toContainText(scan.t('used', { code: formatAccessCode(code) }));
  await expect(scan.submit()).toHaveCount(0);
  await scan.panel.getByTestId('omr-clear').click();
  await expect(scan.review()).toHaveCount(0);
  expect(await paperRows(server, company.surveyId)).toHaveLength(5);
});

test('on a 390 px phone, in Slovenian: pages photographed (a slightly turned photo each), a missing page said plainly, then the form submitted once', async ({ page, context, server }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const company = await paperCompany(server, 'paper-omr-phone');
  const { scan } = await openScan(page, context, server, company, 'sl');
  const forms = await filledForms(page, server, company, 1, 31);
  await reloadWithCodes(scan);
  const truth = truthByCode(forms.truth);
  const photos: { name: string; mimeType: string; buffer: Buffer }[] = [];
  let i = 0;
  for await (const img of pdfPages(forms.pdf, 150)) {
    photos.push({ name: `IMG_${String(100 + i)}.png`, mimeType: 'image/png', buffer: await encodePng(rotate(img, i % 2 ? 3 : -2)) });
    i++;
  }
  const code = formatAccessCode(forms.codes[0]!);

  // All but the last page: the form waits for it, and the review says which page is missing
  await scan.photoInput().setInputFiles(photos.slice(0, -1));
  await scan.expectRead(1, photos.length - 1);
  await expect(scan.problems()).toContainText(scan.t('missing', { code, pages: photos.length }));
  await expect(scan.submit()).toHaveCount(0);

  // The last page, photographed twice: it counts once
  await scan.photoInput().setInputFiles([photos[photos.length - 1]!, { ...photos[photos.length - 1]!, name: 'IMG_again.png' }]);
  await scan.expectRead(1, photos.length + 1);
  await expect(scan.problems()).toContainText(scan.t('repeat', { code, page: photos.length }));
  await scan.tasks().first().locator('[tabindex="0"], textarea').first().focus();
  await confirmByKeyboard(scan, forms.items, truth, 'Več odmorov');
  await shot(page, 'paper-omr-phone-submit-390');
  await page.keyboard.press('Enter');
  await expect(scan.notice()).toHaveText(scan.t('submitted', { n: 1 }));
  await expect.poll(async () => (await paperRows(server, company.surveyId)).length, { timeout: 30_000 }).toBe(1);
  expect(storedStatements(await paperRows(server, company.surveyId))).toEqual(paperStatements(truth));

  // The same photos again: nothing new
  await scan.photoInput().setInputFiles(photos);
  await scan.expectRead(1, photos.length);
  await expect(scan.nothingNew()).toHaveText(scan.t('nothingNew'));
  expect(await paperRows(server, company.surveyId)).toHaveLength(1);
});

test.describe('without a network', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a scanned PDF is read offline once the paper-entry page was opened online; reading is not in every device\'s install', async ({ page, context, server }) => {
    test.setTimeout(180_000);
    const company = await paperCompany(server, 'paper-omr-offline');
    const { scan } = await openScan(page, context, server, company, 'en');
    const forms = await filledForms(page, server, company, 1, 32);
    await waitForServiceWorker(page);
    // Opened again under the service worker: the page fetches what reading needs, and the worker keeps it
    await reloadWithCodes(scan);
    const cached = (name: string) => page.evaluate(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname), name);
    await expect.poll(async () => (await cached('scan-reading')).map((p) => p.replace(/-[\w-]+(\.m?js)$/, '$1')).sort()).toEqual(['/assets/pdf.js', '/assets/pdf.worker.min.js', '/assets/pdf.worker.min.mjs', '/assets/scan.worker.js']);
    const precached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.includes('precache'));
      return (await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)))).flat();
    });
    expect(precached.length).toBeGreaterThan(100);
    expect(precached.filter((p) => /pdf|scan\.worker/.test(p))).toEqual([]);

    // No network: the page opens from the device and reads the scanned form
    await context.setOffline(true);
    await reloadWithCodes(scan);
    await scan.fileInput().setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(forms.pdf) });
    await scan.expectRead(1, forms.truth.length);
    await expect(scan.problems()).toHaveCount(0);
    await expect(scan.panel.getByTestId('omr-form')).toHaveCount(1);
    await context.setOffline(false);
  });
});
