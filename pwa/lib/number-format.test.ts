/** The page's number formats round by the product's one rule (half away from zero) before Intl formats them. */
import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-format';

describe('numberFormat', () => {
  it('rounds ±x.x5 and ±x.xx5 away from zero, in the page’s language', () => {
    const en = numberFormat('en');
    expect(en.num(-17.85, 1)).toBe('-17.9');
    expect(en.num(17.85, 1)).toBe('17.9');
    expect(en.signed(-17.85, 1)).toBe('-17.9');
    expect(en.signed(17.85, 1)).toBe('+17.9');
    expect(en.num(0.125, 2)).toBe('0.13');
    expect(en.num(-0.125, 2)).toBe('-0.13');
    expect(en.num(1.005, 2)).toBe('1.01');
    expect(en.pct(12.45)).toBe('12.5 %');
    const sl = numberFormat('sl');
    // Slovenian writes the minus as U+2212.
    expect(sl.num(-17.85, 1)).toBe('−17,9');
    expect(sl.num(2.675, 2)).toBe('2,68');
    expect(sl.pct(-0.05)).toBe('−0,1 %');
  });

  it('a value that rounds to zero has no sign', () => {
    const en = numberFormat('en');
    expect(en.signed(0.04, 1)).toBe('0.0');
    expect(en.signed(-0.04, 1)).toBe('0.0');
    expect(en.num(-0.004, 2)).toBe('0.00');
  });
});
