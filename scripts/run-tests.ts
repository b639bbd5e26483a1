/**
 * `npm test`: every phase of the suite (typecheck, lint, unit and API tests, build, browser tests), stopping after the
 * first step that fails, then the minutes per phase and the 20 slowest test files. The figures are also written to
 * test-results/timings.json, so a run's timings are on record beside its reports.
 *
 * Typecheck, lint and build run side by side as the first step: each is one process that uses one core, and none
 * reads what another writes (the build writes dist/ and build/, which tsc and eslint leave out). Their output is
 * printed after the step, one phase after another. The tests then run alone: each test phase uses both cores.
 *
 * Per-file times come from the reporters' JSON (vitest: test-results/vitest.json, Playwright:
 * test-results/playwright.json, both configured in their config files). A file's time is the wall time of the file for
 * vitest and the sum of its tests' times for Playwright (its tests may run in parallel, on two workers).
 */
import { spawn } from 'node:child_process';
import { pbkdf2Sync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { slowestFiles, type FileTiming } from './test-timings.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');

interface Phase {
  name: string;
  script: string;
}
/** Steps in order; the phases of one step run side by side. */
const STEPS: ReadonlyArray<ReadonlyArray<Phase>> = [
  [
    { name: 'typecheck', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
    { name: 'build', script: 'build' },
  ],
  [{ name: 'unit and API', script: 'test:unit' }],
  [{ name: 'browser', script: 'test:e2e' }],
];

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Runs one npm script; alone it prints as it goes, beside others its output is kept and returned. */
function runPhase(phase: Phase, alone: boolean): Promise<{ seconds: number; ok: boolean; output: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', phase.script], { cwd: ROOT, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ seconds: (performance.now() - started) / 1000, ok: code === 0, output }));
  });
}

/**
 * How fast this machine's core is today: the same 2-vCPU kind has run the whole suite in 11 minutes one day and 21
 * another (a shared VM). A fixed piece of work, timed before the suite, puts a run's minutes beside the speed they
 * were measured at (docs/benchmarks.md compares runs by it).
 */
function machineReferenceMs(): number {
  const started = performance.now();
  pbkdf2Sync('reference', 'salt', 1_000_000, 32, 'sha256');
  return performance.now() - started;
}
const referenceMs = machineReferenceMs();

const phases: Array<{ name: string; seconds: number; ok: boolean }> = [];
const suiteStarted = performance.now();
let failed = false;
for (const step of STEPS) {
  const alone = step.length === 1;
  const results = await Promise.all(step.map((phase) => runPhase(phase, alone)));
  step.forEach((phase, i) => {
    const r = results[i]!;
    if (!alone) process.stdout.write(`\n> ${phase.name}${r.ok ? '' : ' (failed)'}\n${r.output}`);
    phases.push({ name: phase.name, seconds: r.seconds, ok: r.ok });
  });
  if (results.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}

const files: FileTiming[] = slowestFiles(readJson(path.join(RESULTS, 'vitest.json')), readJson(path.join(RESULTS, 'playwright.json')), 20);
const total = (performance.now() - suiteStarted) / 1000;
const together = new Set(STEPS.filter((step) => step.length > 1).flatMap((step) => step.map((p) => p.name)));
console.log('\nSuite timings');
for (const p of phases) console.log(`phase ${p.name}: ${(p.seconds / 60).toFixed(1)} min${together.has(p.name) ? ' (side by side)' : ''}${p.ok ? '' : ' (failed)'}`);
console.log(`phase total: ${(total / 60).toFixed(1)} min`);
console.log(`machine reference: ${referenceMs.toFixed(0)} ms (PBKDF2-SHA256, 1,000,000 rounds on one core, before the suite)`);
console.log('\nThe 20 slowest test files');
for (const f of files) console.log(`${f.seconds.toFixed(1).padStart(7)} s  ${f.runner.padEnd(10)} ${f.file}`);
fs.mkdirSync(RESULTS, { recursive: true });
fs.writeFileSync(path.join(RESULTS, 'timings.json'), `${JSON.stringify({ finished_at: new Date().toISOString(), total_seconds: total, machine_reference_ms: Math.round(referenceMs), phases, slowest: files }, null, 2)}\n`);
process.exit(failed ? 1 : 0);
