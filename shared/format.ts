/**
 * How every locale writes numbers, percentages, day-and-month dates and lists, with the product's own data: the one
 * home of locale formatting for the web (server-rendered and in the browser), the PDFs and the mails.
 *
 * Why not Intl: what Intl answers depends on the ICU data of the engine that runs it. Chromium ships without
 * Macedonian number data (`new Intl.NumberFormat('mk')` resolves to en-US: "92.5" where Node writes "92,5") and
 * without Bosnian month names ("M11 30"), so a page rendered by the server and then by the browser differed (React
 * hydration error #418) and a web report disagreed with its PDF. The table below is the CLDR data the product uses
 * (the same as Node's full ICU writes), so every engine writes the same text.
 *
 * Every figure is rounded first by the product's one rule (shared/rounding.ts: half away from zero) and only then
 * written; nothing here decides a half. Full dates stay DD.MM.YYYY in every language (shared/dates.ts).
 */
import type { UiLocale } from './locales.js';
import { roundHalfAwayFromZero } from './rounding.js';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

export interface LocaleFormat {
  /** Decimal separator. */
  decimal: string;
  /** Thousands separator. */
  group: string;
  /** Digits the integer part needs beyond the first group before it is grouped (CLDR: sl 2 — "1000", "12.345"). */
  minimumGroupingDigits: 1 | 2;
  /** The minus sign (U+2212 in sl and hr). */
  minus: string;
  /** What stands between a number and its % sign: a no-break space, or nothing. */
  percentSpace: string;
  /** The month names as a day-and-month date uses them (Croatian in the genitive: "30. studenoga"), January first. */
  months: readonly [string, string, string, string, string, string, string, string, string, string, string, string];
  /** Whether the day is written with a full stop ("30. November") before the month. */
  dayDot: boolean;
  /** The word that joins the last two items of a list ("a, b and c"). */
  and: string;
}

export const LOCALE_FORMATS: Readonly<Record<UiLocale, LocaleFormat>> = {
  sl: {
    decimal: ',',
    group: '.',
    minimumGroupingDigits: 2,
    minus: '\u2212',
    percentSpace: NBSP,
    months: ['januar', 'februar', 'marec', 'april', 'maj', 'junij', 'julij', 'avgust', 'september', 'oktober', 'november', 'december'],
    dayDot: true,
    and: 'in',
  },
  en: {
    decimal: '.',
    group: ',',
    minimumGroupingDigits: 1,
    minus: '-',
    percentSpace: '',
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    dayDot: false,
    and: 'and',
  },
  hr: {
    decimal: ',',
    group: '.',
    minimumGroupingDigits: 1,
    minus: '\u2212',
    percentSpace: NBSP,
    months: ['siječnja', 'veljače', 'ožujka', 'travnja', 'svibnja', 'lipnja', 'srpnja', 'kolovoza', 'rujna', 'listopada', 'studenoga', 'prosinca'],
    dayDot: true,
    and: 'i',
  },
  sr: {
    decimal: ',',
    group: '.',
    minimumGroupingDigits: 1,
    minus: '-',
    percentSpace: '',
    months: ['januar', 'februar', 'mart', 'april', 'maj', 'jun', 'jul', 'avgust', 'septembar', 'oktobar', 'novembar', 'decembar'],
    dayDot: true,
    and: 'i',
  },
  bs: {
    decimal: ',',
    group: '.',
    minimumGroupingDigits: 1,
    minus: '-',
    percentSpace: '',
    months: ['januar', 'februar', 'mart', 'april', 'maj', 'juni', 'juli', 'august', 'septembar', 'oktobar', 'novembar', 'decembar'],
    dayDot: true,
    and: 'i',
  },
  mk: {
    decimal: ',',
    group: '.',
    minimumGroupingDigits: 1,
    minus: '-',
    percentSpace: NBSP,
    months: ['јануари', 'февруари', 'март', 'април', 'мај', 'јуни', 'јули', 'август', 'септември', 'октомври', 'ноември', 'декември'],
    dayDot: false,
    and: 'и',
  },
  de: {
    decimal: ',',
    group: '.',
    minimumGroupingDigits: 1,
    minus: '-',
    percentSpace: NBSP,
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    dayDot: true,
    and: 'und',
  },
  fr: {
    decimal: ',',
    group: NNBSP,
    minimumGroupingDigits: 1,
    minus: '-',
    percentSpace: NBSP,
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    dayDot: false,
    and: 'et',
  },
};

export interface NumberOptions {
  /** Decimals shown, always that many (0..15); the value is rounded to them first. Default 0. */
  decimals?: number;
  /** A plus sign before a value above zero ("+1,5"); a value that rounds to zero has no sign. */
  signed?: boolean;
}

/**
 * `value` as `locale` writes it, rounded half away from zero: 1234567.25 → '1.234.567,25' (de), '1,234,567.25' (en),
 * '1 234 567,25' (fr, narrow no-break spaces), −3.5 → '−3,5' (sl). A value that is not finite gives '–'.
 */
export function formatNumber(value: number, locale: UiLocale, options: NumberOptions = {}): string {
  if (!Number.isFinite(value)) return '–';
  const decimals = options.decimals ?? 0;
  const f = LOCALE_FORMATS[locale];
  const rounded = roundHalfAwayFromZero(value, decimals);
  const [int = '0', frac = ''] = Math.abs(rounded).toFixed(decimals).split('.');
  const sign = rounded < 0 ? f.minus : options.signed && rounded > 0 ? '+' : '';
  return `${sign}${group(int, f)}${frac ? f.decimal + frac : ''}`;
}

function group(int: string, f: LocaleFormat): string {
  if (int.length < 3 + f.minimumGroupingDigits) return int;
  const head = int.length % 3 || 3;
  const groups = [int.slice(0, head)];
  for (let i = head; i < int.length; i += 3) groups.push(int.slice(i, i + 3));
  return groups.join(f.group);
}

/** A percentage given in percent (85 → '85 %' in sl with a no-break space, '85%' in en), rounded to `decimals`. */
export function formatPercent(percent: number, locale: UiLocale, decimals = 0, options: { signed?: boolean } = {}): string {
  if (!Number.isFinite(percent)) return '–';
  return `${formatNumber(percent, locale, { decimals, signed: options.signed ?? false })}${LOCALE_FORMATS[locale].percentSpace}%`;
}

/** A day of a month without the year: (11, 30) → '30. november' (sl), '30 ноември' (mk), '30. studenoga' (hr), '30 November' (en). */
export function formatDayMonth(month: number, day: number, locale: UiLocale): string {
  const f = LOCALE_FORMATS[locale];
  const name = f.months[month - 1];
  if (name === undefined || !Number.isInteger(day) || day < 1 || day > 31) throw new RangeError(`no such day: ${String(day)}.${String(month)}.`);
  return `${String(day)}${f.dayDot ? '.' : ''} ${name}`;
}

/** Items joined as `locale` lists them: 'a, b in c' (sl), 'a, b and c' (en), 'a и b' (mk). */
export function formatList(items: readonly string[], locale: UiLocale): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${LOCALE_FORMATS[locale].and} ${items[items.length - 1] ?? ''}`;
}
