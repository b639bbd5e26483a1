/**
 * `npm test`: every phase of the suite in order (typecheck, lint, unit and API tests, build, browser tests), stopping at
 * the first that fails, then the minutes per phase and the 20 slowest test files. The figures are also written to
 * test-results/timings.json, so a run's timings are on record beside its reports.
 *
 * Per-file times come from the reporters' JSON (vitest: test-results/vitest.json, Playwright:
 * test-results/playwright.json, both configured in their config files). A file's time is the wall time of the file for
 * vitest and the sum of its tests' times for Playwright (its tests may run in parallel, on two workers).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { slowestFiles, type FileTiming } from './test-timings.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');

const PHASES: ReadonlyArray<{ name: string; script: string }> = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'unit and API', script: 'test:unit' },
  { name: 'build', script: 'build' },
  { name: 'browser', script: 'test:e2e' },
];

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const phases: Array<{ name: string; seconds: number; ok: boolean }> = [];
let failed = false;
for (const phase of PHASES) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', phase.script], { cwd: ROOT, stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const ok = run.status === 0;
  phases.push({ name: phase.name, seconds, ok });
  if (!ok) {
    failed = true;
    break;
  }
}

const files: FileTiming[] = slowestFiles(readJson(path.join(RESULTS, 'vitest.json')), readJson(path.join(RESULTS, 'playwright.json')), 20);
const total = phases.reduce((sum, p) => sum + p.seconds, 0);
console.log('\nSuite timings');
for (const p of phases) console.log(`phase ${p.name}: ${(p.seconds / 60).toFixed(1)} min${p.ok ? '' : ' (failed)'}`);
console.log(`phase total: ${(total / 60).toFixed(1)} min`);
console.log('\nThe 20 slowest test files');
for (const f of files) console.log(`${f.seconds.toFixed(1).padStart(7)} s  ${f.runner.padEnd(10)} ${f.file}`);
fs.mkdirSync(RESULTS, { recursive: true });
fs.writeFileSync(path.join(RESULTS, 'timings.json'), `${JSON.stringify({ finished_at: new Date().toISOString(), phases, slowest: files }, null, 2)}\n`);
process.exit(failed ? 1 : 0);
