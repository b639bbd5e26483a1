/**
 * The demo market: fictional companies of the five markets with finished IZZ surveys of the past years, so a new
 * installation has Best Employer years to compute and publish (past-winners pages 2022 onwards), a market to
 * benchmark against, and the demo company (demo@example.com) several yearly surveys for its comparative report.
 *
 * Two halves:
 * - `demoMarketCompanies(options)` / `generateDemoMarket(options)`: a pure, deterministic generator (a seeded PRNG
 *   per company): the same options give the same companies, drafts and answers. Plain data, one company at a time
 *   (a generator function), so a benchmark can stream a market of thousands of companies without holding it.
 * - `insertDemoMarket(db, market)` and `ensureDemoMarket(db, options)`: the rows, in one transaction; ensureDemoMarket
 *   runs once per database (settings key `demo_market`) and also gives the demo company its surveys of the years
 *   before last (seed-demo-results.ts draws them; last year's survey is left exactly as it is).
 *
 * The market exercises the award rules (shared/award.ts): most surveys are eligible, but every year some are not,
 * one kind each: a response rate below the threshold of its size (`occupancy`), fewer than 20 employees
 * (`min_employees`), finished on 1 or 2 December (`finished_by`), and a company's second IZZ survey of the year
 * (`first_of_year`; its first, in spring, counts). Every size class has at least six eligible surveys a year, and
 * manufacturing (C) and IT (J) enough companies for a benchmark group. Each company has a mood that drifts from
 * year to year (a few improve steadily, one declines), departments and categories shift it, so ESI and eNPS differ
 * between companies and over the years.
 *
 * Company, department and location names are data (what a company typed in), not UI texts.
 */
import { randomUUID } from 'node:crypto';
import { AWARD_SIZE_CLASSES, occupancyThreshold, type AwardSizeClass } from '../../shared/award.js';
import { LIMITS, type CompanySize, type Industry, type Market } from '../../shared/constants.js';
import type { QuestionLanguageCode } from '../../shared/locales.js';
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../../shared/question-banks/index.js';
import { defaultSchedule, type IzzApplicationDraft } from '../../shared/schemas/application.js';
import type { ResponseAnswers } from '../../shared/schemas/questionnaire.js';
import { escapeHtml } from '../lib/html.js';
import { seededRandom } from '../lib/seeded-random.js';
import { addDaysIso, zonedInstant, zonedToday } from '../lib/time.js';
import { createAssetsRepo } from '../modules/assets/index.js';
import { createSiteRepo, SETTING_KEYS } from '../modules/site/index.js';
import type { Db } from '../db/connection.js';
import { CATEGORY_SHIFT, demoHistoryPlan, demoResultsResponses, insertDemoResultsSurvey } from './seed-demo-results.js';

/** The first year of the demo market; it runs to the last year that is over. */
export const DEMO_MARKET_FIRST_YEAR = 2022;
export const DEMO_MARKET_COMPANIES = 36;
export const DEMO_MARKET_SEED = 20_221_001;
/** About the most responses a survey of a large company gets (at responsesScale 1; each company has its own cap up to this). */
export const DEMO_MARKET_LARGE_RESPONSES_CAP = 170;

/**
 * What a survey was made to be for the award: eligible, or the one rule (shared/award.ts AWARD_RULES) it fails. At a
 * responsesScale above 1 the populations grow, so the tiny companies' surveys are no longer below the minimum.
 */
export type DemoMarketIntent = 'eligible' | 'first_of_year' | 'min_employees' | 'finished_by' | 'occupancy';

export interface DemoMarketResponse {
  channel: 'online' | 'paper' | 'kiosk';
  answers: ResponseAnswers;
}

export interface DemoMarketSurvey {
  year: number;
  intent: DemoMarketIntent;
  draft: IzzApplicationDraft;
  /** ISO instants; finished_at is 23:59 of the end date in the platform's zone (as the finish job does it). */
  created_at: string;
  submitted_at: string;
  approved_at: string;
  started_at: string;
  finished_at: string;
  responses: DemoMarketResponse[];
}

export interface DemoMarketCompany {
  name: string;
  country: Market;
  city: string;
  industry: Industry;
  activity: string;
  /** The profile's size (the registration's bands: micro < 10, small < 50, medium < 250, large). */
  size: CompanySize;
  employees_total: number;
  structure: { male: number; female: number; other_gender: number; education_low: number; education_middle: number; education_higher: number; education_special: number };
  /** A generated logo (about half of the companies), or none. */
  logo: { initials: string; label: string; accent: string } | null;
  created_at: string;
  /** Oldest first; a company skips some years. */
  surveys: DemoMarketSurvey[];
}

export interface DemoMarketOptions {
  years: readonly number[];
  companies: number;
  seed: number;
  /**
   * Multiplies every survey's population and responses (default 1; occupancy stays, the size classes move up): a
   * benchmark makes a big market with it (2,000 companies at about 2.1 give some 200 responses a survey).
   */
  responsesScale?: number;
  /** The platform's zone, for the finish instants (default Europe/Ljubljana). */
  timeZone?: string;
}

export interface DemoMarket {
  companies: DemoMarketCompany[];
}

// ---- the market's make-up ------------------------------------------------------------------------------

/** 'big': a large company of 600+ employees that never reaches the response rate; 'micro': fewer than 20 employees. */
type Band = 'micro' | AwardSizeClass | 'big';

/** Size bands, in a pattern of 18 companies: 6 large (one of each 12 is big), 6 medium, 5 small, 1 micro. */
const BAND_PATTERN: readonly Exclude<Band, 'big'>[] = ['large', 'small', 'medium', 'large', 'medium', 'small', 'large', 'medium', 'small', 'large', 'medium', 'small', 'large', 'medium', 'small', 'large', 'medium', 'micro'];
/**
 * Industries, in a pattern of 18 (manufacturing, IT and trade most often, so they form benchmark groups), taken in the
 * order (i × 5 + 2) mod 18: the tiny company is a consultancy and the big one a retailer, so C and J keep their groups.
 */
const INDUSTRY_PATTERN: readonly Industry[] = ['C', 'J', 'G', 'C', 'K', 'G', 'J', 'C', 'M', 'Q', 'J', 'H', 'C', 'G', 'F', 'M', 'J', 'C'];
const COUNTRY_PATTERN: readonly Market[] = ['hr', 'si', 'rs', 'hr', 'ba', 'si', 'mk', 'hr', 'rs', 'si', 'ba', 'hr'];

const EMPLOYEE_BOUNDS: Record<Band, readonly [number, number]> = {
  micro: [12, 19],
  small: [21, 49],
  medium: [52, 245],
  large: [252, 285],
  big: [600, 1200],
};

type DataLanguage = 'sl' | 'hr' | 'sr' | 'bs' | 'mk';
const LANGUAGE_OF: Record<Market, DataLanguage> = { si: 'sl', hr: 'hr', rs: 'sr', ba: 'bs', mk: 'mk' };
const SURVEY_LANGUAGES: Record<Market, readonly QuestionLanguageCode[]> = { si: ['sl', 'en'], hr: ['hr', 'en'], rs: ['sr', 'en'], ba: ['bs', 'hr', 'sr'], mk: ['mk', 'en'] };
const SURVEY_NAME: Record<DataLanguage, string> = {
  sl: 'Zadovoljstvo zaposlenih',
  hr: 'Zadovoljstvo zaposlenika',
  sr: 'Zadovoljstvo zaposlenih',
  bs: 'Zadovoljstvo zaposlenika',
  mk: 'Задоволство на вработените',
};

/** Name stems (mountains, rivers, plants): 16 a market, so the 36 companies of the demo all have their own names. */
const STEMS: Record<Market, readonly string[]> = {
  si: ['Bistra', 'Lipa', 'Planika', 'Kresnik', 'Jelka', 'Sinteza', 'Zvezda', 'Pohorje', 'Kras', 'Dravit', 'Savinjka', 'Gorjanci', 'Vrba', 'Kozjak', 'Snežnik', 'Javor'],
  hr: ['Jadran', 'Velebit', 'Mosor', 'Kvarner', 'Sljeme', 'Lastavica', 'Maslina', 'Bura', 'Dubrava', 'Zora', 'Učka', 'Biokovo', 'Kornat', 'Lavanda', 'Cetina', 'Dinara'],
  rs: ['Morava', 'Avala', 'Tara', 'Rtanj', 'Kosmaj', 'Fruška', 'Zlatibor', 'Kopaonik', 'Šumadija', 'Homolje', 'Ibar', 'Timok', 'Vlasina', 'Golija', 'Palić', 'Jastrebac'],
  ba: ['Bosna', 'Una', 'Vrbas', 'Igman', 'Drina', 'Sana', 'Jahorina', 'Vranica', 'Treskavica', 'Bjelašnica', 'Prenj', 'Kozara', 'Majevica', 'Bistrica', 'Ozren', 'Vlašić'],
  mk: ['Vardar', 'Pelister', 'Šar', 'Treska', 'Babuna', 'Galičica', 'Belasica', 'Osogovo', 'Prespa', 'Jakupica', 'Kožuf', 'Pletvar', 'Lesnovo', 'Matka', 'Kokino', 'Radika'],
};

type UsedIndustry = 'C' | 'G' | 'J' | 'K' | 'M' | 'Q' | 'H' | 'F';
const INDUSTRY_WORDS: Record<DataLanguage, Record<UsedIndustry, readonly string[]>> = {
  sl: { C: ['Kovina', 'Plastika', 'Elektro', 'Strojna oprema'], G: ['Trgovina', 'Oskrba'], J: ['Informatika', 'Digital', 'Soft'], K: ['Finance', 'Zavarovanja'], M: ['Svetovanje', 'Inženiring'], Q: ['Zdravje', 'Medicina'], H: ['Logistika', 'Transport'], F: ['Gradnje'] },
  hr: { C: ['Metal', 'Plastika', 'Elektro', 'Strojogradnja'], G: ['Trgovina', 'Opskrba'], J: ['Informatika', 'Digital', 'Soft'], K: ['Financije', 'Osiguranje'], M: ['Savjetovanje', 'Inženjering'], Q: ['Poliklinika', 'Zdravlje'], H: ['Logistika', 'Prijevoz'], F: ['Gradnja'] },
  sr: { C: ['Metal', 'Plastika', 'Elektro', 'Mašinogradnja'], G: ['Trgovina', 'Promet'], J: ['Informatika', 'Digital', 'Soft'], K: ['Finansije', 'Osiguranje'], M: ['Konsalting', 'Inženjering'], Q: ['Poliklinika', 'Zdravlje'], H: ['Logistika', 'Transport'], F: ['Gradnja'] },
  bs: { C: ['Metal', 'Plastika', 'Elektro', 'Mašinogradnja'], G: ['Trgovina', 'Promet'], J: ['Informatika', 'Digital', 'Soft'], K: ['Finansije', 'Osiguranje'], M: ['Konsalting', 'Inženjering'], Q: ['Poliklinika', 'Zdravlje'], H: ['Logistika', 'Transport'], F: ['Gradnja'] },
  mk: { C: ['Metal', 'Plastika', 'Elektro', 'Mašinstvo'], G: ['Trgovija', 'Market'], J: ['Informatika', 'Digital', 'Soft'], K: ['Finansii', 'Osiguruvanje'], M: ['Konsalting', 'Inženering'], Q: ['Poliklinika', 'Zdravje'], H: ['Logistika', 'Transport'], F: ['Gradba'] },
};
const ACTIVITY: Record<DataLanguage, Record<UsedIndustry, string>> = {
  sl: { C: 'Proizvodnja', G: 'Trgovina na debelo in drobno', J: 'Razvoj programske opreme', K: 'Finančne in zavarovalniške storitve', M: 'Poslovno svetovanje in inženiring', Q: 'Zdravstvene storitve', H: 'Prevoz in skladiščenje', F: 'Gradbeništvo' },
  hr: { C: 'Proizvodnja', G: 'Trgovina na veliko i malo', J: 'Razvoj softvera', K: 'Financijske usluge i osiguranje', M: 'Poslovno savjetovanje i inženjering', Q: 'Zdravstvene usluge', H: 'Prijevoz i skladištenje', F: 'Graditeljstvo' },
  sr: { C: 'Proizvodnja', G: 'Trgovina na veliko i malo', J: 'Razvoj softvera', K: 'Finansijske usluge i osiguranje', M: 'Poslovno savetovanje i inženjering', Q: 'Zdravstvene usluge', H: 'Prevoz i skladištenje', F: 'Građevinarstvo' },
  bs: { C: 'Proizvodnja', G: 'Trgovina na veliko i malo', J: 'Razvoj softvera', K: 'Finansijske usluge i osiguranje', M: 'Poslovno savjetovanje i inženjering', Q: 'Zdravstvene usluge', H: 'Prijevoz i skladištenje', F: 'Građevinarstvo' },
  mk: { C: 'Производство', G: 'Трговија на големо и мало', J: 'Развој на софтвер', K: 'Финансиски услуги и осигурување', M: 'Деловно советување и инженеринг', Q: 'Здравствени услуги', H: 'Превоз и складирање', F: 'Градежништво' },
};
/** How an industry's people feel on average (added to each company's mood). */
const INDUSTRY_MOOD: Record<UsedIndustry, number> = { C: -0.08, G: -0.1, J: 0.12, K: 0.04, M: 0.08, Q: -0.12, H: -0.14, F: -0.06 };
/** Blue-collar industries answer partly on paper and on a kiosk. */
const ON_THE_FLOOR: ReadonlySet<Industry> = new Set<Industry>(['C', 'G', 'H', 'F']);

/** [name in the profile, name in the company's language]; the capital first. */
const CITIES: Record<Market, readonly (readonly [string, string])[]> = {
  si: ['Ljubljana', 'Maribor', 'Celje', 'Kranj', 'Koper', 'Novo mesto', 'Velenje', 'Nova Gorica', 'Murska Sobota', 'Ptuj'].map((c) => [c, c] as const),
  hr: ['Zagreb', 'Split', 'Rijeka', 'Osijek', 'Zadar', 'Varaždin', 'Pula', 'Karlovac', 'Dubrovnik', 'Slavonski Brod'].map((c) => [c, c] as const),
  rs: ['Beograd', 'Novi Sad', 'Niš', 'Kragujevac', 'Subotica', 'Čačak', 'Kraljevo', 'Zrenjanin', 'Pančevo', 'Valjevo'].map((c) => [c, c] as const),
  ba: ['Sarajevo', 'Banja Luka', 'Tuzla', 'Zenica', 'Mostar', 'Bihać', 'Brčko', 'Doboj'].map((c) => [c, c] as const),
  mk: [['Skopje', 'Скопје'], ['Bitola', 'Битола'], ['Kumanovo', 'Куманово'], ['Prilep', 'Прилеп'], ['Tetovo', 'Тетово'], ['Ohrid', 'Охрид'], ['Štip', 'Штип'], ['Veles', 'Велес'], ['Strumica', 'Струмица']],
};

/** Departments: production, sales, development, logistics, finance, HR, maintenance, purchasing, customer service, quality. */
const DEPARTMENT_NAMES: Record<DataLanguage, readonly string[]> = {
  sl: ['Proizvodnja', 'Prodaja', 'Razvoj', 'Logistika', 'Finance in računovodstvo', 'Kadrovska služba', 'Vzdrževanje', 'Nabava', 'Služba za stranke', 'Kakovost'],
  hr: ['Proizvodnja', 'Prodaja', 'Razvoj', 'Logistika', 'Financije i računovodstvo', 'Ljudski potencijali', 'Održavanje', 'Nabava', 'Služba za korisnike', 'Kvaliteta'],
  sr: ['Proizvodnja', 'Prodaja', 'Razvoj', 'Logistika', 'Finansije i računovodstvo', 'Ljudski resursi', 'Održavanje', 'Nabavka', 'Služba za korisnike', 'Kvalitet'],
  bs: ['Proizvodnja', 'Prodaja', 'Razvoj', 'Logistika', 'Finansije i računovodstvo', 'Ljudski resursi', 'Održavanje', 'Nabavka', 'Služba za korisnike', 'Kvalitet'],
  mk: ['Производство', 'Продажба', 'Развој', 'Логистика', 'Финансии и сметководство', 'Човечки ресурси', 'Одржување', 'Набавки', 'Грижа за корисници', 'Квалитет'],
};
/** Which departments an industry has, most important first (indexes into DEPARTMENT_NAMES). */
const INDUSTRY_DEPARTMENTS: Record<UsedIndustry, readonly number[]> = {
  C: [0, 3, 1, 6, 9, 4, 7, 5],
  F: [0, 1, 7, 4, 6, 5],
  G: [1, 3, 8, 7, 4, 5],
  H: [3, 6, 8, 1, 4, 5],
  J: [2, 1, 8, 4, 5],
  K: [1, 8, 4, 2, 5],
  M: [2, 1, 4, 5],
  Q: [8, 4, 7, 5],
};
const LOGO_ACCENTS = ['#0f766e', '#1d4ed8', '#b45309', '#7c3aed', '#be123c', '#15803d', '#0369a1', '#a16207'] as const;

/** A demographic question's options with their weights. */
type Weighted = readonly (readonly [string, number])[];
const GENDER_BY_KIND: Record<'floor' | 'office' | 'care', Weighted> = {
  floor: [['male', 0.66], ['female', 0.3], ['other', 0.01], ['prefer_not_to_say', 0.03]],
  office: [['male', 0.5], ['female', 0.46], ['other', 0.01], ['prefer_not_to_say', 0.03]],
  care: [['male', 0.22], ['female', 0.74], ['other', 0.01], ['prefer_not_to_say', 0.03]],
};
const AGE: Weighted = [['up_to_25', 0.11], ['26_35', 0.29], ['36_45', 0.29], ['46_55', 0.21], ['56_plus', 0.1]];
const TENURE: Weighted = [['under_1', 0.12], ['1_3', 0.26], ['4_10', 0.34], ['over_10', 0.28]];
const EDUCATION_BY_KIND: Record<'floor' | 'office' | 'care', Weighted> = {
  floor: [['low', 0.22], ['middle', 0.58], ['higher', 0.17], ['special', 0.03]],
  office: [['low', 0.02], ['middle', 0.24], ['higher', 0.6], ['special', 0.14]],
  care: [['low', 0.05], ['middle', 0.45], ['higher', 0.4], ['special', 0.1]],
};
const POSITION: Weighted = [['employee', 0.79], ['team_leader', 0.13], ['middle_management', 0.06], ['senior_management', 0.02]];
const DEMOGRAPHICS_BY_BAND: Record<Band, readonly string[]> = {
  micro: ['gender'],
  small: ['gender', 'age_group', 'tenure'],
  medium: ['gender', 'age_group', 'tenure', 'education'],
  large: ['gender', 'age_group', 'tenure', 'education', 'position_level'],
  big: ['gender', 'age_group', 'tenure', 'education', 'position_level'],
};

// ---- small helpers ---------------------------------------------------------------------------------------

/** A 32-bit mix of two numbers, for independent per-company and per-year PRNG seeds. */
function mix(a: number, b: number): number {
  let h = Math.imul((a ^ 0x5bd1e995) >>> 0, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 13)) >>> 0;
}

/**
 * Normal draws, near enough for answers on a 4-point scale: the sum of four uniforms (Irwin–Hall), scaled to a unit
 * variance. Several times cheaper than Box–Muller's logarithm and cosine, which the 74 statements of each of a big
 * market's millions of responses would pay.
 */
function gaussian(rnd: () => number): () => number {
  return () => (rnd() + rnd() + rnd() + rnd() - 2) * 1.7320508075688772;
}

interface Choice {
  values: readonly string[];
  /** Cumulative weights; the last is the total. */
  cum: Float64Array;
}
function choice(weighted: Weighted): Choice {
  const cum = new Float64Array(weighted.length);
  let total = 0;
  weighted.forEach(([, w], i) => {
    total += w;
    cum[i] = total;
  });
  return { values: weighted.map(([v]) => v), cum };
}
function pickIndex(rnd: () => number, cum: Float64Array): number {
  const r = rnd() * (cum[cum.length - 1] ?? 0);
  for (let i = 0; i < cum.length; i++) if (r < (cum[i] ?? 0)) return i;
  return cum.length - 1;
}
function pickValue(rnd: () => number, c: Choice): string {
  return c.values[pickIndex(rnd, c.cum)] ?? c.values[0] ?? '';
}
const between = (rnd: () => number, min: number, max: number): number => min + Math.floor(rnd() * (max - min + 1));
const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The registration's size bands (shared/i18n account.json sizes). */
export function profileSizeOf(employees: number): CompanySize {
  if (employees < 10) return 'micro';
  if (employees < 50) return 'small';
  if (employees < 250) return 'medium';
  return 'large';
}

// ---- the plan: who each company is, who runs which year, and the special cases of each year -------------

interface Slot {
  band: Band;
  industry: UsedIndustry;
  country: Market;
  /** The company's place among those of its band (participation) and of its market (its name). */
  bandOrdinal: number;
  countryOrdinal: number;
}

function slots(count: number): Slot[] {
  const seenBand = new Map<string, number>();
  const seenCountry = new Map<string, number>();
  const out: Slot[] = [];
  for (let i = 0; i < count; i++) {
    const base = BAND_PATTERN[i % BAND_PATTERN.length] ?? 'medium';
    const bandOrdinal = seenBand.get(base) ?? 0;
    seenBand.set(base, bandOrdinal + 1);
    const band: Band = base === 'large' && bandOrdinal % 12 === 5 ? 'big' : base;
    const country = COUNTRY_PATTERN[(i * 7 + 3) % COUNTRY_PATTERN.length] ?? 'hr';
    const countryOrdinal = seenCountry.get(country) ?? 0;
    seenCountry.set(country, countryOrdinal + 1);
    const industry = (INDUSTRY_PATTERN[(i * 5 + 2) % INDUSTRY_PATTERN.length] ?? 'C') as UsedIndustry;
    out.push({ band, industry, country, bandOrdinal, countryOrdinal });
  }
  return out;
}

/** A company skips one year in six (never the same year as the others of its band); the tiny ones run every year. */
function runs(slot: Slot, year: number): boolean {
  return slot.band === 'micro' || (slot.bandOrdinal + year) % 6 !== 0;
}

type YearRole = 'occupancy' | 'finished_by' | 'first_of_year';

/**
 * The year's special cases among the companies that run it (micro and big ones have theirs every year): in each size
 * class about one in ten with a low response rate, and a few finished in December and a few with two surveys, each
 * kind in another class (rotating by year), so every class keeps most of its surveys eligible.
 */
function yearRoles(plan: readonly Slot[], year: number, seed: number): Map<number, YearRole> {
  const rnd = seededRandom(mix(seed, year));
  const byClass: Record<AwardSizeClass, number[]> = { small: [], medium: [], large: [] };
  plan.forEach((slot, i) => {
    if (slot.band !== 'micro' && slot.band !== 'big' && runs(slot, year)) byClass[slot.band].push(i);
  });
  const roles = new Map<number, YearRole>();
  const take = (pool: readonly number[], role: YearRole) => {
    const free = pool.filter((i) => !roles.has(i));
    const i = free[Math.floor(rnd() * free.length)];
    if (i !== undefined) roles.set(i, role);
  };
  for (const cls of AWARD_SIZE_CLASSES) {
    const k = Math.max(1, Math.round(byClass[cls].length * 0.1));
    for (let j = 0; j < k; j++) take(byClass[cls], 'occupancy');
  }
  const total = AWARD_SIZE_CLASSES.reduce((s, cls) => s + byClass[cls].length, 0);
  const classAt = (j: number): AwardSizeClass => AWARD_SIZE_CLASSES[(year + j) % AWARD_SIZE_CLASSES.length] ?? 'medium';
  const late = Math.max(2, Math.round(total * 0.06));
  for (let j = 0; j < late; j++) take(byClass[classAt(j)], 'finished_by');
  const doubled = Math.max(1, Math.round(total * 0.03));
  for (let j = 0; j < doubled; j++) take(byClass[classAt(late + j)], 'first_of_year');
  return roles;
}

// ---- one company ------------------------------------------------------------------------------------------

interface StatementShift {
  id: string;
  shift: number;
}

interface CompanyContext {
  rnd: () => number;
  gauss: () => number;
  languages: readonly QuestionLanguageCode[];
  languageCum: Float64Array;
  departments: readonly string[];
  departmentCum: Float64Array;
  departmentShift: Float64Array;
  locations: readonly string[];
  locationCum: Float64Array;
  statementShifts: readonly StatementShift[];
  demographics: readonly (readonly [string, Choice])[];
  channelCum: Float64Array;
}

const CHANNELS = ['online', 'paper', 'kiosk'] as const;

/**
 * Every statement id, for copying: an object that gets its 74 keys one by one (obj[id] = v) turns into a slow
 * dictionary in V8, while a copy of one with all the keys (JSON.parse makes it with fast properties) stays fast
 * when only its values change; it makes generating a response about twice as fast.
 */
const STATEMENTS_TEMPLATE = JSON.parse(JSON.stringify(Object.fromEntries(STATEMENTS.map((s) => [s.id, 1])))) as Record<string, 1 | 2 | 3 | 4>;

/** `count` responses of one survey at the company's mood of that year. */
function responsesOf(ctx: CompanyContext, count: number, mood: number): DemoMarketResponse[] {
  const { rnd, gauss } = ctx;
  const out: DemoMarketResponse[] = new Array<DemoMarketResponse>(count);
  for (let r = 0; r < count; r++) {
    const d = pickIndex(rnd, ctx.departmentCum);
    const m = mood + (ctx.departmentShift[d] ?? 0) + gauss() * 0.5;
    const base = 2.78 + m;
    const statements = { ...STATEMENTS_TEMPLATE };
    for (const s of ctx.statementShifts) {
      const v = base + s.shift + gauss() * 0.55;
      statements[s.id] = v < 1.5 ? 1 : v < 2.5 ? 2 : v < 3.5 ? 3 : 4;
    }
    const esi = 6.3 + m * 2.2;
    const demographics: Record<string, string> = {};
    for (const [id, c] of ctx.demographics) if (rnd() > 0.06) demographics[id] = pickValue(rnd, c);
    const answers: ResponseAnswers = {
      language: ctx.languages[pickIndex(rnd, ctx.languageCum)] ?? 'en',
      statements,
      enps_grade: clamp(Math.round(6.7 + m * 2.6 + gauss() * 1.2), 0, 10),
      esi_workplace_satisfaction: clamp(Math.round(esi + gauss() * 0.9), 1, 10),
      esi_workplace_expectations: clamp(Math.round(esi - 0.4 + gauss() * 0.9), 1, 10),
      esi_ideal_job_comparison: clamp(Math.round(esi - 0.9 + gauss()), 1, 10),
      demographics,
      extra: {},
      puls: {},
    };
    if (rnd() < 0.95) answers.department = ctx.departments[d];
    if (ctx.locations.length > 0 && rnd() < 0.95) answers.location = ctx.locations[pickIndex(rnd, ctx.locationCum)];
    out[r] = { channel: CHANNELS[pickIndex(rnd, ctx.channelCum)] ?? 'online', answers };
  }
  return out;
}

function companyName(slot: Slot, rnd: () => number, city: string, band: Band): string {
  const stems = STEMS[slot.country];
  const stem = stems[(slot.countryOrdinal * 7) % stems.length] ?? 'Nova';
  const words = INDUSTRY_WORDS[LANGUAGE_OF[slot.country]][slot.industry];
  const word = words[Math.floor(rnd() * words.length)] ?? '';
  const round = Math.floor(slot.countryOrdinal / stems.length);
  // Past the stems: the city, then a number, keep the names apart in a big market.
  const core = `${stem} ${word}${round > 0 ? ` ${city}` : ''}${round > CITIES[slot.country].length ? ` ${String(round)}` : ''}`;
  const joint = (band === 'large' || band === 'big') && rnd() < 0.35;
  switch (slot.country) {
    case 'rs':
      return `${core} ${joint ? 'a.d.' : 'doo'}`;
    case 'mk':
      return `${core} ${joint ? 'AD' : band === 'micro' || band === 'small' ? 'DOOEL' : 'DOO'} ${city}`;
    default:
      return `${core} ${joint ? 'd.d.' : 'd.o.o.'}`;
  }
}

/** zonedInstant asks Intl twice a call: the few dates of a market are converted once. */
function instantMemo(timeZone: string): (date: string, time: string) => string {
  const memo = new Map<string, string>();
  return (date, time) => {
    const key = `${date} ${time}`;
    let iso = memo.get(key);
    if (iso === undefined) {
      iso = zonedInstant(date, time, timeZone).toISOString();
      memo.set(key, iso);
    }
    return iso;
  };
}

function surveyDates(rnd: () => number, year: number, kind: 'october' | 'december' | 'spring', late: number): { start: string; end: string } {
  const y = String(year);
  if (kind === 'spring') {
    const start = `${y}-04-${pad2(between(rnd, 6, 15))}`;
    return { start, end: addDaysIso(start, 14) };
  }
  if (kind === 'december') return { start: `${y}-11-${pad2(between(rnd, 12, 17))}`, end: `${y}-12-0${String(1 + (late % 2))}` };
  const start = `${y}-10-${pad2(between(rnd, 1, 12))}`;
  return { start, end: addDaysIso(start, between(rnd, 10, 18)) };
}

/** What every company of one market shares. */
interface MarketContext {
  /** Oldest first. */
  years: readonly number[];
  seed: number;
  scale: number;
  roles: ReadonlyMap<number, ReadonlyMap<number, YearRole>>;
  instant: (date: string, time: string) => string;
}

/** One company with its surveys (pure: everything from the company's own PRNG). */
function makeCompany(index: number, slot: Slot, market: MarketContext): DemoMarketCompany {
  const rnd = seededRandom(mix(market.seed, index + 1));
  const gauss = gaussian(rnd);
  const lang = LANGUAGE_OF[slot.country];
  const band = slot.band;
  const cities = CITIES[slot.country];
  const hq = rnd() < 0.35 ? 0 : between(rnd, 0, cities.length - 1);
  const [city, localCity] = cities[hq] ?? ['', ''];
  const name = companyName(slot, rnd, city, band);
  const kind = slot.industry === 'Q' ? 'care' : ON_THE_FLOOR.has(slot.industry) ? 'floor' : 'office';

  // Departments, locations and the way people answer.
  const order = INDUSTRY_DEPARTMENTS[slot.industry];
  const departmentCount = Math.min(order.length, band === 'micro' ? 2 : band === 'small' ? between(rnd, 2, 3) : band === 'medium' ? between(rnd, 3, 4) : between(rnd, 4, 6));
  const departments = order.slice(0, departmentCount).map((d) => DEPARTMENT_NAMES[lang][d] ?? '');
  const departmentCum = new Float64Array(departmentCount);
  const departmentShift = new Float64Array(departmentCount);
  let acc = 0;
  for (let d = 0; d < departmentCount; d++) {
    acc += (d === 0 ? 2 : 1) * (0.5 + rnd());
    departmentCum[d] = acc;
    departmentShift[d] = gauss() * 0.18;
  }
  const locationCount = band === 'micro' || band === 'small' ? 0 : band === 'medium' ? (rnd() < 0.5 ? 0 : 2) : between(rnd, 2, 3);
  const locations: string[] = [];
  if (locationCount > 0) {
    locations.push(localCity);
    for (let k = 1; locations.length < locationCount && k < cities.length; k++) locations.push(cities[(hq + k * 3) % cities.length]?.[1] ?? '');
  }
  const locationCum = new Float64Array(locations.length);
  acc = 0;
  for (let l = 0; l < locations.length; l++) {
    acc += l === 0 ? 1.6 : 0.4 + rnd() * 0.4;
    locationCum[l] = acc;
  }
  const paper = kind === 'floor' ? 0.06 + rnd() * 0.16 : rnd() * 0.03;
  const kiosk = kind === 'floor' && rnd() < 0.6 ? 0.04 + rnd() * 0.1 : 0;
  const channelCum = new Float64Array([1 - paper - kiosk, 1 - kiosk, 1]);
  const languages = SURVEY_LANGUAGES[slot.country];
  const languageCum = new Float64Array(languages.map((_, i) => (i === 0 ? 0.9 : 0.9 + (0.1 * i) / Math.max(1, languages.length - 1))));
  const categoryOffset = new Map(IZZ_CATEGORY_IDS.map((c) => [c, gauss() * 0.12] as const));
  const statementShifts = STATEMENTS.map((s) => ({ id: s.id, shift: CATEGORY_SHIFT[s.category] * 0.8 + (categoryOffset.get(s.category) ?? 0) }));
  const demographics = DEMOGRAPHICS_BY_BAND[band].map((id) => {
    const weighted = id === 'gender' ? GENDER_BY_KIND[kind] : id === 'age_group' ? AGE : id === 'tenure' ? TENURE : id === 'education' ? EDUCATION_BY_KIND[kind] : POSITION;
    return [id, choice(weighted)] as const;
  });
  const ctx: CompanyContext = { rnd, gauss, languages, languageCum, departments, departmentCum, departmentShift, locations, locationCum, statementShifts, demographics, channelCum };

  // Size and mood over the years: a few companies improve steadily, one in eleven declines.
  const [minEmployees, maxEmployees] = EMPLOYEE_BOUNDS[band];
  const baseEmployees = band === 'medium' ? Math.round(minEmployees * Math.pow(maxEmployees / minEmployees, rnd())) : between(rnd, minEmployees, band === 'large' ? 278 : maxEmployees);
  const growth = 0.02 + gauss() * 0.03;
  const trend = index % 7 === 3 ? 0.13 : index % 11 === 6 ? -0.1 : gauss() * 0.03;
  let mood = gauss() * 0.26 + INDUSTRY_MOOD[slot.industry];
  const scale = market.scale;
  // Large companies' responses level off at 140 to 170 (never below the rate they need).
  const cap = Math.round((DEMO_MARKET_LARGE_RESPONSES_CAP - rnd() * 20) * scale);
  const years = market.years;
  const first = years[0] ?? DEMO_MARKET_FIRST_YEAR;
  const surveys: DemoMarketSurvey[] = [];
  let employees = clamp(Math.round(baseEmployees * scale), 1, LIMITS.maxEmployees);
  let ranBefore = false;

  for (const year of years) {
    mood += trend + gauss() * 0.08;
    const grown = clamp(Math.round(baseEmployees * Math.pow(1 + growth, year - first) * (1 + gauss() * 0.015)), minEmployees, maxEmployees);
    if (!runs(slot, year)) {
      ranBefore = false;
      continue;
    }
    const population = clamp(Math.round(grown * scale), 1, LIMITS.maxEmployees);
    employees = population;
    const role = market.roles.get(year)?.get(index);
    const intent: DemoMarketIntent = band === 'micro' ? 'min_employees' : band === 'big' ? 'occupancy' : (role ?? 'eligible');
    const threshold = occupancyThreshold(population);
    const needed = Math.ceil((threshold * population) / 100);
    let responses: number;
    if (band === 'big') responses = Math.round((135 + rnd() * 35) * scale);
    else if (intent === 'occupancy') responses = Math.max(5, Math.min(needed - 1, Math.round(population * (threshold / 100) * (0.6 + rnd() * 0.3))));
    else if (band === 'micro') responses = Math.round(population * (0.8 + rnd() * 0.2));
    else {
      const wanted = Math.round(population * Math.min(1, threshold / 100 + 0.02 + rnd() * 0.22));
      responses = Math.max(needed, Math.min(population, wanted, band === 'large' ? Math.round(cap * (0.92 + rnd() * 0.08)) : population));
    }
    responses = clamp(responses, 1, population);

    const spec = (dates: { start: string; end: string }, suffix: string, surveyIntent: DemoMarketIntent, count: number, surveyMood: number): DemoMarketSurvey => {
      const offline = Math.round(population * (1 - (channelCum[0] ?? 1)));
      const draft: IzzApplicationDraft = {
        details: {
          name: `${SURVEY_NAME[lang]} ${String(year)}${suffix}`,
          collection: offline > 0 ? 'combined' : 'online',
          start_date: dates.start,
          end_date: dates.end,
          employees: population,
          online_respondents: population - offline,
          offline_respondents: offline,
          code_type: band === 'micro' || band === 'small' ? 'identical' : 'different',
          ...defaultSchedule(dates.start),
          languages: [...languages],
          respondent_emails: [],
        },
        report_questions: [],
        additional_options: { report_language: languages[0], comparative_report: ranBefore, benchmark_report: rnd() < 0.4 },
        demographics: { questions: demographics.map(([id]) => id), departments: [...departments], locations: [...locations] },
        extra_questions: [],
        report_breakdowns: { priority: [] },
        step: 6,
      };
      const hour = 7 + Math.floor(rnd() * 8);
      return {
        year,
        intent: surveyIntent,
        draft,
        created_at: `${addDaysIso(dates.start, -between(rnd, 28, 40))}T${pad2(hour)}:${pad2(between(rnd, 0, 59))}:00.000Z`,
        submitted_at: `${addDaysIso(dates.start, -between(rnd, 20, 27))}T${pad2(hour + 1)}:${pad2(between(rnd, 0, 59))}:00.000Z`,
        approved_at: `${addDaysIso(dates.start, -between(rnd, 10, 19))}T${pad2(hour + 1)}:${pad2(between(rnd, 0, 59))}:00.000Z`,
        started_at: market.instant(dates.start, '09:00'),
        finished_at: market.instant(dates.end, '23:59'),
        responses: responsesOf(ctx, count, surveyMood),
      };
    };

    if (intent === 'first_of_year') {
      // A spring survey (the year's first: it counts) and the autumn one (the second: it does not).
      const spring = Math.round(population * Math.min(1, threshold / 100 + 0.05 + rnd() * 0.1));
      surveys.push(spec(surveyDates(rnd, year, 'spring', 0), ' – I', 'eligible', Math.max(needed, Math.min(population, spring, band === 'large' ? cap : population)), mood - 0.05));
      surveys.push(spec(surveyDates(rnd, year, 'october', 0), ' – II', 'first_of_year', responses, mood));
    } else {
      surveys.push(spec(surveyDates(rnd, year, intent === 'finished_by' ? 'december' : 'october', index), '', intent, responses, mood));
    }
    ranBefore = true;
  }

  // The profile: the latest population, its structure by gender and education.
  const total = employees;
  const maleShare = kind === 'floor' ? 0.62 : kind === 'care' ? 0.24 : 0.5;
  const other = total >= 200 ? 1 : 0;
  const male = clamp(Math.round(total * (maleShare + gauss() * 0.04)), 0, total - other);
  const edu = kind === 'floor' ? [0.2, 0.58, 0.18] : kind === 'care' ? [0.05, 0.45, 0.4] : [0.02, 0.26, 0.58];
  const low = Math.round(total * (edu[0] ?? 0));
  const middle = Math.round(total * (edu[1] ?? 0));
  const higher = Math.round(total * (edu[2] ?? 0));
  const stem = name.split(' ')[0] ?? name;
  const firstSurvey = surveys[0];
  return {
    name,
    country: slot.country,
    city,
    industry: slot.industry,
    activity: ACTIVITY[lang][slot.industry],
    size: profileSizeOf(total),
    employees_total: total,
    structure: {
      male,
      female: total - male - other,
      other_gender: other,
      education_low: low,
      education_middle: middle,
      education_higher: higher,
      education_special: Math.max(0, total - low - middle - higher),
    },
    logo: rnd() < 0.5 ? { initials: name.slice(0, 2).toUpperCase(), label: stem, accent: LOGO_ACCENTS[index % LOGO_ACCENTS.length] ?? '#0f766e' } : null,
    created_at: firstSurvey ? `${addDaysIso(firstSurvey.created_at.slice(0, 10), -between(rnd, 3, 30))}T08:00:00.000Z` : `${String(first)}-01-15T08:00:00.000Z`,
    surveys,
  };
}

/** The market one company at a time (for a big market that should not be held in memory at once). */
export function* demoMarketCompanies(options: DemoMarketOptions): Generator<DemoMarketCompany> {
  const plan = slots(options.companies);
  const years = [...new Set(options.years)].sort((a, b) => a - b);
  const market: MarketContext = {
    years,
    seed: options.seed,
    scale: options.responsesScale ?? 1,
    roles: new Map(years.map((year) => [year, yearRoles(plan, year, options.seed)] as const)),
    instant: instantMemo(options.timeZone ?? 'Europe/Ljubljana'),
  };
  for (const [index, slot] of plan.entries()) yield makeCompany(index, slot, market);
}

/** The whole market as plain data. Deterministic: the same options give the same market. */
export function generateDemoMarket(options: DemoMarketOptions): DemoMarket {
  return { companies: [...demoMarketCompanies(options)] };
}

// ---- into the database ------------------------------------------------------------------------------------

function logoSvg(logo: NonNullable<DemoMarketCompany['logo']>): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="232" height="80" viewBox="0 0 232 80" role="img" aria-label="${escapeHtml(logo.label)}">
  <rect x="4" y="12" width="56" height="56" rx="28" fill="${logo.accent}"/>
  <text x="32" y="47" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="#ffffff">${escapeHtml(logo.initials)}</text>
  <text x="72" y="49" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="${logo.accent}">${escapeHtml(logo.label)}</text>
</svg>
`,
    'utf8',
  );
}

/** Responses go in with multi-row INSERTs of this many rows (one round trip each on PostgreSQL). */
const RESPONSE_BATCH = 100;
const batchSql = new Map<number, string>();
function responsesInsert(rows: number): string {
  let sql = batchSql.get(rows);
  if (!sql) {
    sql = `INSERT INTO responses (id, survey_id, channel, answers, round) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, NULL)').join(', ')}`;
    batchSql.set(rows, sql);
  }
  return sql;
}

export interface DemoMarketCounts {
  companies: number;
  surveys: number;
  responses: number;
}

/**
 * Inserts the companies (no user accounts; a logo for those that have one), their finished IZZ surveys and the
 * responses, in one transaction (a savepoint inside an open one). The market may be a generator: each company is
 * written before the next is made.
 */
export async function insertDemoMarket(db: Db, market: { companies: Iterable<DemoMarketCompany> }): Promise<DemoMarketCounts> {
  const assets = createAssetsRepo(db);
  const counts: DemoMarketCounts = { companies: 0, surveys: 0, responses: 0 };
  await db.transaction(async () => {
    for (const c of market.companies) {
      const logoId = c.logo ? await assets.insert({ contentType: 'image/svg+xml', bytes: logoSvg(c.logo) }) : null;
      const last = c.surveys[c.surveys.length - 1];
      const updated = last?.finished_at ?? c.created_at;
      const companyId = await db.insert(
        `INSERT INTO companies (name, country, industry, activity, city, size, employees_total, employees_male, employees_female, employees_other_gender,
           education_low, education_middle, education_higher, education_special, logo_asset_id, verified_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [c.name, c.country, c.industry, c.activity, c.city, c.size, c.employees_total, c.structure.male, c.structure.female, c.structure.other_gender,
          c.structure.education_low, c.structure.education_middle, c.structure.education_higher, c.structure.education_special, logoId, c.created_at, c.created_at, updated],
      );
      counts.companies += 1;
      for (const s of c.surveys) {
        const surveyId = await db.insert(
          `INSERT INTO applications (company_id, created_by, type, state, draft, code_batch, created_at, updated_at, submitted_at, approved_at, started_at, finished_at)
           VALUES (?, NULL, 'izz', 'finished', ?, 1, ?, ?, ?, ?, ?, ?)`,
          [companyId, JSON.stringify(s.draft), s.created_at, s.finished_at, s.submitted_at, s.approved_at, s.started_at, s.finished_at],
        );
        counts.surveys += 1;
        for (let from = 0; from < s.responses.length; from += RESPONSE_BATCH) {
          const part = s.responses.slice(from, from + RESPONSE_BATCH);
          const params: unknown[] = [];
          for (const r of part) params.push(randomUUID(), surveyId, r.channel, JSON.stringify(r.answers));
          await db.run(responsesInsert(part.length), params);
        }
        counts.responses += s.responses.length;
      }
    }
  });
  return counts;
}

/** The years of the demo market: from DEMO_MARKET_FIRST_YEAR to the last year that is over in the platform's zone. */
export function demoMarketYears(now: Date, timeZone: string): number[] {
  const current = Number(zonedToday(now, timeZone).slice(0, 4));
  const years: number[] = [];
  for (let y = DEMO_MARKET_FIRST_YEAR; y < current; y++) years.push(y);
  return years;
}

/**
 * The demo company's surveys of the market's years before last (its last year's survey is ensureDemoFinishedSurvey's):
 * one a year, skipped where it has a finished IZZ survey of that year already. Returns how many it added.
 */
export async function insertDemoCompanyHistory(db: Db, years: readonly number[], lastYear: number): Promise<number> {
  const user = await db.get<{ id: number; company_id: number | null }>("SELECT id, company_id FROM users WHERE email = 'demo@example.com'");
  if (!user || user.company_id === null) return 0;
  let added = 0;
  for (const year of years) {
    if (year >= lastYear) continue;
    const existing = await db.get(
      "SELECT 1 AS x FROM applications WHERE company_id = ? AND type = 'izz' AND state = 'finished' AND finished_at >= ? AND finished_at < ?",
      [user.company_id, `${String(year)}-01-01`, `${String(year + 1)}-01-01`],
    );
    if (existing) continue;
    await insertDemoResultsSurvey(db, { companyId: user.company_id, userId: user.id }, year, demoResultsResponses(demoHistoryPlan(lastYear - year)));
    added += 1;
  }
  return added;
}

export interface DemoMarketEnsureOptions {
  timeZone: string;
  now?: Date;
}

/**
 * Seeds the demo market once per database (settings `demo_market`, which records the years) and gives the demo
 * company its earlier years; false when it ran before. Only the years that are over get surveys.
 */
export async function ensureDemoMarket(db: Db, options: DemoMarketEnsureOptions): Promise<boolean> {
  const site = createSiteRepo(db);
  if ((await site.getSetting(SETTING_KEYS.demoMarket)) !== undefined) return false;
  const now = options.now ?? new Date();
  const years = demoMarketYears(now, options.timeZone);
  const lastYear = Number(zonedToday(now, options.timeZone).slice(0, 4)) - 1;
  await db.transaction(async () => {
    await insertDemoMarket(db, { companies: demoMarketCompanies({ years, companies: DEMO_MARKET_COMPANIES, seed: DEMO_MARKET_SEED, timeZone: options.timeZone }) });
    await insertDemoCompanyHistory(db, years, lastYear);
    await site.setSetting(SETTING_KEYS.demoMarket, JSON.stringify({ years, seeded_at: now.toISOString() }));
  });
  return true;
}
