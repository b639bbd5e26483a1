/**
 * The Best Employer award's computation (product-decisions.md "Best Employer award"), pure: no I/O, no clock.
 * The rules' numbers come from shared/award.ts, which the public award-conditions page states as well.
 *
 * - A survey belongs to the year it finished in (the platform's zone), a running one to the year it started in.
 * - Eligible: an IZZ survey, the company's first IZZ survey of the year (by start, then id), at least 20 employees
 *   (the survey's population), finished by 30 November, occupancy at least the threshold of its size — compared on
 *   integers (responses × 100 ≥ threshold × employees), so "exactly 85 %" passes and 84.99 % does not — and not excluded
 *   by the administrator.
 * - Ranking in each size class by ESI, then eNPS, then occupancy, each as the report prints it (one decimal): what
 *   a company reads in its report explains its place. A remaining tie shares the place, and the next place is skipped
 *   (1, 1, 3: standard competition ranking); places 1–3 are awarded.
 * - Special categories across all sizes, each with its own figure first and then the class chain: highest eNPS
 *   (then ESI, occupancy), most improved ESI against the company's eligible survey of the previous year (only a
 *   positive change; then ESI, eNPS), highest occupancy (then ESI, eNPS). The first place wins; a tie shares it.
 */
import {
  AWARD_FINISH_BY,
  AWARD_MIN_EMPLOYEES,
  AWARD_PLACES,
  occupancyThreshold,
  sizeClassOf,
  type AwardRule,
  type AwardSizeClass,
  type AwardSpecialCategory,
} from '../../../shared/award.js';
import { roundedRatio, roundHalfAwayFromZero } from '../../../shared/rounding.js';
import type { AwardCheck, AwardEntry, AwardWon } from '../../../shared/schemas/award.js';

/** One IZZ survey of a company that belongs to the year, with its whole-survey figures (from its reporting base). */
export interface AwardCandidate {
  surveyId: number;
  companyId: number;
  companyName: string;
  surveyName: string;
  type: 'izz' | 'puls';
  /** ISO instants. */
  startedAt: string | null;
  finishedAt: string | null;
  /** The finish day in the platform's zone (YYYY-MM-DD), null while it runs. */
  finishedOn: string | null;
  employees: number | null;
  responses: number;
  esi: number | null;
  enps: number | null;
  excluded: { reason: string; at: string } | null;
  withdrawnName: boolean;
  showFigures: boolean;
}

/** One decimal, half away from zero: as the report prints it (shared/rounding.ts). */
const round1 = (v: number) => roundHalfAwayFromZero(v, 1);

/** responses ÷ employees in %, one decimal (half away from zero on the exact ratio, shared/rounding.ts). */
export function occupancyOf(responses: number, employees: number | null): number | null {
  if (employees === null || employees <= 0) return null;
  return roundedRatio(100 * responses, employees, 1);
}

/**
 * The response rate the occupancy rule compared, as the award's pages and mails write it: one decimal, or as many more
 * as it takes for a rate below the threshold to read below it (50.99 % against "needs 51 %", never "51.0 %"). A rate
 * that passes never needs more: rounding cannot take it below the whole threshold. The rule itself stays the exact
 * integer comparison (checksOf); rounding is the product's one rule (shared/rounding.ts, half away from zero).
 */
export function comparedOccupancy(responses: number, employees: number | null, threshold: number): { value: number; decimals: number } | null {
  if (employees === null || employees <= 0) return null;
  const passed = responses * 100 >= threshold * employees;
  // The gap below the threshold is at least 1/employees of a percent, so a few decimals always show it.
  for (let decimals = 1; ; decimals++) {
    const value = roundedRatio(100 * responses, employees, decimals)!;
    if (passed || value < threshold || decimals >= 12) return { value, decimals };
  }
}

/**
 * The checks of a stored entry with the occupancy check's figure as the rule compared it (comparedOccupancy): results
 * published before the check carried its decimals show the compared figure too (from the entry's own responses and
 * employees, with the threshold the check stored).
 */
export function withComparedFigures(entry: AwardEntry): AwardEntry {
  return {
    ...entry,
    checks: entry.checks.map((c) => {
      if (c.rule !== 'occupancy' || typeof c.required !== 'number') return c;
      const compared = comparedOccupancy(entry.responses, entry.employees, c.required);
      return compared ? { ...c, actual: compared.value, decimals: compared.decimals } : c;
    }),
  };
}

/** The deadline of a year: 'YYYY-11-30'. */
export function finishDeadline(year: number): string {
  return `${String(year)}-${String(AWARD_FINISH_BY.month).padStart(2, '0')}-${String(AWARD_FINISH_BY.day).padStart(2, '0')}`;
}

/** The eligibility checks of one candidate; `firstSurveyId` is the company's first IZZ survey of the year. */
export function checksOf(c: AwardCandidate, year: number, firstSurveyId: number): AwardCheck[] {
  const deadline = finishDeadline(year);
  const employees = c.employees;
  const threshold = employees !== null && employees >= AWARD_MIN_EMPLOYEES ? occupancyThreshold(employees) : occupancyThreshold(AWARD_MIN_EMPLOYEES);
  const check = (rule: AwardRule, passed: boolean, actual: number | string | null, required: number | string | null, decimals?: number): AwardCheck => ({ rule, passed, actual, required, ...(decimals === undefined ? {} : { decimals }) });
  const compared = comparedOccupancy(c.responses, employees, threshold);
  return [
    check('izz', c.type === 'izz', c.type, 'izz'),
    check('first_of_year', c.surveyId === firstSurveyId, c.surveyId === firstSurveyId ? null : firstSurveyId, null),
    check('min_employees', employees !== null && employees >= AWARD_MIN_EMPLOYEES, employees, AWARD_MIN_EMPLOYEES),
    check('finished_by', c.finishedOn !== null && c.finishedOn <= deadline, c.finishedOn, deadline),
    check('occupancy', employees !== null && employees > 0 && c.responses * 100 >= threshold * employees, compared?.value ?? null, threshold, compared?.decimals),
  ];
}

type Key = (e: AwardEntry) => number;

/** Standard competition ranks (1, 1, 3) of `items` by the keys, all descending; equal on every key = tied. */
function competitionRanks(items: readonly AwardEntry[], keys: readonly Key[]): Map<AwardEntry, number> {
  const cmp = (a: AwardEntry, b: AwardEntry) => {
    for (const k of keys) {
      const d = k(b) - k(a);
      if (d !== 0) return d;
    }
    return 0;
  };
  const sorted = [...items].sort((a, b) => cmp(a, b) || a.company_name.localeCompare(b.company_name) || a.survey_id - b.survey_id);
  const ranks = new Map<AwardEntry, number>();
  sorted.forEach((e, i) => {
    const prev = sorted[i - 1];
    ranks.set(e, prev !== undefined && cmp(prev, e) === 0 ? ranks.get(prev)! : i + 1);
  });
  return ranks;
}

const num = (v: number | null) => (v === null ? Number.NEGATIVE_INFINITY : v);
const byEsi: Key = (e) => num(e.esi === null ? null : round1(e.esi));
const byEnps: Key = (e) => num(e.enps === null ? null : round1(e.enps));
const byOccupancy: Key = (e) => num(e.occupancy);
const byChange: Key = (e) => num(e.esi_change);

export const SPECIAL_KEYS: Record<AwardSpecialCategory, readonly Key[]> = {
  highest_enps: [byEnps, byEsi, byOccupancy],
  most_improved_esi: [byChange, byEsi, byEnps],
  highest_occupancy: [byOccupancy, byEsi, byEnps],
};

export interface ComputeOptions {
  year: number;
  candidates: readonly AwardCandidate[];
  /** ESI of each company's eligible survey of the previous year (company id → ESI). */
  previousEsi: ReadonlyMap<number, number>;
}

/** Every candidate as an entry: checks, eligibility, rank in its size class and the awards won. Sorted for display. */
export function computeAwardYear({ year, candidates, previousEsi }: ComputeOptions): AwardEntry[] {
  const first = new Map<number, AwardCandidate>();
  for (const c of candidates) {
    if (c.type !== 'izz') continue;
    const f = first.get(c.companyId);
    const startKey = (x: AwardCandidate) => x.startedAt ?? x.finishedAt ?? '';
    if (!f || startKey(c) < startKey(f) || (startKey(c) === startKey(f) && c.surveyId < f.surveyId)) first.set(c.companyId, c);
  }

  const entries: AwardEntry[] = candidates.map((c) => {
    const checks = checksOf(c, year, first.get(c.companyId)?.surveyId ?? c.surveyId);
    const eligible = checks.every((k) => k.passed) && c.excluded === null && c.esi !== null;
    const prev = previousEsi.get(c.companyId);
    return {
      company_id: c.companyId,
      company_name: c.companyName,
      survey_id: c.surveyId,
      survey_name: c.surveyName,
      finished_at: c.finishedAt,
      employees: c.employees,
      responses: c.responses,
      occupancy: occupancyOf(c.responses, c.employees),
      esi: c.esi === null ? null : round1(c.esi),
      enps: c.enps === null ? null : round1(c.enps),
      size_class: c.employees === null ? null : sizeClassOf(c.employees),
      eligible,
      checks,
      excluded: c.excluded,
      withdrawn_name: c.withdrawnName,
      show_figures: c.showFigures,
      rank: null,
      previous_esi: prev === undefined ? null : round1(prev),
      esi_change: prev === undefined || c.esi === null ? null : round1(round1(c.esi) - round1(prev)),
      awards: [],
    };
  });

  const eligible = entries.filter((e) => e.eligible);
  const byClass = new Map<AwardSizeClass, AwardEntry[]>();
  for (const e of eligible) {
    if (e.size_class === null) continue;
    byClass.set(e.size_class, [...(byClass.get(e.size_class) ?? []), e]);
  }
  for (const group of byClass.values()) {
    for (const [e, rank] of competitionRanks(group, [byEsi, byEnps, byOccupancy])) {
      e.rank = rank;
      if (rank <= AWARD_PLACES) e.awards.push({ kind: 'class', place: rank });
    }
  }
  for (const [category, keys] of Object.entries(SPECIAL_KEYS) as [AwardSpecialCategory, readonly Key[]][]) {
    const pool = category === 'most_improved_esi' ? eligible.filter((e) => e.esi_change !== null && e.esi_change > 0) : eligible;
    for (const [e, rank] of competitionRanks(pool, keys)) if (rank === 1) e.awards.push({ kind: category, place: 1 } satisfies AwardWon);
  }

  const classOrder = (e: AwardEntry) => (e.size_class === null ? 9 : ['small', 'medium', 'large'].indexOf(e.size_class));
  return entries.sort(
    (a, b) =>
      Number(b.eligible) - Number(a.eligible) ||
      classOrder(a) - classOrder(b) ||
      (a.rank ?? Infinity) - (b.rank ?? Infinity) ||
      a.company_name.localeCompare(b.company_name) ||
      a.survey_id - b.survey_id,
  );
}

/** The year a survey belongs to: the year of its finish day, else of its start day (both in the platform's zone). */
export function surveyYear(finishedOn: string | null, startedOn: string | null): number | null {
  const day = finishedOn ?? startedOn;
  return day === null ? null : Number(day.slice(0, 4));
}
