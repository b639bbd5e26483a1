/**
 * The demo company's FINISHED IZZ survey of last year with realistic, varied responses, so a newcomer
 * logging in as demo@example.com finds a full report and a combined survey with paper
 * responses. Idempotent: runs once per database (when the company has no finished IZZ survey).
 *
 * The answers come from a deterministic generator (a seeded PRNG), so every fresh database holds the same
 * figures. Each respondent has a latent satisfaction; departments, locations and categories shift it
 * (pay and top management lower, colleagues and job content higher), so the report shows differences
 * worth reading. One small department ('Pravna služba', 4 people) and one small location ('Koper',
 * 3 people) exist on purpose: the report must suppress them.
 *
 * The generator takes the years before last and a mood shift, so ensureDemoMarket (seed-demo-market.ts) gives the
 * company its surveys of the earlier years from the same code (same departments and locations, a lower mood the
 * further back); last year's survey keeps its seed and draws, so its figures never change.
 *
 * Responses hold what an online response holds: no code, no day or time. The extra questions' texts are in
 * shared/i18n/<locale>/seed.json (seed-texts.ts); the company's own data stays here.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '../../shared/access-codes.js';
import { DEMOGRAPHIC_QUESTIONS, STATEMENTS, type IzzCategoryId } from '../../shared/question-banks/index.js';
import { defaultSchedule, izzApplicationDraftSchema, type IzzApplicationDraft } from '../../shared/schemas/application.js';
import type { ResponseAnswers } from '../../shared/schemas/questionnaire.js';
import { zonedToday } from '../lib/time.js';
import { seededRandom } from '../lib/seeded-random.js';
import type { Db } from '../db/connection.js';
import { seedText } from './seed-texts.js';

export const DEMO_RESULTS_RESPONSES = 296;


function normal(rnd: () => number): number {
  const u = Math.max(rnd(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
}

const clampRound = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.round(v)));

function pick<T>(rnd: () => number, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [v, w] of weighted) {
    r -= w;
    if (r <= 0) return v;
  }
  const last = weighted[weighted.length - 1];
  if (!last) throw new Error('empty choice');
  return last[0];
}

/** How each category sits against the mood (pay and top management lower, colleagues and job content higher). */
export const CATEGORY_SHIFT: Record<IzzCategoryId, number> = {
  job_content: 0.35,
  working_conditions: 0.1,
  pay_benefits: -0.45,
  learning_career: -0.2,
  direct_manager: 0.2,
  top_management: -0.3,
  communication: -0.15,
  teamwork: 0.45,
  culture_loyalty: 0.05,
};

/** Department name, size (responses), mood shift. */
const DEPARTMENTS: readonly (readonly [string, number, number])[] = [
  ['Proizvodnja', 128, -0.25],
  ['Razvoj', 64, 0.3],
  ['Prodaja', 52, 0.1],
  ['Logistika', 36, -0.4],
  ['Finance in kadri', 12, 0.2],
  ['Pravna služba', 4, 0],
];
const LOCATIONS: readonly (readonly [string, number])[] = [
  ['Ljubljana', 0.55],
  ['Maribor', 0.44],
  ['Koper', 0],
];

const PRAISE_CRITIQUE = [
  'Sodelavci so odlični, vedno priskočijo na pomoč.',
  'Plača ne sledi rasti življenjskih stroškov.',
  'Všeč mi je, da lahko delam od doma dva dni na teden.',
  'Vodstvo bi moralo pogosteje razložiti, zakaj sprejme odločitve.',
  'Premalo je možnosti za napredovanje.',
  'Hvala za izobraževanja v zadnjem letu, zelo so mi koristila.',
  'V proizvodni hali je poleti prevroče.',
  'Neposredni vodja me posluša in upošteva moje predloge.',
  'Informacije o spremembah pridejo prepozno.',
  'Delovni čas je prilagodljiv, kar zelo cenim.',
  'Preveč nadur v zadnjih mesecih.',
  'Dobro vzdušje v ekipi, a premalo ljudi za toliko dela.',
  'Želim si več povratnih informacij o svojem delu.',
  'Oprema je zastarela in upočasnjuje delo.',
  'Podjetje skrbi za zaposlene, ko je težko.',
  'Novi sodelavci bi potrebovali boljše uvajanje.',
  'Ponosen sem, da delam tukaj.',
  'Malica je predraga.',
  'Letni razgovori so koristni, ko se dogovorjeno tudi uresniči.',
  'Med oddelki je premalo sodelovanja.',
];
const IMPROVE = [
  'Več sestankov celotne ekipe.',
  'Jasnejši kriteriji za nagrajevanje.',
  'Boljša parkirišča.',
  'Več usposabljanj za vodje.',
  'Sodobnejša programska oprema.',
  'Redne informacije vodstva o poslovanju.',
];

export interface DemoResultsOptions {
  timeZone: string;
  now?: Date;
}

/** The seed of last year's demo survey: its answers (and every figure the report tests read) depend on it. */
export const DEMO_RESULTS_SEED = 20_251_024;

/** Last year's survey's employees, dates and text; a survey of an earlier year is the same but for its year. */
export function demoResultsDraft(year: number): IzzApplicationDraft {
  const start = `${String(year)}-10-06`;
  const end = `${String(year)}-10-24`;
  const departments = DEPARTMENTS.map(([name]) => name);
  const locations = LOCATIONS.map(([name]) => name);
  return izzApplicationDraftSchema.parse({
    details: {
      name: `Zadovoljstvo zaposlenih ${String(year)}`,
      collection: 'combined',
      start_date: start,
      end_date: end,
      employees: 320,
      online_respondents: 270,
      offline_respondents: 50,
      code_type: 'different',
      ...defaultSchedule(start),
      languages: ['sl', 'en', 'hr'],
      respondent_emails: [],
    },
    demographics: { questions: DEMOGRAPHIC_QUESTIONS.map((q) => q.id), departments, locations },
    extra_questions: [
      {
        id: 'demo-r1',
        type: 'radio',
        title: seedText('demoResults.annualReview.title'),
        description: {},
        answers: [seedText('demoResults.annualReview.yes'), seedText('demoResults.annualReview.no')],
      },
      {
        id: 'demo-r2',
        type: 'scale',
        title: seedText('demoResults.shiftSystem.title'),
        description: {},
        answers: [],
        scale: { min: 1, max: 5, min_label: seedText('demoResults.shiftSystem.poor'), max_label: seedText('demoResults.shiftSystem.excellent') },
        required: false,
      },
      {
        id: 'demo-r3',
        type: 'text250',
        title: seedText('demoResults.improveNextYear.title'),
        description: {},
        answers: [],
        required: false,
        allow_comments: false,
      },
    ],
    step: 6,
  });
}

export interface DemoResponseRow {
  id: string;
  channel: 'online' | 'paper' | 'kiosk';
  answers: ResponseAnswers;
}

/**
 * The demo company's responses of one year. `yearsBefore` 0 is last year's survey (DEMO_RESULTS_SEED, 296 responses,
 * no shift: exactly the answers it always had); an earlier year draws from its own seed, `responses` in all (the
 * departments keep their shares, 'Pravna služba' stays below the minimum group) and `moodShift` added to every
 * respondent's mood (negative: less satisfied than last year).
 */
export function demoResultsResponses(plan: { yearsBefore: number; moodShift: number; responses: number }): DemoResponseRow[] {
  const rnd = seededRandom(DEMO_RESULTS_SEED + plan.yearsBefore * 7_919);
  const counts = departmentCounts(plan.responses);
  const rows: DemoResponseRow[] = [];
  for (const [d, [department, , deptShift]] of DEPARTMENTS.entries()) {
    const count = counts[d] ?? 0;
    for (let i = 0; i < count; i++) {
      const mood = normal(rnd) * 0.55 + deptShift + plan.moodShift;
      const statements: Record<string, 1 | 2 | 3 | 4> = {};
      for (const s of STATEMENTS) {
        statements[s.id] = clampRound(2.75 + mood + CATEGORY_SHIFT[s.category] + normal(rnd) * 0.55, 1, 4) as 1 | 2 | 3 | 4;
      }
      const esiBase = 6.2 + mood * 2.2;
      const demographics: Record<string, string> = {};
      if (rnd() > 0.06) demographics.gender = pick(rnd, [['male', 0.5], ['female', 0.45], ['other', 0.01], ['prefer_not_to_say', 0.04]] as const);
      if (rnd() > 0.05) demographics.age_group = pick(rnd, [['up_to_25', 0.12], ['26_35', 0.3], ['36_45', 0.28], ['46_55', 0.2], ['56_plus', 0.1]] as const);
      if (rnd() > 0.05) demographics.tenure = pick(rnd, [['under_1', 0.12], ['1_3', 0.25], ['4_10', 0.35], ['over_10', 0.28]] as const);
      if (rnd() > 0.08) demographics.education = pick(rnd, department === 'Proizvodnja' || department === 'Logistika' ? ([['low', 0.2], ['middle', 0.6], ['higher', 0.18], ['special', 0.02]] as const) : ([['low', 0.02], ['middle', 0.25], ['higher', 0.6], ['special', 0.13]] as const));
      if (rnd() > 0.05) demographics.position_level = pick(rnd, [['employee', 0.78], ['team_leader', 0.14], ['middle_management', 0.06], ['senior_management', 0.02]] as const);
      const answers: ResponseAnswers = {
        language: pick(rnd, [['sl', 0.82], ['en', 0.08], ['hr', 0.1]] as const),
        statements,
        enps_grade: clampRound(6.6 + mood * 2.6 + normal(rnd) * 1.2, 0, 10),
        esi_workplace_satisfaction: clampRound(esiBase + normal(rnd) * 0.9, 1, 10),
        esi_workplace_expectations: clampRound(esiBase - 0.4 + normal(rnd) * 0.9, 1, 10),
        esi_ideal_job_comparison: clampRound(esiBase - 0.9 + normal(rnd) * 1.0, 1, 10),
        demographics,
        extra: {
          'demo-r1': { value: rnd() < 0.7 + mood * 0.1 ? 0 : 1 },
          ...(rnd() < 0.85 ? { 'demo-r2': { value: clampRound(3.1 + mood * 1.2 + normal(rnd) * 0.8, 1, 5) } } : {}),
          ...(rnd() < 0.25 ? { 'demo-r3': { value: IMPROVE[Math.floor(rnd() * IMPROVE.length)] ?? IMPROVE[0] ?? '' } } : {}),
        },
        puls: {},
      };
      if (rnd() < 0.93) answers.department = department;
      // 'Koper' is a three-person site, all in production
      const location = department === 'Proizvodnja' && i < 3 ? 'Koper' : pick(rnd, LOCATIONS.filter(([n]) => n !== 'Koper'));
      if (rnd() < 0.95) answers.location = location;
      if (rnd() < 0.3) answers.praise_critique = PRAISE_CRITIQUE[Math.floor(rnd() * PRAISE_CRITIQUE.length)] ?? '';
      // production answered partly on paper and on the hall's kiosk
      const channel = department === 'Proizvodnja' ? pick(rnd, [['paper', 0.3], ['kiosk', 0.25], ['online', 0.45]] as const) : 'online';
      // The day each response was given used to be drawn here; responses keep no day now (migration 0009), but the
      // draw stays so the seeded answers (and every figure of the demo report) remain as they were.
      rnd();
      rows.push({ id: randomUUID(), channel, answers });
    }
  }
  return rows;
}

/** The departments' sizes for `total` responses: last year's 296 split as it was, another total in the same shares. */
function departmentCounts(total: number): number[] {
  const base = DEPARTMENTS.reduce((s, [, n]) => s + n, 0);
  const counts = DEPARTMENTS.map(([, n]) => Math.round((n * total) / base));
  counts[0] = (counts[0] ?? 0) + total - counts.reduce((s, n) => s + n, 0);
  return counts;
}

/** How many years before last the demo company wins its award: the year before last. */
export const DEMO_AWARD_YEARS_BEFORE = 1;

/**
 * The demo company's surveys of the years before last (ensureDemoMarket adds them): fewer responses the further back,
 * a dip two years before and a leap the year before last, so the comparative report shows a trend that is not a line
 * and the demo can show the award: the leap (some 12 ESI points, where the market's best change of a year is
 * about 6–7) wins that year's "most improved ESI" by the award's own computation, so its certificate and badge exist.
 * Last year's survey (yearsBefore 0) stays as it always was, a little below the leap.
 */
export function demoHistoryPlan(yearsBefore: number): { yearsBefore: number; moodShift: number; responses: number } {
  const moodShift = yearsBefore === DEMO_AWARD_YEARS_BEFORE ? 0.25 : yearsBefore === 2 ? -0.3 : -0.22;
  return { yearsBefore, moodShift, responses: Math.max(196, DEMO_RESULTS_RESPONSES - 27 * yearsBefore - (yearsBefore === 2 ? 4 : 0)) };
}

/** Inserts one finished IZZ survey of the demo company with its responses; returns its id. */
export async function insertDemoResultsSurvey(db: Db, owner: { companyId: number; userId: number | null }, year: number, rows: readonly DemoResponseRow[]): Promise<number> {
  const draft = demoResultsDraft(year);
  const start = draft.details.start_date ?? `${String(year)}-10-06`;
  const end = draft.details.end_date ?? `${String(year)}-10-24`;
  const stamp = `${end}T22:00:00.000Z`;
  return await db.transaction(async () => {
    const surveyId = Number(
      await db.insert(
        `INSERT INTO applications (company_id, created_by, type, state, draft, code_batch, created_at, updated_at, submitted_at, approved_at, started_at, finished_at)
         VALUES (?, ?, 'izz', 'finished', ?, 1, ?, ?, ?, ?, ?, ?)`,
        [owner.companyId, owner.userId, JSON.stringify(draft), `${String(year)}-09-15T08:00:00.000Z`, stamp, `${String(year)}-09-16T08:00:00.000Z`, `${String(year)}-09-18T08:00:00.000Z`, `${start}T07:00:00.000Z`, stamp],
      ),
    );
    for (const r of rows) {
      await db.run('INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, ?, ?, NULL)', [r.id, surveyId, r.channel, JSON.stringify(r.answers)]);
    }
    // Its codes as a finished survey has them (so the status board agrees with them): one per planned
    // respondent, as many used as responses came through each (a kiosk answers with an online code), the rest revoked
    // at the finish. No code says which response it gave.
    const paper = rows.filter((r) => r.channel === 'paper').length;
    const plan = [
      { channel: 'online' as const, count: draft.details.online_respondents ?? 0, used: rows.length - paper },
      { channel: 'paper' as const, count: draft.details.offline_respondents ?? 0, used: paper },
    ];
    for (const { channel, count, used } of plan) {
      for (let i = 0; i < Math.max(count, used); i++) {
        const code = Array.from({ length: ACCESS_CODE_LENGTH }, () => ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)]).join('');
        await db.run('INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, uses, revoked_at, created_at) VALUES (?, ?, ?, 1, 1, ?, ?, ?) ON CONFLICT (code) DO NOTHING', [
          surveyId,
          code,
          channel,
          i < used ? 1 : 0,
          i < used ? null : stamp,
          `${String(year)}-09-18T08:00:00.000Z`,
        ]);
      }
    }
    return surveyId;
  });
}

/** Adds the finished survey of last year with its responses; false when it exists already (or no demo company). */
export async function ensureDemoFinishedSurvey(db: Db, options: DemoResultsOptions): Promise<boolean> {
  const user = await db.get<{ id: number; company_id: number | null }>("SELECT id, company_id FROM users WHERE email = 'demo@example.com'");
  if (!user || user.company_id === null) return false;
  if (await db.get("SELECT 1 AS x FROM applications WHERE company_id = ? AND type = 'izz' AND state = 'finished'", [user.company_id])) return false;

  const nowDate = options.now ?? new Date();
  const year = Number(zonedToday(nowDate, options.timeZone).slice(0, 4)) - 1;
  await insertDemoResultsSurvey(db, { companyId: user.company_id, userId: user.id }, year, demoResultsResponses({ yearsBefore: 0, moodShift: 0, responses: DEMO_RESULTS_RESPONSES }));
  return true;
}
