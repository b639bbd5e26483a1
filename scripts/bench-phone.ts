/**
 * The employee's first load on an old phone: the invitation link (the `questionnaire` route with
 * `?code=XXXXX-XXXXX`, as applications.core.ts `questionnaireUrl` makes it) opened in Chromium under DevTools
 * throttling — 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4× — in a fresh browser context per run
 * (no cache, no cookies, no service worker), a phone screen (390×844, touch), after one unmeasured visit (a server in
 * service is warm). Best of 3 runs for each figure (BENCH_PHONE_RUNS=n for more), and the median first statement:
 *
 * - `phone_code_field_ms`        navigation start → the code field is present, visible and enabled;
 * - `phone_first_question_ms`    navigation start → the first statement of the first page is on screen, with a fast
 *                                user: the (prefilled) code is sent as soon as its field is usable, and the intro's
 *                                start button is pressed as soon as it is there;
 * - `phone_transfer_kb`          bytes over the network (encoded, headers included) until the code field is usable;
 * - `phone_transfer_first_question_kb`  the same until the first statement.
 *
 * Times are epoch milliseconds on both sides: Date.now() in Node before page.goto, and
 * performance.timeOrigin + performance.now() in the page (an init script watches the DOM with a MutationObserver and
 * stamps the animation frame in which each state first holds; the page's own clicks follow at once). Bytes: CDP
 * `Network.loadingFinished` (encodedDataLength), each at its monotonic timestamp mapped to epoch time through
 * `Network.requestWillBeSent`'s wallTime.
 *
 * The real app runs in this process (createApp on an ephemeral port, temp DATA_DIR, the demo seeded), serving the
 * built PWA (dist/pwa, built first when missing or stale). The code is the demo IZZ survey's first online code:
 * POST /api/questionnaire/access only checks a code (a code is consumed by the response it stores), and no run sends
 * a response, so one code serves every run. Debian's Chromium (/usr/bin/chromium) is used; never a downloaded one.
 *
 * Part of `npm run bench`; alone: `npx tsx scripts/bench-phone.ts`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import playwrightConfig from '../playwright.config.js';
import { createApp, type AppHandle } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { DEMO_ONLINE_CODES } from '../server/seed/seed.js';
import { formatAccessCode } from '../shared/access-codes.js';
import { localizedPath } from '../shared/routes.js';
import { ensureBuild, DIST } from './bench-budget.js';

type Figure = (name: string, value: number | string) => void;

const CHROMIUM = '/usr/bin/chromium';
/** Measured runs (best of them); BENCH_PHONE_RUNS=n for more when comparing changes on a noisy machine. */
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 3);
const RUN_TIMEOUT_MS = 60_000;
/** DevTools' network throttling: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up (bytes per second). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const CPU_SLOWDOWN = 4;
/** A phone's screen; the device pixel ratio of Lighthouse's mobile emulation. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** What the page reports: epoch ms of each state, or the text of an error the code entry showed. */
interface Marks {
  codeField?: number;
  codeSent?: number;
  introStarted?: number;
  firstStatement?: number;
  error?: string;
}

interface Run {
  start: number;
  marks: Marks;
  /** Epoch ms at which each request finished, with its encoded bytes. */
  transfers: { at: number; bytes: number; url: string }[];
}

/**
 * Runs in the page before any of its scripts (serialised by Playwright: self-contained). Watches the DOM; the first
 * animation frame in which a state holds is stamped (checked in the frame's callback, once per frame with changes),
 * and the fast user's click follows right after that frame.
 * The journey may cross documents (the code form's plain submit before the app has loaded answers a new page), so the
 * marks so far are kept in sessionStorage and every document continues from them.
 */
function watchFirstLoad(): void {
  const report = (m: Marks) => (window as unknown as { __phoneBenchReport(marks: Marks): void }).__phoneBenchReport(m);
  const KEY = '__phoneBenchMarks';
  const stored = sessionStorage.getItem(KEY);
  const marks: Marks = new Proxy(stored ? (JSON.parse(stored) as Marks) : {}, {
    set(target, prop, value) {
      (target as Record<string | symbol, unknown>)[prop] = value;
      sessionStorage.setItem(KEY, JSON.stringify(target));
      return true;
    },
  });
  (window as unknown as { __phoneBenchMarks: Marks }).__phoneBenchMarks = marks;
  const now = () => performance.timeOrigin + performance.now();
  const shown = (el: Element | null): el is HTMLElement => {
    if (!(el instanceof HTMLElement) || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const usable = (el: Element | null): el is HTMLInputElement | HTMLButtonElement =>
    (el instanceof HTMLInputElement || el instanceof HTMLButtonElement) && shown(el) && !el.disabled && !(el instanceof HTMLInputElement && el.readOnly);
  // Once per animation frame at most, in the frame's callback (before its paint): checking on every DOM change would
  // force a layout per change (checkVisibility, getBoundingClientRect) and slow the page it measures.
  let scheduled = false;
  let acting = false;
  const schedule = () => {
    if (scheduled || acting) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      check();
    });
  };
  /** The state holds in this frame: stamp it; the user acts once the frame has been painted. */
  const stampThen = (act: (at: number) => void) => {
    const at = now();
    acting = true;
    setTimeout(() => {
      acting = false;
      act(at);
      schedule();
    }, 0);
  };
  function check(): void {
    if (marks.firstStatement !== undefined || marks.error !== undefined) return;
    const alert = document.querySelector('[data-testid="code-entry"] [role="alert"]');
    if (alert) {
      marks.error = alert.textContent ?? 'an error';
      report(marks);
      return;
    }
    const input = document.querySelector('input[name="code"]');
    if (marks.codeField === undefined && usable(input)) {
      stampThen((at) => {
        marks.codeField = at;
        const submit = input.form?.querySelector('button[type="submit"]') ?? null;
        if (input.value && usable(submit)) {
          marks.codeSent = now();
          submit.click();
        }
      });
      return;
    }
    const startButton = document.querySelector('.qf-intro .qf-nav button[type="submit"]');
    if (marks.codeField !== undefined && marks.introStarted === undefined && usable(startButton)) {
      stampThen(() => {
        marks.introStarted = now();
        startButton.click();
      });
      return;
    }
    const statement = document.querySelector('.qf-form [data-path] .q-legend');
    if (marks.codeField !== undefined && shown(statement) && statement.textContent?.trim()) {
      stampThen((at) => {
        marks.firstStatement = at;
        report(marks);
      });
    }
  }
  new MutationObserver(schedule).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

async function runOnce(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block', locale: 'sl-SI', timezoneId: 'Europe/Ljubljana' });
  let timer: NodeJS.Timeout | undefined;
  try {
    const page = await context.newPage();
    let reported: (marks: Marks) => void = () => undefined;
    const done = new Promise<Marks>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no first statement within ${RUN_TIMEOUT_MS} ms`)), RUN_TIMEOUT_MS);
      reported = resolve;
    });
    await page.exposeFunction('__phoneBenchReport', (marks: Marks) => reported(marks));
    // tsx compiles this file with esbuild's keepNames, which wraps the function's inner functions in __name(…) calls:
    // the page gets a no-op __name with the function's source.
    await page.addInitScript({ content: `var __name = (fn) => fn; (${watchFirstLoad.toString()})();` });

    const cdp = await context.newCDPSession(page);
    const transfers: Run['transfers'] = [];
    const urls = new Map<string, string>();
    let monotonicToEpochMs: number | null = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      monotonicToEpochMs ??= e.wallTime * 1000 - e.timestamp * 1000;
      urls.set(e.requestId, e.request.url);
    });
    cdp.on('Network.loadingFinished', (e) => {
      transfers.push({ at: e.timestamp * 1000 + (monotonicToEpochMs ?? 0), bytes: e.encodedDataLength, url: urls.get(e.requestId) ?? '?' });
    });
    await cdp.send('Network.enable');
    // A fresh context starts with an empty cache; within the visit the browser caches as it would (the page after the
    // code form's submit finds its scripts there).
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const start = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const marks = await done.catch(async (error: unknown) => {
      const state = await page.evaluate(() => ({ url: location.href, marks: (window as unknown as { __phoneBenchMarks?: Marks }).__phoneBenchMarks, main: document.querySelector('main')?.innerHTML.slice(0, 2000) }));
      throw new Error(`${String(error)}: ${JSON.stringify(state)}`);
    });
    if (marks.error !== undefined) throw new Error(`the code entry refused the code: ${marks.error}`);
    return { start, marks, transfers };
  } finally {
    clearTimeout(timer);
    await context.close();
  }
}

/** The smallest of the runs' values (best of N). Every run that returns has both marks (it throws otherwise). */
const best = (values: number[]): number => Math.min(...values);
const bytesUntil = (run: Run, at: number | undefined): number => run.transfers.filter((t) => at !== undefined && t.at <= at).reduce((sum, t) => sum + t.bytes, 0);

/** BENCH_PHONE_TRACE=1: the fastest run's requests and steps, in ms since the navigation started (for finding what to cut). */
function printTrace(runs: Run[], origin: string): void {
  const run = runs.reduce((a, b) => ((b.marks.firstStatement ?? Infinity) - b.start < (a.marks.firstStatement ?? Infinity) - a.start ? b : a));
  const steps = Object.entries(run.marks).filter((e): e is [string, number] => typeof e[1] === 'number');
  const rows = [...run.transfers.map((t) => ({ at: t.at, text: `${(t.bytes / 1024).toFixed(1).padStart(7)} kB  ${t.url.replace(origin, '')}` })), ...steps.map(([name, at]) => ({ at, text: `-- ${name}` }))];
  for (const row of rows.sort((a, b) => a.at - b.at)) console.log(`  ${(row.at - run.start).toFixed(0).padStart(6)} ms  ${row.text}`);
}

async function startServer(dataDir: string): Promise<{ url: string; handle: AppHandle; server: http.Server }> {
  // Listen first, so the app knows its own origin (PUBLIC_URL: the origin check of POST /api/questionnaire/access).
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    STATIC_DIR: DIST,
    PUBLIC_URL: url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    SEED_DEMO_MARKET: 'false',
    ADMIN_PASSWORD: 'bench-admin-password',
  });
  const handle = await createApp(config, { startMailWorker: false, startScheduler: false });
  server.on('request', handle.app);
  return { url, handle, server };
}

export async function benchPhone(figure: Figure): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    figure('phone_code_field_ms', `n/a (no ${CHROMIUM})`);
    return;
  }
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-bench-phone-'));
  const { url, handle, server } = await startServer(dataDir);
  const code = formatAccessCode(DEMO_ONLINE_CODES[0]);
  const launchOptions = playwrightConfig.projects?.[0]?.use?.launchOptions;
  const browser = await chromium.launch({ ...launchOptions, executablePath: CHROMIUM });
  try {
    const link = `${url}${localizedPath('questionnaire', 'sl')}?code=${code}`;
    // One visit first, not measured: a server in service has rendered its pages and compiled its code long before an
    // employee opens the link (the first render after start loads the renderer and its texts: ~2 s more on this VM).
    await runOnce(browser, link);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(browser, link));
    const since = (run: Run, at: number | undefined) => (at ?? NaN) - run.start;
    figure('phone_code_field_ms', best(runs.map((r) => since(r, r.marks.codeField))).toFixed(0));
    figure('phone_first_question_ms', best(runs.map((r) => since(r, r.marks.firstStatement))).toFixed(0));
    figure('phone_transfer_kb', (best(runs.map((r) => bytesUntil(r, r.marks.codeField))) / 1024).toFixed(1));
    figure('phone_transfer_first_question_kb', (best(runs.map((r) => bytesUntil(r, r.marks.firstStatement))) / 1024).toFixed(1));
    figure('phone_runs_ms', runs.map((r) => `${since(r, r.marks.codeField).toFixed(0)}/${since(r, r.marks.firstStatement).toFixed(0)}`).join(' '));
    const firsts = runs.map((r) => since(r, r.marks.firstStatement)).sort((a, b) => a - b);
    figure('phone_first_question_median_ms', firsts[Math.floor(firsts.length / 2)]!.toFixed(0));
    if (process.env.BENCH_PHONE_TRACE) printTrace(runs, url);
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchPhone((name, value) => console.log(`${name}: ${value}`));
}
