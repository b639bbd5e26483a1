/** The page's number formats round by the product's one rule (half away from zero) before Intl formats them. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishByDay } from './award';
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
    expect(en.pct(12.45)).toBe('12.5%');
    const sl = numberFormat('sl');
    // Slovenian writes the minus as U+2212.
    expect(sl.num(-17.85, 1)).toBe('−17,9');
    expect(sl.num(2.675, 2)).toBe('2,68');
    expect(sl.pct(-0.05)).toBe('−0,1\u00a0%');
  });

  it('a value that rounds to zero has no sign', () => {
    const en = numberFormat('en');
    expect(en.signed(0.04, 1)).toBe('0.0');
    expect(en.signed(-0.04, 1)).toBe('0.0');
    expect(en.num(-0.004, 2)).toBe('0.00');
  });
});

describe('in a browser whose Intl lacks the page’s locale', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes Macedonian and Bosnian figures and dates as the server does', () => {
    const RealIntl = Intl;
    // Chromium without mk data: every format resolves to en-US.
    vi.stubGlobal('Intl', {
      ...RealIntl,
      NumberFormat: function NumberFormat(_l?: unknown, o?: Intl.NumberFormatOptions) {
        return new RealIntl.NumberFormat('en-US', o);
      },
      DateTimeFormat: function DateTimeFormat(_l?: unknown, o?: Intl.DateTimeFormatOptions) {
        return new RealIntl.DateTimeFormat('en-US', o);
      },
    });
    expect(new Intl.NumberFormat('mk-MK', { minimumFractionDigits: 1 }).format(92.5)).toBe('92.5');
    const mk = numberFormat('mk');
    expect(mk.pct(92.5)).toBe('92,5\u00a0%');
    expect(mk.num(1234.5, 1)).toBe('1.234,5');
    expect(numberFormat('bs').pct(85, 0)).toBe('85%');
    expect(finishByDay('mk')).toBe('30 ноември');
    expect(finishByDay('bs')).toBe('30. novembar');
  });
});
