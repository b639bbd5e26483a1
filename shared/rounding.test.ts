import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundedRatio, roundHalfAwayFromZero } from './rounding';

describe('roundHalfAwayFromZero', () => {
  it('rounds ±x.x5 away from zero at one decimal (the benchmark’s −17.85 → −17.9)', () => {
    expect(roundHalfAwayFromZero(-17.85, 1)).toBe(-17.9);
    expect(roundHalfAwayFromZero(17.85, 1)).toBe(17.9);
    expect(roundHalfAwayFromZero(-0.05, 1)).toBe(-0.1);
    expect(roundHalfAwayFromZero(0.05, 1)).toBe(0.1);
    expect(roundHalfAwayFromZero(2.45, 1)).toBe(2.5);
    expect(roundHalfAwayFromZero(-2.45, 1)).toBe(-2.5);
    expect(roundHalfAwayFromZero(64.95, 1)).toBe(65);
    expect(roundHalfAwayFromZero(-99.95, 1)).toBe(-100);
    expect(roundHalfAwayFromZero(17.849, 1)).toBe(17.8);
    expect(roundHalfAwayFromZero(-17.849, 1)).toBe(-17.8);
  });

  it('rounds ±x.xx5 away from zero at two decimals, also where binary floating point stores a value below the half', () => {
    expect(roundHalfAwayFromZero(0.125, 2)).toBe(0.13);
    expect(roundHalfAwayFromZero(-0.125, 2)).toBe(-0.13);
    // 1.005 is 1.00499999999999989… in binary; 2.675 is 2.67499999999999982…
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01);
    expect(roundHalfAwayFromZero(-1.005, 2)).toBe(-1.01);
    expect(roundHalfAwayFromZero(2.675, 2)).toBe(2.68);
    expect(roundHalfAwayFromZero(3.335, 2)).toBe(3.34);
    expect(roundHalfAwayFromZero(-3.335, 2)).toBe(-3.34);
    expect(roundHalfAwayFromZero(2.3349, 2)).toBe(2.33);
    // A mean summed in floating point that lands just beside the half: (2.1 + 2.2 + 2.4) / 4 = 1.675 exactly.
    expect((2.1 + 2.2 + 2.4) / 4).not.toBe(1.675);
    expect(roundHalfAwayFromZero((2.1 + 2.2 + 2.4) / 4, 2)).toBe(1.68);
  });

  it('whole numbers, zero without a sign, values that need no rounding', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(-0.04, 1)).toBe(0);
    expect(Object.is(roundHalfAwayFromZero(-0.04, 1), 0)).toBe(true);
    expect(Object.is(roundHalfAwayFromZero(-0, 1), 0)).toBe(true);
    expect(roundHalfAwayFromZero(66.4, 1)).toBe(66.4);
    expect(roundHalfAwayFromZero(1e-7, 2)).toBe(0);
    expect(roundHalfAwayFromZero(Number.NaN, 1)).toBeNaN();
    expect(() => roundHalfAwayFromZero(1, 1.5)).toThrow(RangeError);
  });

  it('is symmetric, lands on the decimal grid, and is never further than half a step from the value', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.integer({ min: 0, max: 4 }), (v, d) => {
        const r = roundHalfAwayFromZero(v, d);
        expect(roundHalfAwayFromZero(-v, d)).toBe(r === 0 ? 0 : -r);
        expect(Number(r.toFixed(d))).toBe(r);
        expect(Math.abs(r - v)).toBeLessThanOrEqual(0.5 * 10 ** -d + 1e-9);
      }),
    );
  });

  it('every half-way decimal k + 0.5 steps goes away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: 1, max: 3 }), (k, d) => {
        const half = Number(`${String(k)}5e-${String(d + 1)}`);
        // k ≥ 0: k.5 steps → k + 1 steps; k < 0: −(|k|.5) steps → −(|k| + 1) steps.
        const expected = Number(`${String(k < 0 ? k - 1 : k + 1)}e-${String(d)}`);
        expect(roundHalfAwayFromZero(half, d)).toBe(expected);
      }),
    );
  });
});

describe('roundedRatio', () => {
  it('num ÷ den half away from zero; null for no denominator', () => {
    expect(roundedRatio(-357, 20, 1)).toBe(-17.9);
    expect(roundedRatio(1, 8, 2)).toBe(0.13);
    expect(roundedRatio(-1, 8, 2)).toBe(-0.13);
    expect(roundedRatio(1, -8, 2)).toBe(-0.13);
    expect(roundedRatio(5099, 100, 1)).toBe(51);
    expect(roundedRatio(1, 0, 1)).toBeNull();
  });
});
