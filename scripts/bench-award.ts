/**
 * Award benchmark: a generated market of 2,000 companies whose IZZ surveys of one year hold 400,000
 * responses, in a temp SQLite file, computed through the real award service (the same code as the administrator's
 * preview and publication). Runs in a child process of `npm run bench` (benchAward), so its peak memory is its own;
 * or directly: `npx tsx scripts/bench-award.ts`. Prints `name: value` lines:
 * - award_figures_survey_ms: summarising one survey of ~200 responses (its reporting base and whole-survey figures): paid
 *   once per survey, by the job that runs when it finishes (or by the first computation that finds it missing); measured on
 *   the first AWARD_BENCH_COLD companies, whose responses are stored and whose figures are not;
 * - award_year_ms: computing the year's results for the whole market from the stored figures (what the administrator's
 *   preview and the publication cost), with the previous year for "most improved";
 * - award_peak_mb: the process's peak RSS.
 * Then the benchmark and comparative reports (benchBenchmark, benchComparative below).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../shared/question-banks/index.js';
import { PDFDocument } from 'pdf-lib';
import { renderBenchmarkReport } from '../print/templates/report-benchmark.js';
import { openDatabase, type Db } from '../server/db/connection.js';
import { migrate } from '../server/db/migrate.js';
import { seededRandom } from '../server/lib/seeded-random.js';
import { createAwardService } from '../server/modules/award/index.js';
import { createMailService } from '../server/modules/mail/mail.service.js';
import { createComparisonService, createReportsService, enps, esi, type SurveyDetail } from '../server/modules/reports/index.js';

const COMPANIES = Number(process.env.AWARD_BENCH_COMPANIES ?? 2000);
const RESPONSES = Number(process.env.AWARD_BENCH_RESPONSES ?? 400_000);
const COLD = Number(process.env.AWARD_BENCH_COLD ?? 20);
const YEAR = 2025;
const COMPARATIVE_RESPONSES = Number(process.env.COMPARATIVE_BENCH_RESPONSES ?? 5000);
const self = fileURLToPath(import.meta.url);

export function benchAward(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, self], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench-award exited with ${String(code)}`))));
  });
}

function figure(name: string, value: number | string): void {
  console.log(`${name}: ${value}`);
}

const DEPARTMENTS = ['Prodaja', 'Proizvodnja', 'Razvoj', 'Finance', 'Logistika'];
const INDUSTRY_MIX = ['C', 'C', 'J', 'G', 'M', 'F', 'H', 'Q'] as const;

/** The category and statement means the job after a survey's finish stores beside its ESI and eNPS. */
function detailOf(esiScore: number | null, enpsScore: number | null, mood: number, rnd: () => number): SurveyDetail {
  const mean = () => Math.round(Math.min(4, Math.max(1, 2.8 + mood * 0.6 + (rnd() - 0.5) * 0.5)) * 100) / 100;
  return {
    esi: esiScore,
    enps: enpsScore,
    categories: Object.fromEntries(IZZ_CATEGORY_IDS.map((id) => [id, mean()])),
    statements: Object.fromEntries(STATEMENTS.map((st) => [st.id, mean()])),
  };
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-bench-award-'));
  const db = openDatabase({ engine: 'sqlite', file: path.join(dir, 'bench.sqlite') });
  await migrate(db);
  const rnd = seededRandom(15);
  const now = new Date().toISOString();
  const perCompany = Math.round(RESPONSES / COMPANIES);

  // The market: companies of every size; each with an IZZ survey finished in October of YEAR (its responses) and
  // one of the year before whose figures were stored when it finished.
  const setupStart = performance.now();
  let total = 0;
  await db.transaction(async () => {
    for (let c = 1; c <= COMPANIES; c++) {
      const respondents = Math.max(12, Math.round(perCompany * (0.5 + rnd())));
      const employees = Math.round(respondents / (0.45 + rnd() * 0.55));
      const industry = INDUSTRY_MIX[Math.floor(rnd() * INDUSTRY_MIX.length)]!;
      const companyId = await db.insert('INSERT INTO companies (name, created_at, updated_at, employees_total, industry) VALUES (?, ?, ?, ?, ?)', [`Company ${String(c)} d.o.o.`, now, now, employees, industry]);
      const draft = (year: number) =>
        JSON.stringify({ details: { name: `IZZ ${String(year)}`, employees, languages: ['sl'] }, demographics: { questions: ['gender', 'age_group'], departments: DEPARTMENTS, locations: [] }, extra_questions: [] });
      const previous = await db.insert(
        `INSERT INTO applications (company_id, type, state, draft, code_batch, created_at, updated_at, started_at, finished_at) VALUES (?, 'izz', 'finished', ?, 1, ?, ?, ?, ?)`,
        [companyId, draft(YEAR - 1), now, now, `${String(YEAR - 1)}-10-01T07:00:00.000Z`, `${String(YEAR - 1)}-10-20T10:00:00.000Z`],
      );
      await db.run('INSERT INTO survey_figures (survey_id, responses, esi, enps, computed_at) VALUES (?, ?, ?, ?, ?)', [previous, respondents, 50 + rnd() * 30, -20 + rnd() * 50, now]);
      const surveyId = await db.insert(
        `INSERT INTO applications (company_id, type, state, draft, code_batch, created_at, updated_at, started_at, finished_at) VALUES (?, 'izz', 'finished', ?, 1, ?, ?, ?, ?)`,
        [companyId, draft(YEAR), now, now, `${String(YEAR)}-10-01T07:00:00.000Z`, `${String(YEAR)}-10-${String(10 + Math.floor(rnd() * 20)).padStart(2, '0')}T10:00:00.000Z`],
      );
      const mood = rnd() * 1.5 - 0.75;
      const triples: [number, number, number][] = [];
      const grades: number[] = [];
      for (let i = 0; i < respondents; i++) {
        const grade = (base: number) => Math.min(10, Math.max(1, Math.round(base + mood * 2 + (rnd() - 0.5) * 4)));
        const triple: [number, number, number] = [grade(7), grade(6.5), grade(6)];
        const enpsGrade = Math.min(10, Math.max(0, Math.round(7 + mood * 2 + (rnd() - 0.5) * 5)));
        triples.push(triple);
        grades.push(enpsGrade);
        total++;
        if (c > COLD) continue;
        const statements: Record<string, number> = {};
        for (const s of STATEMENTS) statements[s.id] = Math.min(4, Math.max(1, Math.round(2.7 + mood + (rnd() - 0.5) * 2)));
        const answers = {
          language: 'sl',
          statements,
          enps_grade: enpsGrade,
          esi_workplace_satisfaction: triple[0],
          esi_workplace_expectations: triple[1],
          esi_ideal_job_comparison: triple[2],
          department: DEPARTMENTS[Math.floor(rnd() * DEPARTMENTS.length)],
          demographics: { gender: rnd() < 0.5 ? 'male' : 'female', age_group: rnd() < 0.5 ? '26_35' : '36_45' },
          extra: {},
          puls: {},
        };
        await db.run("INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, 'online', ?, NULL)", [randomUUID(), surveyId, JSON.stringify(answers)]);
      }
      // the other surveys' figures, as the job after their finish stored them (the same statistics as the base's)
      if (c > COLD) {
        await db.run('INSERT INTO survey_figures (survey_id, responses, esi, enps, detail, computed_at) VALUES (?, ?, ?, ?, ?, ?)', [
          surveyId,
          respondents,
          esi(triples).score,
          enps(grades).score,
          JSON.stringify(detailOf(esi(triples).score, enps(grades).score, mood, rnd)),
          now,
        ]);
      }
    }
  });
  figure('award_market_companies', COMPANIES);
  figure('award_market_responses', total);
  figure('award_market_setup_s', ((performance.now() - setupStart) / 1000).toFixed(1));

  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  sampler.unref();
  const reports = createReportsService({ db, minGroupSize: 5, timeZone: 'Europe/Ljubljana' });
  const award = createAwardService({ db, reports, comparison: createComparisonService({ db, reports }), mail: createMailService({ db }), timeZone: 'Europe/Ljubljana', origin: 'http://localhost', brand: { contactEmail: 'info@example.com', contactPhone: '' } });

  let start = performance.now();
  const cold = await award.adminYear(YEAR);
  const coldMs = performance.now() - start;
  start = performance.now();
  const warm = await award.adminYear(YEAR);
  const warmMs = performance.now() - start;
  figure('award_figures_survey_ms', COLD > 0 ? ((coldMs - warmMs) / COLD).toFixed(0) : 'n/a');
  figure('award_year_ms', warmMs.toFixed(0));
  peak = Math.max(peak, process.memoryUsage().rss);
  figure('award_peak_mb', (peak / 1024 / 1024).toFixed(0));
  figure('award_eligible', warm.entries.filter((e) => e.eligible).length);
  if (JSON.stringify(cold.entries) !== JSON.stringify(warm.entries)) throw new Error('the stored figures gave other results than the bases');
  clearInterval(sampler);

  await benchBenchmark(db, warm.entries.find((e) => e.eligible && e.survey_id <= COLD * 2)?.survey_id ?? warm.entries[0]!.survey_id);
  await benchComparative(db);
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Peak RSS while `fn` runs (sampled every 10 ms), and its time. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; peakMb: number }> {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const start = performance.now();
  const value = await fn();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { value, ms, peakMb: peak / 1024 / 1024 };
}

/**
 * Benchmark report: the publication of the year with its market (benchmark_market_ms: results frozen and
 * the market's groups built from the stored survey figures and written; benchmark_market_peak_mb), then one company's
 * benchmark report in a fresh service (no cache): JSON (benchmark_report_ms) and PDF (benchmark_pdf_ms).
 */
async function benchBenchmark(db: Db, surveyId: number): Promise<void> {
  const reports = createReportsService({ db, minGroupSize: 5, timeZone: 'Europe/Ljubljana' });
  const comparison = createComparisonService({ db, reports });
  const award = createAwardService({ db, reports, comparison, mail: createMailService({ db }), timeZone: 'Europe/Ljubljana', origin: 'http://localhost', brand: { contactEmail: 'info@example.com', contactPhone: '' } });
  const publication = await measured(() => award.publishAsSystem([YEAR]));
  if (publication.value.length !== 1) throw new Error('the year was not published');
  figure('benchmark_market_ms', publication.ms.toFixed(0));
  figure('benchmark_market_peak_mb', publication.peakMb.toFixed(0));

  const fresh = createComparisonService({ db, reports: createReportsService({ db, minGroupSize: 5, timeZone: 'Europe/Ljubljana' }) });
  const report = await measured(async () => fresh.benchmarkFigures(await fresh.benchmarkSource({ admin: true }, surveyId), 'sl'));
  figure('benchmark_report_ms', report.ms.toFixed(0));
  figure('benchmark_report_companies', report.value.groups[0]!.companies);
  const pdf = await measured(async () => await renderBenchmarkReport({ figures: report.value, generatedOn: new Date() }));
  figure('benchmark_pdf_ms', pdf.ms.toFixed(0));
  // The same once more: the process's first PDF also loads and parses the fonts.
  const again = await measured(async () => await renderBenchmarkReport({ figures: report.value, generatedOn: new Date() }));
  figure('benchmark_pdf_again_ms', again.ms.toFixed(0));
  figure('benchmark_pdf_pages', (await PDFDocument.load(again.value)).getPageCount());
}

/**
 * Comparative report: a company with five yearly surveys of 5,000 responses each whose reporting bases were
 * stored when they finished; a fresh service (no cache) makes the all-years report (comparative_5y_ms) and the
 * departments over the years (comparative_5y_groups_ms).
 */
async function benchComparative(db: Db): Promise<void> {
  const rnd = seededRandom(16);
  const now = new Date().toISOString();
  const ids: number[] = [];
  await db.transaction(async () => {
    const companyId = await db.insert('INSERT INTO companies (name, created_at, updated_at, employees_total) VALUES (?, ?, ?, ?)', ['Five Years d.o.o.', now, now, 5000]);
    for (let y = 0; y < 5; y++) {
      const year = YEAR - 4 + y;
      const draft = JSON.stringify({
        details: { name: `IZZ ${String(year)}`, employees: 5000, languages: ['sl'] },
        demographics: { questions: ['gender', 'age_group'], departments: DEPARTMENTS, locations: [] },
        extra_questions: [],
      });
      const id = await db.insert(
        `INSERT INTO applications (company_id, type, state, draft, code_batch, created_at, updated_at, started_at, finished_at) VALUES (?, 'izz', 'finished', ?, 1, ?, ?, ?, ?)`,
        [companyId, draft, now, now, `${String(year)}-09-01T07:00:00.000Z`, `${String(year)}-09-20T10:00:00.000Z`],
      );
      ids.push(id);
      for (let i = 0; i < COMPARATIVE_RESPONSES; i++) {
        const statements: Record<string, number> = {};
        const mood = (rnd() - 0.5) * 1.2 + y * 0.05;
        for (const st of STATEMENTS) statements[st.id] = Math.min(4, Math.max(1, Math.round(2.7 + mood + (rnd() - 0.5) * 2)));
        const g = () => Math.min(10, Math.max(1, Math.round(6.5 + mood * 2 + (rnd() - 0.5) * 4)));
        const answers = {
          language: 'sl',
          statements,
          enps_grade: Math.min(10, Math.max(0, Math.round(7 + mood * 2 + (rnd() - 0.5) * 5))),
          esi_workplace_satisfaction: g(),
          esi_workplace_expectations: g(),
          esi_ideal_job_comparison: g(),
          department: DEPARTMENTS[Math.floor(rnd() * DEPARTMENTS.length)],
          demographics: { gender: rnd() < 0.5 ? 'male' : 'female', age_group: rnd() < 0.5 ? '26_35' : '36_45' },
          extra: {},
          puls: {},
        };
        await db.run("INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, 'online', ?, NULL)", [randomUUID(), id, JSON.stringify(answers)]);
      }
    }
  });
  // Their bases, as the job after each finish (or the first report) stored them.
  const builder = createReportsService({ db, minGroupSize: 5, timeZone: 'Europe/Ljubljana' });
  for (const id of ids) await builder.izzSource({ admin: true }, id);

  const fresh = () => createComparisonService({ db, reports: createReportsService({ db, minGroupSize: 5, timeZone: 'Europe/Ljubljana' }) });
  const last = ids[ids.length - 1]!;
  const years = await measured(async () => {
    const c = fresh();
    return c.comparativeFigures(await c.comparativeSource({ admin: true }, last), 'years', null, 'sl');
  });
  if (years.value.columns.length !== 5) throw new Error('the comparative report does not hold five surveys');
  figure('comparative_5y_ms', years.ms.toFixed(0));
  const groups = await measured(async () => {
    const c = fresh();
    return c.comparativeFigures(await c.comparativeSource({ admin: true }, last), 'group-years', 'department', 'sl');
  });
  figure('comparative_5y_groups_ms', groups.ms.toFixed(0));
  figure('comparative_5y_responses', COMPARATIVE_RESPONSES * 5);
}

if (process.argv[1] === self) await run();
