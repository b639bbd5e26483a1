/**
 * The award's rules (shared/award.ts) as the pages state them: the occupancy row a survey falls in, the
 * last day a year's survey may finish, and employee bounds as the options of a text ("20–50 employees",
 * "251 employees or more"). The numbers always come from the constants, never from the locale files.
 */
import { AWARD_ESI_BAND_WIDTH, AWARD_FINISH_BY, AWARD_OCCUPANCY_THRESHOLDS, esiBand } from '../../shared/award';
import { formatDayMonth } from '../../shared/format';
import type { UiLocale } from '../../shared/locales';

export interface EmployeeBounds {
  minEmployees: number;
  maxEmployees: number | null;
}

/**
 * The i18next options of a bounds text: `closed` reads "{{from}}–{{count}} employees" (count = the upper bound,
 * which picks the plural form of the noun that follows it), `open` reads "{{count}} employees or more".
 */
export function boundsText(bounds: EmployeeBounds): { open: false; from: number; count: number } | { open: true; count: number } {
  return bounds.maxEmployees === null
    ? { open: true, count: bounds.minEmployees }
    : { open: false, from: bounds.minEmployees, count: bounds.maxEmployees };
}

/** The text key of a place: the first three have their own words ("1st place", "1re place"), any other reads "Place {{place}}". */
export function placeKey(place: number): '1' | '2' | '3' | 'other' {
  return place === 1 || place === 2 || place === 3 ? (String(place) as '1' | '2' | '3') : 'other';
}

/** The row of the occupancy table that applies to a survey of `employees` (the first whose upper bound reaches it). */
export function occupancyRow(employees: number): (typeof AWARD_OCCUPANCY_THRESHOLDS)[number] {
  return (
    AWARD_OCCUPANCY_THRESHOLDS.find((row) => row.maxEmployees === null || employees <= row.maxEmployees) ??
    AWARD_OCCUPANCY_THRESHOLDS[AWARD_OCCUPANCY_THRESHOLDS.length - 1]!
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day a survey of `year` may finish to take part, as a calendar date: 2025 -> '2025-11-30'. */
export function finishByDate(year: number): string {
  return `${String(year)}-${pad(AWARD_FINISH_BY.month)}-${pad(AWARD_FINISH_BY.day)}`;
}

/** The yearly finish day without a year, as the locale writes it (shared/format.ts): '30 November' (en), '30 ноември' (mk). */
export function finishByDay(locale: UiLocale): string {
  return formatDayMonth(AWARD_FINISH_BY.month, AWARD_FINISH_BY.day, locale);
}

/** An example of the ESI band the public page shows instead of the figures ("such as 75–80"), as wide as the real ones. */
export function esiBandExample(): { from: number; to: number } {
  return esiBand(75 + AWARD_ESI_BAND_WIDTH / 2);
}
