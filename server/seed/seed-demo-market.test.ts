import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AWARD_FINISH_BY, AWARD_MIN_EMPLOYEES, AWARD_SIZE_CLASSES, occupancyThreshold, sizeClassOf } from '../../shared/award.js';
import { COMPANY_SIZES, INDUSTRIES, LIMITS, MARKETS } from '../../shared/constants.js';
import { STATEMENTS } from '../../shared/question-banks/index.js';
import { izzApplicationDraftSchema, type IzzApplicationDraft } from '../../shared/schemas/application.js';
import { checkResponse, responseIssues, type QuestionnairePackage, type ResponseAnswers } from '../../shared/schemas/questionnaire.js';
import { zonedToday } from '../lib/time.js';
import { createAwardService } from '../modules/award/index.js';
import { createMailService } from '../modules/mail/mail.service.js';
import { createComparisonService, createReportsService } from '../modules/reports/index.js';
import { SETTING_KEYS } from '../modules/site/index.js';
import { makeTempDir, openTestDatabase, TEST_ENGINE } from '../test/helpers.js';
import type { Db } from '../db/connection.js';
import {
  DEMO_MARKET_COMPANIES,
  DEMO_MARKET_LARGE_RESPONSES_CAP,
  DEMO_MARKET_SEED,
  demoMarketCompanies,
  demoMarketYears,
  ensureDemoMarket,
  generateDemoMarket,
  profileSizeOf,
  type DemoMarket,
  type DemoMarketCompany,
  type DemoMarketIntent,
  type DemoMarketSurvey,
} from './seed-demo-market.js';
import { DEMO_RESULTS_RESPONSES, ensureDemoFinishedSurvey } from './seed-demo-results.js';
import { seedOnce } from './seed.js';

const ZONE = 'Europe/Ljubljana';
const YEARS = [2022, 2023, 2024, 2025];
const NOW = new Date('2026-11-25T10:00:00.000Z');
const options = { years: YEARS, companies: DEMO_MARKET_COMPANIES, seed: DEMO_MARKET_SEED, timeZone: ZONE };
/**
 * Last year's demo survey (seed-demo-results.ts) as it has always been: the sorted "channel answers" lines of its 296
 * responses. Its figures are what the report tests assert; generating the earlier years must not change them.
 */
const DEMO_LAST_YEAR_ANSWERS_SHA256 = '76166c48a45005164a0904edd734558baa0fae57c040e156379567255ac46ef3';

/** A survey's package, as the questionnaire hands it out, to check answers the way the server does. */
function packageOf(draft: IzzApplicationDraft): QuestionnairePackage {
  return {
    survey_id: 1,
    type: 'izz',
    name: draft.details.name ?? '',
    company_name: 'Demo',
    logo_url: null,
    languages: draft.details.languages ?? [],
    end_date: draft.details.end_date ?? '',
    statement_ids: STATEMENTS.map((s) => s.id),
    demographic_ids: draft.demographics.questions,
    departments: draft.demographics.departments,
    locations: draft.demographics.locations,
    extra_questions: draft.extra_questions,
    puls_question_ids: [],
    round: null,
  };
}

/** The ESI of a set of answers, as the reports count it (statistics.ts). */
function esiOf(answers: readonly ResponseAnswers[]): number {
  let s = 0;
  for (const a of answers) s += (a.esi_workplace_satisfaction ?? 0) + (a.esi_workplace_expectations ?? 0) + (a.esi_ideal_job_comparison ?? 0) - 3;
  return (100 * s) / (27 * answers.length);
}

/**
 * The first award rule a survey fails (shared/award.ts, in AWARD_RULES order), or 'eligible': worked out here from the
 * rules' constants, independently of the generator's own intent.
 */
function failedRule(company: DemoMarketCompany, survey: DemoMarketSurvey): DemoMarketIntent {
  const sameYear = company.surveys.filter((s) => s.year === survey.year).sort((a, b) => a.finished_at.localeCompare(b.finished_at));
  if (sameYear[0] !== survey) return 'first_of_year';
  const employees = survey.draft.details.employees ?? 0;
  if (employees < AWARD_MIN_EMPLOYEES) return 'min_employees';
  const finishedOn = zonedToday(new Date(survey.finished_at), ZONE);
  if (finishedOn > `${String(survey.year)}-${String(AWARD_FINISH_BY.month).padStart(2, '0')}-${String(AWARD_FINISH_BY.day).padStart(2, '0')}`) return 'finished_by';
  if (survey.responses.length * 100 < occupancyThreshold(employees) * employees) return 'occupancy';
  return 'eligible';
}

function surveysOf(market: DemoMarket, year: number): { company: DemoMarketCompany; survey: DemoMarketSurvey }[] {
  return market.companies.flatMap((company) => company.surveys.filter((s) => s.year === year).map((survey) => ({ company, survey })));
}

// Pure: run once, in the SQLite project (the PostgreSQL project runs the database half below).
describe.skipIf(TEST_ENGINE === 'postgres')('the demo market generator', () => {
  const market = generateDemoMarket(options);

  it('is deterministic: the same options give the same market, streamed or whole; another seed another one', () => {
    expect([...demoMarketCompanies(options)]).toEqual(market.companies);
    const few = { ...options, companies: 6, years: [2024, 2025] };
    expect(generateDemoMarket({ ...few, seed: 1 })).toEqual(generateDemoMarket({ ...few, seed: 1 }));
    expect(generateDemoMarket({ ...few, seed: 2 }).companies.map((c) => c.surveys[0]?.responses[0])).not.toEqual(generateDemoMarket({ ...few, seed: 1 }).companies.map((c) => c.surveys[0]?.responses[0]));
  });

  it('makes realistic, varied companies of the five markets', () => {
    const companies = market.companies;
    expect(companies).toHaveLength(DEMO_MARKET_COMPANIES);
    expect(new Set(companies.map((c) => c.name)).size).toBe(companies.length);
    expect(new Set(companies.map((c) => c.country))).toEqual(new Set(MARKETS));
    const forms = new Set(companies.map((c) => /(d\.o\.o\.|d\.d\.|doo|a\.d\.|DOOEL|DOO|AD)( \S+)?$/.exec(c.name)?.[1]));
    expect(forms.has(undefined)).toBe(false);
    expect(forms.size).toBeGreaterThanOrEqual(5);
    for (const c of companies) {
      expect(INDUSTRIES).toContain(c.industry);
      expect(COMPANY_SIZES).toContain(c.size);
      expect(c.size).toBe(profileSizeOf(c.employees_total));
      expect(c.city.length).toBeGreaterThan(0);
      expect(c.activity.length).toBeGreaterThan(0);
      // the demo company's name stays the only one an administrator's search for "demo" finds
      expect(c.name.toLowerCase()).not.toContain('demo');
      const s = c.structure;
      expect(s.male + s.female + s.other_gender).toBe(c.employees_total);
      expect(s.education_low + s.education_middle + s.education_higher + s.education_special).toBe(c.employees_total);
      const last = c.surveys[c.surveys.length - 1];
      if (last) expect(c.employees_total).toBe(last.draft.details.employees);
    }
    const logos = companies.filter((c) => c.logo).length;
    expect(logos).toBeGreaterThanOrEqual(companies.length * 0.3);
    expect(logos).toBeLessThanOrEqual(companies.length * 0.7);
    expect(new Set(companies.map((c) => c.industry)).size).toBeGreaterThanOrEqual(6);
  });

  it('gives drafts and answers the shared schemas accept', () => {
    // Checking an answer costs about 0.3 ms: every response of each company's first survey, every 7th of the others.
    let responses = 0;
    let checked = 0;
    for (const c of market.companies) {
      for (const s of c.surveys) {
        expect(izzApplicationDraftSchema.parse(s.draft)).toEqual(s.draft);
        const d = s.draft.details;
        expect(d.employees).toBeLessThanOrEqual(LIMITS.maxEmployees);
        expect((d.online_respondents ?? 0) + (d.offline_respondents ?? 0)).toBe(d.employees);
        expect(d.start_date && d.end_date && d.start_date < d.end_date).toBe(true);
        expect(s.created_at < s.submitted_at && s.submitted_at < s.approved_at && s.approved_at < s.started_at && s.started_at < s.finished_at).toBe(true);
        expect(s.responses.length).toBeGreaterThan(0);
        expect(s.responses.length).toBeLessThanOrEqual(d.employees ?? 0);
        const pkg = packageOf(s.draft);
        const step = s === c.surveys[0] ? 1 : 7;
        for (let i = 0; i < s.responses.length; i += step) {
          const answers = s.responses[i]?.answers;
          // no issue, and nothing the schema would drop
          expect(checkResponse(pkg, answers)).toEqual({ issues: [], answers });
          checked += 1;
        }
        responses += s.responses.length;
      }
    }
    // modest, for start-up time
    expect(responses).toBeGreaterThan(8_000);
    expect(responses).toBeLessThan(16_000);
    expect(checked).toBeGreaterThan(2_000);
    const channels = new Set(market.companies.flatMap((c) => c.surveys.flatMap((s) => s.responses.map((r) => r.channel))));
    expect(channels).toEqual(new Set(['online', 'paper', 'kiosk']));
  });

  it('exercises the award rules every year: most surveys eligible, each kind of ineligible one, six or more eligible per size class', () => {
    for (const year of YEARS) {
      const surveys = surveysOf(market, year);
      expect(new Set(surveys.map((s) => s.company)).size).toBeGreaterThanOrEqual(25);
      expect(new Set(surveys.map((s) => s.company)).size).toBeLessThanOrEqual(32);
      const rules = surveys.map(({ company, survey }) => failedRule(company, survey));
      // what the generator meant is what the rules make of it
      expect(rules).toEqual(surveys.map(({ survey }) => survey.intent));
      for (const kind of ['first_of_year', 'min_employees', 'finished_by', 'occupancy'] as const) expect(rules.filter((r) => r === kind).length, `${String(year)} ${kind}`).toBeGreaterThanOrEqual(1);
      const eligible = surveys.filter((_, i) => rules[i] === 'eligible');
      expect(eligible.length).toBeGreaterThan(surveys.length * 0.6);
      for (const cls of AWARD_SIZE_CLASSES) {
        expect(eligible.filter(({ survey }) => sizeClassOf(survey.draft.details.employees ?? 0) === cls).length, `${String(year)} ${cls}`).toBeGreaterThanOrEqual(6);
      }
      // benchmark groups: manufacturing and IT have five or more eligible surveys every year
      for (const industry of ['C', 'J']) expect(eligible.filter(({ company }) => company.industry === industry).length, `${String(year)} ${industry}`).toBeGreaterThanOrEqual(5);
      // a low response rate in each size class at least once over the years is checked below; the December ones end on the 1st or 2nd
      for (const { survey } of surveys) {
        const end = survey.draft.details.end_date ?? '';
        if (survey.intent === 'finished_by') expect([`${String(year)}-12-01`, `${String(year)}-12-02`]).toContain(end);
        else if (survey.draft.details.name?.endsWith(' – I')) expect(end.slice(5, 7)).toBe('04');
        else expect(end.slice(5, 7)).toBe('10');
      }
    }
    const lowByClass = new Set(market.companies.flatMap((c) => c.surveys.filter((s) => s.intent === 'occupancy').map((s) => sizeClassOf(s.draft.details.employees ?? 0))));
    expect(lowByClass).toEqual(new Set(AWARD_SIZE_CLASSES));
  });

  it('keeps large companies\' responses around 150–180 and moves the mood from year to year', () => {
    for (const c of market.companies) {
      for (const s of c.surveys) if (sizeClassOf(s.draft.details.employees ?? 0) === 'large') expect(s.responses.length).toBeLessThanOrEqual(DEMO_MARKET_LARGE_RESPONSES_CAP);
    }
    // "most improved ESI" has candidates: companies eligible two years running whose ESI moved, some by several points
    const changes: number[] = [];
    for (const c of market.companies) {
      for (const year of YEARS.slice(1)) {
        const eligibleIn = (y: number) => c.surveys.find((s) => s.year === y && failedRule(c, s) === 'eligible');
        const now = eligibleIn(year);
        const before = eligibleIn(year - 1);
        if (now && before) changes.push(esiOf(now.responses.map((r) => r.answers)) - esiOf(before.responses.map((r) => r.answers)));
      }
    }
    expect(changes.length).toBeGreaterThanOrEqual(30);
    expect(Math.max(...changes)).toBeGreaterThan(3);
    expect(Math.min(...changes)).toBeLessThan(-1);
    const esis = market.companies.flatMap((c) => c.surveys.map((s) => esiOf(s.responses.map((r) => r.answers))));
    expect(Math.max(...esis) - Math.min(...esis)).toBeGreaterThan(20);
  });

  it('scales the responses for a big market and streams it one company at a time', () => {
    const small = generateDemoMarket({ ...options, years: [2025] });
    const scaled = generateDemoMarket({ ...options, years: [2025], responsesScale: 2 });
    const count = (m: DemoMarket) => m.companies.reduce((n, c) => n + c.surveys.reduce((k, s) => k + s.responses.length, 0), 0);
    expect(count(scaled) / count(small)).toBeGreaterThan(1.8);
    expect(count(scaled) / count(small)).toBeLessThan(2.2);
    for (const c of scaled.companies) for (const s of c.surveys) expect(s.responses.length).toBeLessThanOrEqual(s.draft.details.employees ?? 0);
    const stream = demoMarketCompanies({ years: YEARS, companies: 2_000, seed: 7, responsesScale: 2.1 });
    const first = stream.next();
    expect(first.done).toBe(false);
    expect((first.value as DemoMarketCompany).surveys.length).toBeGreaterThan(0);
  });

  it('has surveys only for the years that are over in the platform\'s zone', () => {
    expect(demoMarketYears(NOW, ZONE)).toEqual(YEARS);
    // 23:30 on 31 December 2025 in Ljubljana: 2025 is not over yet
    expect(demoMarketYears(new Date('2025-12-31T22:30:00.000Z'), ZONE)).toEqual([2022, 2023, 2024]);
    // 00:30 on 1 January 2026 in Ljubljana (still 2025 in UTC)
    expect(demoMarketYears(new Date('2025-12-31T23:30:00.000Z'), ZONE)).toEqual(YEARS);
    expect(demoMarketYears(new Date('2022-06-01T00:00:00.000Z'), ZONE)).toEqual([]);
  });
});

describe('ensureDemoMarket', () => {
  const dirs: string[] = [];
  const dbs: Db[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.close();
    for (const drop of drops.splice(0)) await drop();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function freshDb(): Promise<Db> {
    const dir = makeTempDir('izz-demo-market-');
    dirs.push(dir);
    const { db, drop } = await openTestDatabase(dir);
    dbs.push(db);
    drops.push(drop);
    await seedOnce(db, { demoUser: true });
    return db;
  }

  const counts = async (db: Db): Promise<{ companies: number; applications: number; responses: number; assets: number }> => {
    const n = async (table: string) => Number((await db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n);
    return { companies: await n('companies'), applications: await n('applications'), responses: await n('responses'), assets: await n('assets') };
  };

  it('inserts the market and the demo company\'s earlier years once, leaving last year\'s demo survey as it was', async () => {
    const db = await freshDb();
    expect(await ensureDemoFinishedSurvey(db, { timeZone: ZONE, now: NOW })).toBe(true);
    const started = performance.now();
    expect(await ensureDemoMarket(db, { timeZone: ZONE, now: NOW })).toBe(true);
    const ms = performance.now() - started;
    const after = await counts(db);
    expect(await ensureDemoMarket(db, { timeZone: ZONE, now: NOW })).toBe(false);
    expect(await counts(db)).toEqual(after);

    const market = generateDemoMarket(options);
    const surveys = market.companies.reduce((n, c) => n + c.surveys.length, 0);
    const responses = market.companies.reduce((n, c) => n + c.surveys.reduce((k, s) => k + s.responses.length, 0), 0);
    expect(after.companies).toBe(1 + DEMO_MARKET_COMPANIES);
    // the demo's four finished surveys and the market's
    expect(after.applications).toBe(4 + surveys);
    const demoResponses = Number((await db.get<{ n: number }>("SELECT count(*) AS n FROM responses r JOIN applications a ON a.id = r.survey_id JOIN users u ON u.company_id = a.company_id WHERE u.email = 'demo@example.com'"))?.n);
    expect(after.responses).toBe(demoResponses + responses);
    // the partner logo and a logo for the companies that have one, each an SVG the company row points at
    expect(after.assets).toBe(1 + market.companies.filter((c) => c.logo).length);
    const logos = await db.all<{ content_type: string; bytes: Buffer }>('SELECT a.content_type, a.bytes FROM companies c JOIN assets a ON a.id = c.logo_asset_id');
    expect(logos).toHaveLength(after.assets - 1);
    for (const l of logos) expect(l.content_type === 'image/svg+xml' && Buffer.from(l.bytes).toString('utf8').startsWith('<svg')).toBe(true);
    expect(JSON.parse((await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [SETTING_KEYS.demoMarket]))?.value ?? '{}')).toEqual({ years: YEARS, seeded_at: NOW.toISOString() });

    // The rows hold the generated data: a company, its surveys in order, their responses.
    const first = market.companies[0] as DemoMarketCompany;
    const row = await db.get<{ id: number; country: string; industry: string; size: string; employees_total: number; verified_at: string | null }>(
      'SELECT id, country, industry, size, employees_total, verified_at FROM companies WHERE name = ?',
      [first.name],
    );
    expect(row).toMatchObject({ country: first.country, industry: first.industry, size: first.size, employees_total: first.employees_total });
    expect(row?.verified_at).not.toBeNull();
    const stored = await db.all<{ id: number; state: string; type: string; code_batch: number; created_by: number | null; finished_at: string; draft: string }>(
      'SELECT id, state, type, code_batch, created_by, finished_at, draft FROM applications WHERE company_id = ? ORDER BY finished_at',
      [row?.id],
    );
    expect(stored.map((s) => [s.state, s.type, s.code_batch, s.created_by, s.finished_at])).toEqual(first.surveys.map((s) => ['finished', 'izz', 1, null, s.finished_at]));
    expect(stored.map((s) => JSON.parse(s.draft) as unknown)).toEqual(first.surveys.map((s) => s.draft));
    const answers = await db.all<{ channel: string; answers: string }>('SELECT channel, answers FROM responses WHERE survey_id = ?', [stored[0]?.id]);
    const lines = (rows: readonly { channel: string; answers: unknown }[]) => rows.map((r) => `${r.channel} ${typeof r.answers === 'string' ? r.answers : JSON.stringify(r.answers)}`).sort();
    expect(lines(answers)).toEqual(lines(first.surveys[0]?.responses ?? []));

    // The demo company: one finished IZZ survey a year 2022–2025, each eligible, with a visible trend.
    const demo = await db.all<{ id: number; draft: string; finished_at: string }>(
      "SELECT a.id, a.draft, a.finished_at FROM applications a JOIN users u ON u.company_id = a.company_id WHERE u.email = 'demo@example.com' AND a.type = 'izz' AND a.state = 'finished' ORDER BY a.finished_at",
    );
    expect(demo.map((d) => zonedToday(new Date(d.finished_at), ZONE).slice(0, 4))).toEqual(YEARS.map(String));
    const esis: number[] = [];
    for (const d of demo) {
      const draft = izzApplicationDraftSchema.parse(JSON.parse(d.draft));
      const rows = await db.all<{ channel: string; answers: string }>('SELECT channel, answers FROM responses WHERE survey_id = ?', [d.id]);
      const employees = draft.details.employees ?? 0;
      expect(employees).toBe(320);
      expect(rows.length * 100).toBeGreaterThanOrEqual(occupancyThreshold(employees) * employees);
      expect(zonedToday(new Date(d.finished_at), ZONE).slice(5, 7)).toBe('10');
      expect(draft.demographics.departments).toEqual(['Proizvodnja', 'Razvoj', 'Prodaja', 'Logistika', 'Finance in kadri', 'Pravna služba']);
      expect(draft.demographics.locations).toEqual(['Ljubljana', 'Maribor', 'Koper']);
      const parsed = rows.map((r) => JSON.parse(r.answers) as ResponseAnswers);
      for (const a of parsed) expect(responseIssues({ ...packageOf(draft), survey_id: d.id }, a)).toEqual([]);
      esis.push(esiOf(parsed));
    }
    expect(esis[3]).toBeGreaterThan((esis[0] as number) + 3);
    expect(esis[2]).toBeGreaterThan(esis[1] as number);
    // last year's survey: exactly the answers it always had
    const last = demo[3];
    const lastRows = await db.all<{ channel: string; answers: string }>('SELECT channel, answers FROM responses WHERE survey_id = ?', [last?.id]);
    expect(lastRows).toHaveLength(DEMO_RESULTS_RESPONSES);
    expect(createHash('sha256').update(lines(lastRows).join('\n')).digest('hex')).toBe(DEMO_LAST_YEAR_ANSWERS_SHA256);

    // The insert time on this engine, for the report (not a pass/fail figure).
    console.info(`ensureDemoMarket (${db.dialect}): ${String(after.responses)} responses in ${ms.toFixed(0)} ms`);
  });

  it('is what the award computation makes of it: each survey eligible or refused by the rule it was made to fail', async () => {
    const db = await freshDb();
    await ensureDemoFinishedSurvey(db, { timeZone: ZONE, now: NOW });
    await ensureDemoMarket(db, { timeZone: ZONE, now: NOW });
    const reports = createReportsService({ db, minGroupSize: 5, timeZone: ZONE });
    const award = createAwardService({ db, reports, comparison: createComparisonService({ db, reports }), mail: createMailService({ db }), timeZone: ZONE, origin: 'http://localhost', brand: { contactEmail: 'info@example.com', contactPhone: '' }, now: () => NOW });
    const intents = new Map(generateDemoMarket(options).companies.flatMap((c) => c.surveys.map((s) => [`${c.name} | ${s.draft.details.name ?? ''}`, s.intent] as const)));
    // Two years: every kind of refusal is in each, and the later one has a previous year for "most improved".
    for (const year of [2024, 2025]) {
      const result = await award.adminYear(year);
      const computed = result.entries.map((e) => [`${e.company_name} | ${e.survey_name}`, e.checks.find((c) => !c.passed)?.rule ?? 'eligible']);
      const meant = result.entries.map((e) => [`${e.company_name} | ${e.survey_name}`, intents.get(`${e.company_name} | ${e.survey_name}`) ?? (e.company_name === 'Demo podjetje d.o.o.' ? 'eligible' : 'unknown')]);
      expect(computed).toEqual(meant);
      // three places in every size class and a winner of each special category
      const won = result.entries.flatMap((e) => e.awards.map((a) => (a.kind === 'class' ? `${e.size_class ?? ''} ${String(a.place)}` : a.kind)));
      for (const cls of AWARD_SIZE_CLASSES) for (const place of [1, 2, 3]) expect(won).toContain(`${cls} ${String(place)}`);
      for (const kind of ['highest_enps', 'highest_occupancy', ...(year === 2025 ? ['most_improved_esi'] : [])]) expect(won).toContain(kind);
      // The demo company wins something in the year before last (its certificate and badge can be seen), by
      // the computation: its leap in ESI is the year's most improved.
      const demo = result.entries.filter((e) => e.company_name === 'Demo podjetje d.o.o.');
      expect(demo.flatMap((e) => e.awards.map((a) => a.kind))).toEqual(year === 2024 ? ['most_improved_esi'] : []);
    }
  }, 120_000);

  it('seeds the market without a demo company too (SEED_DEMO=false, SEED_DEMO_MARKET=true)', async () => {
    const dir = makeTempDir('izz-demo-market-');
    dirs.push(dir);
    const { db, drop } = await openTestDatabase(dir);
    dbs.push(db);
    drops.push(drop);
    await seedOnce(db, { demoUser: false });
    expect(await ensureDemoMarket(db, { timeZone: ZONE, now: NOW })).toBe(true);
    expect((await counts(db)).companies).toBe(DEMO_MARKET_COMPANIES);
  });
});
