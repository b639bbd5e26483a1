/**
 * The Best Employer award's rules (product-decisions.md "Best Employer award", spec sections 1 and 9), as data:
 * the server's computation (server/modules/award/award.rules.ts) and the public award-conditions page read the
 * same constants, so the page can never state a rule the computation does not apply.
 */

/** Fewest employees (the survey's population) an eligible survey may have. */
export const AWARD_MIN_EMPLOYEES = 20;

/** A survey must be finished by this day of its year (in the platform's time zone): 30 November. */
export const AWARD_FINISH_BY = { month: 11, day: 30 } as const;

/**
 * Minimum occupancy (responses ÷ employees) by number of employees: the first row whose `maxEmployees` is at
 * least the survey's employees applies (null = no upper bound). Compared exactly: responses × 100 ≥ minPct × employees.
 */
export const AWARD_OCCUPANCY_THRESHOLDS = [
  { minEmployees: 20, maxEmployees: 50, minPct: 85 },
  { minEmployees: 51, maxEmployees: 100, minPct: 80 },
  { minEmployees: 101, maxEmployees: 200, minPct: 65 },
  { minEmployees: 201, maxEmployees: null, minPct: 51 },
] as const;

export const AWARD_SIZE_CLASSES = ['small', 'medium', 'large'] as const;
export type AwardSizeClass = (typeof AWARD_SIZE_CLASSES)[number];

/** Size classes by employees (inclusive bounds; null = no upper bound). */
export const AWARD_SIZE_CLASS_BOUNDS: Record<AwardSizeClass, { minEmployees: number; maxEmployees: number | null }> = {
  small: { minEmployees: 20, maxEmployees: 50 },
  medium: { minEmployees: 51, maxEmployees: 250 },
  large: { minEmployees: 251, maxEmployees: null },
};

/** Places awarded in each size class. */
export const AWARD_PLACES = 3;

/** The special categories, across all size classes (one winner each; a tie shares it). */
export const AWARD_SPECIAL_CATEGORIES = ['highest_enps', 'most_improved_esi', 'highest_occupancy'] as const;
export type AwardSpecialCategory = (typeof AWARD_SPECIAL_CATEGORIES)[number];

/** The eligibility rules, in the order they are checked and shown. */
export const AWARD_RULES = ['izz', 'first_of_year', 'min_employees', 'finished_by', 'occupancy'] as const;
export type AwardRule = (typeof AWARD_RULES)[number];

/** The public page shows a winner's ESI as a band this wide (e.g. 75–80) unless the company agreed to its figures. */
export const AWARD_ESI_BAND_WIDTH = 5;

export function occupancyThreshold(employees: number): number {
  for (const row of AWARD_OCCUPANCY_THRESHOLDS) {
    if (row.maxEmployees === null || employees <= row.maxEmployees) return row.minPct;
  }
  return AWARD_OCCUPANCY_THRESHOLDS[AWARD_OCCUPANCY_THRESHOLDS.length - 1]!.minPct;
}

export function sizeClassOf(employees: number): AwardSizeClass | null {
  for (const id of AWARD_SIZE_CLASSES) {
    const b = AWARD_SIZE_CLASS_BOUNDS[id];
    if (employees >= b.minEmployees && (b.maxEmployees === null || employees <= b.maxEmployees)) return id;
  }
  return null;
}

/** The ESI band [from, to) a value falls in: 77.4 → { from: 75, to: 80 }. */
export function esiBand(esi: number): { from: number; to: number } {
  const from = Math.min(100 - AWARD_ESI_BAND_WIDTH, Math.max(0, Math.floor(esi / AWARD_ESI_BAND_WIDTH) * AWARD_ESI_BAND_WIDTH));
  return { from, to: from + AWARD_ESI_BAND_WIDTH };
}
