/**
 * Benchmarks (`npm run bench`). Each figure is printed on its own line as `name: value`.
 * Targets are checked by reading these figures (docs/benchmarks.md), never by timed test assertions.
 */
import os from 'node:os';
import { renderCodeSlips } from '../print/index.js';
import { ACCESS_CODE_ALPHABET } from '../shared/access-codes.js';
import { benchBudget } from './bench-budget.js';
import { benchHttp } from './bench-http.js';
import { benchPhone } from './bench-phone.js';
import { benchResponses } from './bench-responses.js';

function randomCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ACCESS_CODE_ALPHABET[Math.floor(Math.random() * ACCESS_CODE_ALPHABET.length)];
  return s;
}

function figure(name: string, value: number | string): void {
  console.log(`${name}: ${value}`);
}

async function benchCodeSlips(count: number): Promise<void> {
  const codes = Array.from({ length: count }, randomCode);
  const start = performance.now();
  const bytes = await renderCodeSlips({
    companyName: 'Benchmark d.o.o.',
    surveyName: 'IZZ 2026',
    questionnaireUrl: 'https://izz.example.com/vprasalnik',
    language: 'sl',
    codes,
  });
  figure(`code_slips_${count}_s`, ((performance.now() - start) / 1000).toFixed(2));
  figure(`code_slips_${count}_mb`, (bytes.length / 1024 / 1024).toFixed(2));
}

figure('machine', `${process.platform} ${process.arch}, ${os.cpus().length} cores, node ${process.version}`);
// Other processes on the machine slow every rate below; the CPU time per response does not depend on them.
figure('load_average_1m', os.loadavg()[0]?.toFixed(2) ?? 'n/a');
benchBudget(figure);
// The employee's first load on a throttled phone (Chromium): early, while nothing of this run loads the machine.
await benchPhone(figure);
// Lighthouse's mobile profile on the public pages (the built server in a child process, Debian's Chromium).
await (await import('./bench-lighthouse.js')).benchLighthouse(figure);
await benchCodeSlips(1000);
await benchHttp(figure);
await benchResponses(figure);
await (await import('./bench-reports.js')).benchReports(); // report figures, PDF, Excel: own child process, own peak memory
await (await import('./bench-award.js')).benchAward(); // the award of a generated market: own child process, own peak memory
figure('peak_rss_mb', (process.resourceUsage().maxRSS / 1024).toFixed(0));
