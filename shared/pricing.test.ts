import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_SETTINGS,
  PriceInputError,
  calculatePrice,
  formatEur,
  nextDiscountTier,
  priceSettingsSchema,
  type PriceSettings,
} from './pricing.js';

const NBSP = '\u00a0';

describe('calculatePrice with the default prices (8,00 € per employee)', () => {
  it.each([
    // employees, billed, base, discount %, discount, total
    [1, 10, 8_000, 0, 0, 8_000],
    [10, 10, 8_000, 0, 0, 8_000],
    [500, 500, 400_000, 0, 0, 400_000],
    [501, 501, 400_800, 20, 80_160, 320_640],
    [1000, 1000, 800_000, 20, 160_000, 640_000],
    [1001, 1001, 800_800, 30, 240_240, 560_560],
    [5000, 5000, 4_000_000, 30, 1_200_000, 2_800_000],
  ])('%i employees: billed %i, base %i ct, %i%% discount (%i ct), total %i ct', (employees, billed, base, percent, discount, total) => {
    const quote = calculatePrice(employees, DEFAULT_PRICE_SETTINGS);
    expect(quote).toMatchObject({
      employees,
      billed_employees: billed,
      price_per_employee_cents: 800,
      base_cents: base,
      discount_percent: percent,
      discount_cents: discount,
      total_cents: total,
    });
    expect(quote.total_cents).toBe(quote.base_cents - quote.discount_cents);
  });

  it('1 employee is billed as the minimum of 10 (80,00 €)', () => {
    const quote = calculatePrice(1, DEFAULT_PRICE_SETTINGS);
    expect(quote.billed_employees).toBe(10);
    expect(formatEur(quote.total_cents)).toBe(`80,00${NBSP}€`);
  });

  it('only the larger discount applies (30%, not 20% + 30%)', () => {
    expect(calculatePrice(1001).discount_percent).toBe(30);
    expect(calculatePrice(5000).discount_percent).toBe(30);
  });

  it('shows both possible refunds after the survey as 10% of the total each', () => {
    const quote = calculatePrice(1001);
    expect(quote.refunds).toEqual([
      { kind: 'completion', percent: 10, cents: 56_056 },
      { kind: 'returning', percent: 10, cents: 56_056 },
    ]);
    expect(quote.max_refund_cents).toBe(112_112);
    expect(formatEur(quote.total_cents)).toBe(`5.605,60${NBSP}€`);
  });

  it('refuses 5001 employees, 0, negatives and fractions with a clear error', () => {
    expect(() => calculatePrice(5001)).toThrow(PriceInputError);
    expect(() => calculatePrice(5001)).toThrow('The number of employees must be at most 5000 (got 5001).');
    expect(() => calculatePrice(0)).toThrow('must be at least 1');
    expect(() => calculatePrice(-3)).toThrow('must be at least 1');
    expect(() => calculatePrice(12.5)).toThrow('must be a whole number');
    expect(() => calculatePrice(Number.NaN)).toThrow(PriceInputError);
    try {
      calculatePrice(6000);
    } catch (error) {
      expect(error).toBeInstanceOf(PriceInputError);
      expect((error as PriceInputError).reason).toBe('above-maximum');
      expect((error as PriceInputError).max).toBe(5000);
    }
  });

  it('computes in integer cents (no float drift with prices like 0,10 € or 8,15 €)', () => {
    const dimes: PriceSettings = { ...DEFAULT_PRICE_SETTINGS, price_per_employee_eur: 0.1, min_employees: 1 };
    expect(calculatePrice(3, dimes).total_cents).toBe(30); // 3 * 0.1 = 0.30000000000000004 in floats
    const odd: PriceSettings = { ...DEFAULT_PRICE_SETTINGS, price_per_employee_eur: 8.15 };
    const quote = calculatePrice(777, odd);
    expect(quote.base_cents).toBe(633_255);
    expect(quote.discount_cents).toBe(126_651);
    expect(quote.total_cents).toBe(506_604);
    for (const q of [quote, calculatePrice(4999, odd)]) {
      for (const n of [q.base_cents, q.discount_cents, q.total_cents, q.max_refund_cents, ...q.refunds.map((r) => r.cents)]) expect(Number.isInteger(n)).toBe(true);
    }
  });

  it('rounds half a cent up', () => {
    // 8,15 € × 503 = 4.099,45 €; 20% = 819,89 €; total 3.279,56 €; 10% = 327,956 -> 327,96 €
    const quote = calculatePrice(503, { ...DEFAULT_PRICE_SETTINGS, price_per_employee_eur: 8.15 });
    expect(quote.discount_cents).toBe(81_989);
    expect(quote.refunds[0]?.cents).toBe(32_796);
  });

  it('uses administrator-edited prices, tiers in any order, and leaves out refunds of 0%', () => {
    const settings: PriceSettings = {
      price_per_employee_eur: 10,
      min_employees: 20,
      max_employees: 2000,
      discount_tiers: [
        { above: 1000, percent: 25 },
        { above: 100, percent: 5 },
      ],
      refund_completion_percent: 0,
      refund_completion_threshold: 80,
      refund_returning_percent: 15,
    };
    expect(calculatePrice(5, settings)).toMatchObject({ billed_employees: 20, base_cents: 20_000, discount_percent: 0 });
    expect(calculatePrice(101, settings)).toMatchObject({ discount_percent: 5, total_cents: 95_950 });
    expect(calculatePrice(1001, settings)).toMatchObject({ discount_percent: 25, refunds: [{ kind: 'returning', percent: 15 }] });
    expect(() => calculatePrice(2001, settings)).toThrow('at most 2000');
  });
});

describe('nextDiscountTier', () => {
  it('names the next larger discount and where it starts', () => {
    expect(nextDiscountTier(1)).toEqual({ above: 500, percent: 20, from_employees: 501 });
    expect(nextDiscountTier(500)).toEqual({ above: 500, percent: 20, from_employees: 501 });
    expect(nextDiscountTier(501)).toEqual({ above: 1000, percent: 30, from_employees: 1001 });
    expect(nextDiscountTier(1000)).toEqual({ above: 1000, percent: 30, from_employees: 1001 });
    expect(nextDiscountTier(1001)).toBeNull();
    expect(nextDiscountTier(5000)).toBeNull();
  });
});

describe('formatEur (de-DE, two decimals, whatever the UI language)', () => {
  it.each([
    [123_450, `1.234,50${NBSP}€`],
    [0, `0,00${NBSP}€`],
    [4_000_000, `40.000,00${NBSP}€`],
    [800, `8,00${NBSP}€`],
    [5, `0,05${NBSP}€`],
    [280_000_000, `2.800.000,00${NBSP}€`],
  ])('%i cents -> %s', (cents, text) => {
    expect(formatEur(cents)).toBe(text);
  });

  it('puts a no-break space (U+00A0) before €, so the sign never wraps away', () => {
    expect(formatEur(123_450).replace(NBSP, ' ')).toBe('1.234,50 €');
    expect(formatEur(123_450)).not.toContain(' ');
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatEur(12.5)).toThrow(RangeError);
  });
});

describe('priceSettingsSchema', () => {
  it('accepts the defaults', () => {
    expect(priceSettingsSchema.parse(DEFAULT_PRICE_SETTINGS)).toEqual(DEFAULT_PRICE_SETTINGS);
    expect(DEFAULT_PRICE_SETTINGS).toMatchObject({ price_per_employee_eur: 8, min_employees: 10, max_employees: 5000 });
  });

  it.each([
    ['more than two decimals', { price_per_employee_eur: 8.555 }, 'price_per_employee_eur'],
    ['a price of 0', { price_per_employee_eur: 0 }, 'price_per_employee_eur'],
    ['a maximum above 5000', { max_employees: 5001 }, 'max_employees'],
    ['a minimum above the maximum', { min_employees: 600, max_employees: 500 }, 'min_employees'],
    ['a fractional minimum', { min_employees: 10.5 }, 'min_employees'],
    ['a percentage above 100', { refund_returning_percent: 101 }, 'refund_returning_percent'],
    ['two tiers at the same size', { discount_tiers: [{ above: 500, percent: 20 }, { above: 500, percent: 30 }] }, 'discount_tiers.1.above'],
    ['an unknown field', { currency: 'USD' }, ''],
  ])('refuses %s', (_name, patch, path) => {
    const result = priceSettingsSchema.safeParse({ ...DEFAULT_PRICE_SETTINGS, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('accepts cents such as 8,15 € and 0,07 €', () => {
    for (const price of [8.15, 0.07, 12.3]) expect(priceSettingsSchema.safeParse({ ...DEFAULT_PRICE_SETTINGS, price_per_employee_eur: price }).success).toBe(true);
  });
});
