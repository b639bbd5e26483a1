import type { UiLocale } from '../../shared/locales';
import { formatNumber, formatPercent } from '../../shared/format';

/**
 * Number formatting in the page's language (decimal comma where it is used), by shared/format.ts: the server's render
 * and the browser's write the same text whatever ICU data the browser has. Every figure is rounded by the product's
 * one rule first (shared/rounding.ts: half away from zero).
 */
export function numberFormat(locale: UiLocale) {
  return {
    num: (v: number | null | undefined, decimals = 0) => (v === null || v === undefined ? '–' : formatNumber(v, locale, { decimals })),
    /** A percentage given in percent, one decimal unless told: '92,5 %' (mk), '92.5%' (en). */
    pct: (v: number | null | undefined, decimals = 1) => (v === null || v === undefined ? '–' : formatPercent(v, locale, decimals)),
    signed: (v: number | null | undefined, decimals = 1) => (v === null || v === undefined ? '–' : formatNumber(v, locale, { decimals, signed: true })),
  };
}
export type NumberFormat = ReturnType<typeof numberFormat>;
