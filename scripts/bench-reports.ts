/**
 * Report benchmark: on a generated survey of 5,000 responses, the time of the report
 * figures (JSON), the PDF and both Excel versions, and the peak memory of this process. Runs in a
 * child process of `npm run bench` (benchReports), so its peak memory is its own; or directly:
 * `npx tsx scripts/bench-reports.ts`. Prints `name: value` lines.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reportSettingsSchema } from '../shared/schemas/report.js';
import { buildReportingBase, dimensionCandidates, parseReportingBase, serializeReportingBase } from '../server/modules/reports/figures/reporting-base.js';
import { writeReportXlsxV1 } from '../server/modules/reports/excel/excel-v1.js';
import { buildExcelV2 } from '../server/modules/reports/excel/excel-v2.js';
import { releasedBreakdowns } from '../server/modules/reports/released-breakdowns.js';
import { buildReportFigures } from '../server/modules/reports/figures/figures.js';
import { generateSurvey } from '../server/modules/reports/figures/testing.js';

const RESPONSES = 5000;
const self = fileURLToPath(import.meta.url);

/** Runs this file in a child process (same Node flags, e.g. tsx's loader) and lets it print. */
export function benchReports(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, self], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench-reports exited with ${code}`))));
  });
}

function figure(name: string, value: number | string): void {
  console.log(`${name}: ${value}`);
}

/** Counts bytes without keeping them (the workbook's size, not its memory). */
class Sink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.bytes += chunk.length;
    done();
  }
}

/** Wall time; the CPU time of the same step is printed as `<name>_cpu_ms` (other processes on a loaded machine do not change it). */
let lastCpuMs = 0;
async function time<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await fn();
  const used = process.cpuUsage(cpu);
  lastCpuMs = (used.user + used.system) / 1000;
  return [result, performance.now() - start];
}

async function run(): Promise<void> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  sampler.unref();

  // The freeze: 5,000 responses, 12 departments, 3 locations, 5 demographics, 2 groupable company questions.
  const wide = generateSurvey(RESPONSES, 3, { departments: 12 });
  const freeze = () => buildReportingBase({ seed: 'survey:3', survey: wide.survey, responses: wide.responses, minGroupSize: 5 });
  freeze(); // warm-up
  const [frozen, freezeMs] = await time(freeze);
  figure('base_freeze_ms', freezeMs.toFixed(0));
  figure('base_freeze_cpu_ms', lastCpuMs.toFixed(0));
  figure('base_freeze_dimensions', `${String(frozen.summary.dimensions.length)} of ${String(dimensionCandidates(wide.survey).length)}`);
  figure('base_freeze_crossings', frozen.summary.crossings?.length ?? 0);
  // A realistic 300-person company: which breakdowns come back (each dimension whose own groups reach k).
  const small = generateSurvey(300, 5);
  const smallBase = buildReportingBase({ seed: 'survey:5', survey: small.survey, responses: small.responses, minGroupSize: 5 });
  figure('breakdowns_released', `${String(smallBase.summary.dimensions.length)} of ${String(dimensionCandidates(small.survey).length)}`);
  figure('breakdowns_crossings', smallBase.summary.crossings?.length ?? 0);

  const g = generateSurvey(RESPONSES, 1);
  const settings = reportSettingsSchema.parse({ language: 'hr', filter: { group: 'department' } });
  // The reporting base: built once per survey, when its report first becomes available.
  const makeBase = () => buildReportingBase({ seed: 'survey:1', survey: g.survey, responses: g.responses, minGroupSize: 5 });
  makeBase(); // warm-up
  const [base, baseMs] = await time(makeBase);
  figure('reporting_base_build_ms', baseMs.toFixed(0));
  figure('reporting_base_build_cpu_ms', lastCpuMs.toFixed(0));
  const stored = serializeReportingBase(base);
  figure('reporting_base_kb', (stored.length / 1024).toFixed(0));
  const [, parseMs] = await time(() => parseReportingBase(stored));
  figure('reporting_base_parse_ms', parseMs.toFixed(0));
  figure('reporting_base_dimensions', base.summary.dimensions.length);
  figure('reporting_base_withheld', base.summary.withheld);
  const build = () => buildReportFigures({ meta: g.meta, survey: g.survey, base, settings, seed: 'survey:1' });
  build(); // warm-up (module-level caches, JIT), as a running server would be
  const [figures, figuresMs] = await time(build);
  figure('report_figures_ms', figuresMs.toFixed(0));
  figure('report_figures_cpu_ms', lastCpuMs.toFixed(0));

  // The PDF template is another engineer's work in progress: measured only once it exists.
  const pdfPath = fileURLToPath(new URL('../print/templates/report-basic.ts', import.meta.url));
  let pdf: ((input: unknown) => Promise<Uint8Array>) | undefined;
  if (existsSync(pdfPath)) {
    const mod = (await import(pathToFileURL(pdfPath).href)) as { renderBasicReport?: (input: unknown) => Promise<Uint8Array> };
    pdf = mod.renderBasicReport;
  }
  if (pdf) {
    const render = pdf;
    try {
      const [bytes, pdfMs] = await time(() => render({ figures, generatedOn: '2026-04-01' }));
      figure('report_pdf_ms', pdfMs.toFixed(0));
      figure('report_pdf_cpu_ms', lastCpuMs.toFixed(0));
      figure('report_pdf_kb', (bytes.length / 1024).toFixed(0));
    } catch (error) {
      // Still being written by another engineer: report it, keep measuring the rest.
      console.error('report PDF failed:', error);
      figure('report_pdf_ms', 'error');
    }
  } else figure('report_pdf_ms', 'n/a');

  const v1 = new Sink();
  const [, v1Ms] = await time(() => writeReportXlsxV1({ figures, survey: g.survey, base }, v1));
  figure('report_xlsx_v1_ms', v1Ms.toFixed(0));
  figure('report_xlsx_v1_cpu_ms', lastCpuMs.toFixed(0));
  const v2 = new Sink();
  // Version 2: the figures of every released breakdown (computed here, as the service does per download), then the long table.
  const [, v2Ms] = await time(async () => {
    const released = releasedBreakdowns({ meta: g.meta, survey: g.survey, base, seed: 'survey:1' }, settings);
    return buildExcelV2({ whole: figures, breakdowns: released.breakdowns, comments: released.comments }, v2);
  });
  figure('report_xlsx_v2_ms', v2Ms.toFixed(0));
  figure('report_xlsx_v2_cpu_ms', lastCpuMs.toFixed(0));
  figure('report_xlsx_v1_kb', (v1.bytes / 1024).toFixed(0));
  figure('report_xlsx_v2_kb', (v2.bytes / 1024).toFixed(0));

  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  figure('report_peak_mb', (peak / 1024 / 1024).toFixed(0));
}

if (process.argv[1] && fileURLToPath(pathToFileURL(process.argv[1])) === self) await run();
