/**
 * Prices of the IZZ survey (product-decisions.md, "Prices (calculator)"): the administrator-editable
 * settings, the one price calculation used by the calculator page and the application's review step,
 * and the EUR format. Pure: no I/O, no clock, no locale of the machine.
 *
 * Every amount is computed in integer cents, so no float drift reaches a total:
 * base = billed employees × price per employee (cents); discount = round(base × percent / 100);
 * total = base − discount; each refund = round(total × percent / 100).
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { formatNumber } from './format.js';

/** Whole percentages (0–100); discounts and refunds are never fractions of a percent. */
const percentSchema = z.number().int().min(0).max(100);

/** True when a euro amount has at most two decimals (tolerating the float error of e.g. 0.07 * 100). */
function hasCentsPrecision(eur: number): boolean {
  return Math.abs(eur * 100 - Math.round(eur * 100)) < 1e-6;
}

export const discountTierSchema = z.object({
  /** The discount applies to MORE than this many employees (501 with `above: 500`). */
  above: z.number().int().min(0).max(LIMITS.maxEmployees),
  percent: percentSchema.min(1),
});
export type DiscountTier = z.infer<typeof discountTierSchema>;

export const priceSettingsSchema = z
  .object({
    /** EUR per billed employee, at most two decimals (8 or 8.5, never 8.555). */
    price_per_employee_eur: z.number().positive().max(100_000).refine(hasCentsPrecision, { message: 'At most two decimals (cents).' }),
    /** Companies with fewer employees pay for this many. */
    min_employees: z.number().int().min(1).max(LIMITS.maxEmployees),
    /** The largest company the calculator prices (never above LIMITS.maxEmployees = 5000). */
    max_employees: z.number().int().min(1).max(LIMITS.maxEmployees),
    /** Only the largest applicable percentage is granted; `above` values must differ. */
    discount_tiers: z.array(discountTierSchema).max(10),
    /** Refund after the survey when the completion (response rate) is above the threshold. */
    refund_completion_percent: percentSchema,
    refund_completion_threshold: percentSchema,
    /** Refund after the survey for a returning client. */
    refund_returning_percent: percentSchema,
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.min_employees > s.max_employees) {
      ctx.addIssue({ code: 'custom', path: ['min_employees'], message: 'The minimum must not be above the maximum.' });
    }
    const seen = new Set<number>();
    s.discount_tiers.forEach((tier, i) => {
      if (seen.has(tier.above)) ctx.addIssue({ code: 'custom', path: ['discount_tiers', i, 'above'], message: 'Each tier needs its own number of employees.' });
      seen.add(tier.above);
    });
  });
export type PriceSettings = z.infer<typeof priceSettingsSchema>;

/** The defaults of product-decisions.md; in force until the administrator saves other prices. */
export const DEFAULT_PRICE_SETTINGS: PriceSettings = Object.freeze({
  price_per_employee_eur: 8,
  min_employees: LIMITS.minEmployeesForCalculator,
  max_employees: LIMITS.maxEmployees,
  discount_tiers: [
    { above: 500, percent: 20 },
    { above: 1000, percent: 30 },
  ],
  refund_completion_percent: 10,
  refund_completion_threshold: 75,
  refund_returning_percent: 10,
});

export type RefundKind = 'completion' | 'returning';

export interface PriceRefund {
  kind: RefundKind;
  percent: number;
  /** The refund in cents, a percentage of the total after the discount. */
  cents: number;
}

export interface PriceQuote {
  employees: number;
  /** max(employees, min_employees): the number the price is computed for. */
  billed_employees: number;
  price_per_employee_cents: number;
  base_cents: number;
  /** The largest applicable tier's percentage only (0 when none applies). */
  discount_percent: number;
  discount_cents: number;
  total_cents: number;
  /** Possible refunds after the survey, each as a share of total_cents (kinds with 0% are left out). */
  refunds: PriceRefund[];
  /** Both refunds together (they may both apply). */
  max_refund_cents: number;
}

export type PriceErrorReason = 'not-whole' | 'below-one' | 'above-maximum';

/** A number of employees the calculator refuses; `reason` says why, `max` is the configured maximum. */
export class PriceInputError extends RangeError {
  readonly reason: PriceErrorReason;
  readonly max: number;
  constructor(reason: PriceErrorReason, employees: number, max: number) {
    const why =
      reason === 'not-whole'
        ? 'must be a whole number'
        : reason === 'below-one'
          ? 'must be at least 1'
          : `must be at most ${max}`;
    super(`The number of employees ${why} (got ${employees}).`);
    this.name = 'PriceInputError';
    this.reason = reason;
    this.max = max;
  }
}

/** Why the calculator would refuse this number, or null when it prices it. */
export function priceInputProblem(employees: number, settings: PriceSettings): PriceErrorReason | null {
  if (!Number.isInteger(employees)) return 'not-whole';
  if (employees < 1) return 'below-one';
  if (employees > settings.max_employees) return 'above-maximum';
  return null;
}

export const eurToCents = (eur: number): number => Math.round(eur * 100);

/** round(cents × percent / 100), with halves rounded up; exact for integer inputs. */
const percentOf = (cents: number, percent: number): number => Math.floor((cents * percent + 50) / 100);

/** The largest discount percentage among the tiers that apply to `billed` employees (0 when none). */
function discountFor(billed: number, tiers: readonly DiscountTier[]): number {
  return tiers.reduce((best, tier) => (billed > tier.above && tier.percent > best ? tier.percent : best), 0);
}

/** The price for a number of employees. Throws PriceInputError below 1, above the maximum or for a fraction. */
export function calculatePrice(employees: number, settings: PriceSettings = DEFAULT_PRICE_SETTINGS): PriceQuote {
  const problem = priceInputProblem(employees, settings);
  if (problem) throw new PriceInputError(problem, employees, settings.max_employees);
  const billed = Math.max(employees, settings.min_employees);
  const perEmployee = eurToCents(settings.price_per_employee_eur);
  const base = billed * perEmployee;
  const discountPercent = discountFor(billed, settings.discount_tiers);
  const discount = percentOf(base, discountPercent);
  const total = base - discount;
  const refunds: PriceRefund[] = (
    [
      ['completion', settings.refund_completion_percent],
      ['returning', settings.refund_returning_percent],
    ] as const
  )
    .filter(([, percent]) => percent > 0)
    .map(([kind, percent]) => ({ kind, percent, cents: percentOf(total, percent) }));
  return {
    employees,
    billed_employees: billed,
    price_per_employee_cents: perEmployee,
    base_cents: base,
    discount_percent: discountPercent,
    discount_cents: discount,
    total_cents: total,
    refunds,
    max_refund_cents: refunds.reduce((sum, r) => sum + r.cents, 0),
  };
}

/**
 * The next tier that would raise the discount for this many employees (a hint: "from 1001
 * employees 30%"), or null when the largest discount already applies or none is configured.
 */
export function nextDiscountTier(employees: number, settings: PriceSettings = DEFAULT_PRICE_SETTINGS): (DiscountTier & { from_employees: number }) | null {
  const billed = Math.max(employees, settings.min_employees);
  const current = discountFor(billed, settings.discount_tiers);
  const next = settings.discount_tiers
    .filter((tier) => tier.above >= billed && tier.percent > current && tier.above < settings.max_employees)
    .sort((a, b) => a.above - b.above || b.percent - a.percent)[0];
  return next ? { ...next, from_employees: next.above + 1 } : null;
}

/**
 * Cents as EUR in de-DE format, whatever the UI language: 123450 -> '1.234,50 €' (shared/format.ts, not the engine's Intl).
 * The space before € is Intl's NO-BREAK SPACE (U+00A0), kept on purpose so an amount never wraps
 * away from its currency sign; tests compare the exact string with '\u00a0'.
 */
export function formatEur(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`formatEur expects whole cents (got ${cents}).`);
  return `${formatNumber(cents / 100, 'de', { decimals: 2 })}\u00a0€`;
}
