/**
 * Lighthouse (12.2.3, its default mobile profile: a Moto G Power's screen, simulated slow 4G and a 4× slower CPU) on
 * the public pages a newcomer meets first: home, award conditions, the blog list, past winners, registration
 * and the questionnaire's code entry, in Slovenian (the default locale).
 *
 * The built server (`build/server.js`, built first when missing or stale, with the PWA build) runs as in production in
 * a child process: NODE_ENV=production, a temp DATA_DIR, PORT=0 on 127.0.0.1, the demo seeded (SEED_DEMO=1, so past
 * winners exist), SMTP unset. Debian's Chromium (/usr/bin/chromium) through chrome-launcher, never a downloaded one.
 * Each page is measured BENCH_LIGHTHOUSE_RUNS times (default 3; Lighthouse clears the origin's storage, caches and
 * service worker before each run) and the run with the median performance score is reported.
 *
 * Prints, as `name: value` lines:
 * - `lighthouse_<page>_<category>`: the score 0–100 of performance, accessibility, best_practices and seo;
 * - `lighthouse_<page>_tbt_ms`, `_lcp_ms`, `_fcp_ms`: that run's total blocking time, largest and first contentful paint;
 * - `lighthouse_performance_min`: the lowest performance score of the pages (target ≥ 95);
 * - `lighthouse_benchmark_index_median`: Lighthouse's speed index of this machine over the runs (its calibration
 *   desktop ~1,000–2,000; a shared, busy machine far less, and every simulated figure worse by as much).
 *
 * Part of `npm run bench`; alone: `npx tsx scripts/bench-lighthouse.ts` (BENCH_LIGHTHOUSE_PAGES=home,blogs for some).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from '../server/config.js';
import { localizedPath } from '../shared/routes.js';
import { ensureBuild } from './bench-budget.js';
import { buildServer } from './build-server.js';

type Figure = (name: string, value: number | string) => void;

const CHROMIUM = '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/** The first start migrates and seeds the demo (a market of companies over several years): slow on a busy machine. */
const START_TIMEOUT_MS = 300_000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The pages measured: name in the figures → path (the past winners' year is found on the running server). */
const PAGES: { name: string; path: (year: string) => string }[] = [
  { name: 'home', path: () => localizedPath('home', 'sl') },
  { name: 'award_conditions', path: () => localizedPath('awardConditions', 'sl') },
  { name: 'blogs', path: () => localizedPath('blogs', 'sl') },
  { name: 'past_winners', path: (year) => localizedPath('pastWinners', 'sl', { slug: year }) },
  { name: 'register', path: () => localizedPath('register', 'sl') },
  { name: 'questionnaire', path: () => localizedPath('questionnaire', 'sl') },
];

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The PWA build (bench-budget's ensureBuild) and the compiled server, each rebuilt when older than its sources. */
async function ensureServerBuild(): Promise<string> {
  ensureBuild();
  const out = path.join(REPO_ROOT, 'build', 'server.js');
  const sources = Math.max(...['server', 'shared', 'print'].map((p) => newestMtime(path.join(REPO_ROOT, p))));
  if (!fs.existsSync(out) || fs.statSync(out).mtimeMs < sources) await buildServer(REPO_ROOT, out);
  return out;
}

function startServer(serverFile: string, dataDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['SMTP_URL', 'LOG_LEVEL', 'PORT', 'HOST', 'STATIC_DIR', 'BODY_LIMIT', 'TRUST_PROXY', 'DATABASE_URL']) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_URL: '',
    SEED_DEMO: '1',
    SESSION_SECRET: 'lighthouse-bench-secret-0123456789abcdef',
    PUBLIC_URL: 'http://127.0.0.1',
    OPERATOR_EMAIL: 'operator@example.com',
    ADMIN_PASSWORD: 'lighthouse-bench-admin',
  });
  const logFile = path.join(dataDir, 'server.log');
  const fd = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [serverFile], { cwd: REPO_ROOT, env, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const onExit = (code: number | null) => reject(new Error(`the server exited (${String(code)}) before listening:\n${fs.readFileSync(logFile, 'utf8')}`));
    child.once('exit', onExit);
    const poll = setInterval(() => {
      const line = fs.readFileSync(logFile, 'utf8').split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line) {
        clearInterval(poll);
        child.off('exit', onExit);
        resolve({ child, origin: `http://127.0.0.1:${String((JSON.parse(line) as { port: number }).port)}` });
      } else if (Date.now() - started > START_TIMEOUT_MS) {
        clearInterval(poll);
        child.kill('SIGKILL');
        reject(new Error(`the server did not listen within ${String(START_TIMEOUT_MS)} ms:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`));
      }
    }, 100);
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface PageResult {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  tbt: number | null;
  lcp: number | null;
  fcp: number | null;
  /** Lighthouse's measure of the machine's speed during the run (a desktop of its calibration ~1,000–2,000). */
  benchmarkIndex: number | null;
}

async function measure(url: string, port: number): Promise<PageResult> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    return typeof s === 'number' ? Math.round(s * 100) : null;
  };
  const metric = (id: string) => {
    const v = lhr.audits[id]?.numericValue;
    return typeof v === 'number' ? Math.round(v) : null;
  };
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    tbt: metric('total-blocking-time'),
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    benchmarkIndex: typeof lhr.environment.benchmarkIndex === 'number' ? Math.round(lhr.environment.benchmarkIndex) : null,
  };
}

export async function benchLighthouse(figure: Figure): Promise<void> {
  const serverFile = await ensureServerBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-lighthouse-'));
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((s) => s.trim());
  let server: { child: ChildProcess; origin: string } | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    server = await startServer(serverFile, dataDir);
    const years = (await (await fetch(`${server.origin}/api/leaderboards/available-years`)).json()) as { data: { available_years: number[] } };
    const year = String(Math.max(...years.data.available_years));
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    let min = Infinity;
    const indexes: number[] = [];
    for (const page of PAGES) {
      if (only && !only.includes(page.name)) continue;
      const url = `${server.origin}${page.path(year)}`;
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(url, chrome.port));
      runs.sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
      const median = runs[Math.floor((runs.length - 1) / 2)] as PageResult;
      for (const category of CATEGORIES) figure(`lighthouse_${page.name}_${category.replace('-', '_')}`, median.scores[category] ?? 'n/a');
      figure(`lighthouse_${page.name}_tbt_ms`, median.tbt ?? 'n/a');
      figure(`lighthouse_${page.name}_lcp_ms`, median.lcp ?? 'n/a');
      figure(`lighthouse_${page.name}_fcp_ms`, median.fcp ?? 'n/a');
      min = Math.min(min, median.scores.performance ?? 0);
      for (const run of runs) if (run.benchmarkIndex !== null) indexes.push(run.benchmarkIndex);
    }
    figure('lighthouse_performance_min', Number.isFinite(min) ? min : 'n/a');
    // Simulated throttling scales what this machine did: on a busy or slow machine (an index well under 1,000) every
    // page's blocking time is that much longer than on the phone it stands for.
    indexes.sort((a, b) => a - b);
    figure('lighthouse_benchmark_index_median', indexes.length ? (indexes[Math.floor((indexes.length - 1) / 2)] as number) : 'n/a');
  } finally {
    chrome?.kill();
    if (server) await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figure: Figure = (name, value) => console.log(`${name}: ${String(value)}`);
  figure('machine', `${process.platform} ${process.arch}, ${String(os.cpus().length)} cores, node ${process.version}`);
  figure('load_average_1m', os.loadavg()[0]?.toFixed(2) ?? 'n/a');
  await benchLighthouse(figure);
}
