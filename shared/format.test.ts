import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDayMonth, formatList, formatNumber, formatPercent } from './format';
import { UI_LOCALE_TAGS, UI_LOCALES } from './locales';
import { roundHalfAwayFromZero } from './rounding';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('formatNumber', () => {
  it('writes each locale’s decimal separator, grouping and minus', () => {
    const v = -1234567.25;
    expect(formatNumber(v, 'sl', { decimals: 2 })).toBe('−1.234.567,25');
    expect(formatNumber(v, 'hr', { decimals: 2 })).toBe('−1.234.567,25');
    expect(formatNumber(v, 'sr', { decimals: 2 })).toBe('-1.234.567,25');
    expect(formatNumber(v, 'bs', { decimals: 2 })).toBe('-1.234.567,25');
    expect(formatNumber(v, 'mk', { decimals: 2 })).toBe('-1.234.567,25');
    expect(formatNumber(v, 'en', { decimals: 2 })).toBe('-1,234,567.25');
    expect(formatNumber(v, 'de', { decimals: 2 })).toBe('-1.234.567,25');
    expect(formatNumber(v, 'fr', { decimals: 2 })).toBe(`-1${NNBSP}234${NNBSP}567,25`);
  });

  it('groups four digits everywhere but in Slovenian, which groups from five', () => {
    expect(formatNumber(1000, 'sl')).toBe('1000');
    expect(formatNumber(12345, 'sl')).toBe('12.345');
    expect(formatNumber(1000, 'mk')).toBe('1.000');
    expect(formatNumber(1000, 'bs')).toBe('1.000');
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(999, 'de')).toBe('999');
  });

  it('rounds half away from zero first and shows exactly the decimals asked for', () => {
    expect(formatNumber(92.45, 'mk', { decimals: 1 })).toBe('92,5');
    expect(formatNumber(-17.85, 'en', { decimals: 1 })).toBe('-17.9');
    expect(formatNumber(1.005, 'de', { decimals: 2 })).toBe('1,01');
    expect(formatNumber(3, 'bs', { decimals: 1 })).toBe('3,0');
    expect(formatNumber(-0.04, 'sl', { decimals: 1 })).toBe('0,0');
    expect(formatNumber(Number.NaN, 'sl')).toBe('–');
  });

  it('signs a value above zero when asked, never a value that rounds to zero', () => {
    expect(formatNumber(1.25, 'hr', { decimals: 1, signed: true })).toBe('+1,3');
    expect(formatNumber(-1.25, 'hr', { decimals: 1, signed: true })).toBe('−1,3');
    expect(formatNumber(0.04, 'en', { decimals: 1, signed: true })).toBe('0.0');
  });

  it('writes what Node’s full ICU writes for every locale (the CLDR data the table holds)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UI_LOCALES), fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 3 }), (locale, value, decimals) => {
        const intl = new Intl.NumberFormat(UI_LOCALE_TAGS[locale], { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(roundHalfAwayFromZero(value, decimals));
        // Intl writes a negative zero's sign; the product never shows "−0,0".
        expect(formatNumber(value, locale, { decimals })).toBe(intl.replace(/^[-\u2212](?=[0.,\s\u202f]*$)/u, ''));
      }),
    );
  });
});

describe('formatPercent', () => {
  it('spaces the % sign per locale: a no-break space in sl, hr, mk, de and fr, none in en, sr and bs', () => {
    expect(formatPercent(92.5, 'mk', 1)).toBe(`92,5${NBSP}%`);
    expect(formatPercent(92.5, 'sl', 1)).toBe(`92,5${NBSP}%`);
    expect(formatPercent(92.5, 'hr', 1)).toBe(`92,5${NBSP}%`);
    expect(formatPercent(92.5, 'de', 1)).toBe(`92,5${NBSP}%`);
    expect(formatPercent(92.5, 'fr', 1)).toBe(`92,5${NBSP}%`);
    expect(formatPercent(85, 'bs')).toBe('85%');
    expect(formatPercent(85, 'sr')).toBe('85%');
    expect(formatPercent(85, 'en')).toBe('85%');
    expect(formatPercent(-0.05, 'sl', 1)).toBe(`−0,1${NBSP}%`);
    expect(formatPercent(2.5, 'en', 1, { signed: true })).toBe('+2.5%');
  });

  it('matches Node’s full ICU percent style in every locale', () => {
    for (const locale of UI_LOCALES) {
      for (const value of [0, 7, 50.99, 85, 92.5, 100, 1234.5]) {
        const intl = new Intl.NumberFormat(UI_LOCALE_TAGS[locale], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value / 100);
        expect(formatPercent(value, locale, 1), `${locale} ${String(value)}`).toBe(intl);
      }
    }
  });
});

describe('formatDayMonth', () => {
  it('names the month per locale, Macedonian in Cyrillic and Croatian in the genitive', () => {
    expect(formatDayMonth(11, 30, 'mk')).toBe('30 ноември');
    expect(formatDayMonth(11, 30, 'bs')).toBe('30. novembar');
    expect(formatDayMonth(11, 30, 'sr')).toBe('30. novembar');
    expect(formatDayMonth(11, 30, 'hr')).toBe('30. studenoga');
    expect(formatDayMonth(11, 30, 'sl')).toBe('30. november');
    expect(formatDayMonth(11, 30, 'en')).toBe('30 November');
    expect(formatDayMonth(3, 1, 'de')).toBe('1. März');
    expect(formatDayMonth(8, 15, 'fr')).toBe('15 août');
    expect(() => formatDayMonth(13, 1, 'en')).toThrow(RangeError);
  });

  it('matches Node’s full ICU for every month of every locale', () => {
    for (const locale of UI_LOCALES) {
      for (let month = 1; month <= 12; month++) {
        const intl = new Intl.DateTimeFormat(UI_LOCALE_TAGS[locale], { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2001, month - 1, 15)));
        expect(formatDayMonth(month, 15, locale)).toBe(intl);
      }
    }
  });
});

describe('formatList', () => {
  it('joins the last two items with the locale’s word and matches Node’s full ICU', () => {
    expect(formatList(['1', '2', '3'], 'mk')).toBe('1, 2 и 3');
    expect(formatList(['1', '2'], 'bs')).toBe('1 i 2');
    expect(formatList(['1'], 'sl')).toBe('1');
    expect(formatList([], 'sl')).toBe('');
    for (const locale of UI_LOCALES) {
      for (const items of [['a'], ['a', 'b'], ['a', 'b', 'c', 'd']]) {
        expect(formatList(items, locale)).toBe(new Intl.ListFormat(UI_LOCALE_TAGS[locale], { type: 'conjunction' }).format(items));
      }
    }
  });
});

describe('without the locale’s data in Intl (Chromium has no mk numbers, no bs months)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('still writes each locale’s own numbers, percentages, dates and lists', () => {
    const RealIntl = Intl;
    // An Intl that resolves every locale to en-US, as Chromium does for 'mk'.
    const enOnly = {
      ...RealIntl,
      NumberFormat: function NumberFormat(_l?: unknown, o?: Intl.NumberFormatOptions) {
        return new RealIntl.NumberFormat('en-US', o);
      },
      DateTimeFormat: function DateTimeFormat(_l?: unknown, o?: Intl.DateTimeFormatOptions) {
        return new RealIntl.DateTimeFormat('en-US', o);
      },
      ListFormat: function ListFormat(_l?: unknown, o?: Intl.ListFormatOptions) {
        return new RealIntl.ListFormat('en-US', o);
      },
    };
    vi.stubGlobal('Intl', enOnly);
    expect(new Intl.NumberFormat('mk-MK').format(92.5)).toBe('92.5');
    expect(formatPercent(92.5, 'mk', 1)).toBe(`92,5${NBSP}%`);
    expect(formatNumber(1234.5, 'bs', { decimals: 1 })).toBe('1.234,5');
    expect(formatDayMonth(11, 30, 'bs')).toBe('30. novembar');
    expect(formatDayMonth(11, 30, 'mk')).toBe('30 ноември');
    expect(formatList(['a', 'b', 'c'], 'mk')).toBe('a, b и c');
  });
});
