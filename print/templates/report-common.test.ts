/** The PDF reports' number formats round by the product's one rule (half away from zero) before Intl formats them. */
import { describe, expect, it } from 'vitest';
import { NumberFormat } from './report-common.js';

describe('NumberFormat (PDF reports)', () => {
  it('rounds ±x.x5 and ±x.xx5 away from zero', () => {
    const en = new NumberFormat('en');
    expect(en.num(-17.85, 1)).toBe('-17.9');
    expect(en.sign(-17.85, 1)).toBe('−17.9');
    expect(en.sign(17.85, 1)).toBe('+17.9');
    expect(en.num(0.125, 2)).toBe('0.13');
    expect(en.num(-0.125, 2)).toBe('-0.13');
    expect(en.num(1.005, 2)).toBe('1.01');
    expect(en.pct(12.45)).toBe('12.5%');
    const sl = new NumberFormat('sl');
    expect(sl.num(2.675, 2)).toBe('2,68');
    expect(sl.sign(-0.05, 1)).toBe('−0,1');
    expect(sl.sign(-0.04, 1)).toBe('0,0');
    expect(sl.pct(12.45)).toBe('12,5\u00a0%');
  });

  it('writes Macedonian percentages as the web report does (shared/format.ts): 92,5 %', () => {
    expect(new NumberFormat('mk').pct(92.5)).toBe('92,5\u00a0%');
    expect(new NumberFormat('bs').pct(92.5)).toBe('92,5%');
  });
});
