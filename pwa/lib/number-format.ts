import { UI_LOCALE_TAGS, type UiLocale } from '../../shared/locales';
import { roundHalfAwayFromZero } from '../../shared/rounding';

/**
 * Number formatting in the page's language (decimal comma where it is used). Every figure is rounded by the product's
 * one rule first (shared/rounding.ts: half away from zero), then formatted: Intl never decides a half.
 */
export function numberFormat(locale: UiLocale) {
  const cache = new Map<number, Intl.NumberFormat>();
  const fmt = (d: number) => {
    let f = cache.get(d);
    if (!f) {
      f = new Intl.NumberFormat(UI_LOCALE_TAGS[locale], { minimumFractionDigits: d, maximumFractionDigits: d });
      cache.set(d, f);
    }
    return f;
  };
  return {
    num: (v: number | null | undefined, decimals = 0) => (v === null || v === undefined ? '–' : fmt(decimals).format(roundHalfAwayFromZero(v, decimals))),
    pct: (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${fmt(1).format(roundHalfAwayFromZero(v, 1))} %`),
    signed: (v: number | null | undefined, decimals = 1) => {
      if (v === null || v === undefined) return '–';
      const r = roundHalfAwayFromZero(v, decimals);
      return `${r > 0 ? '+' : ''}${fmt(decimals).format(r)}`;
    },
  };
}
export type NumberFormat = ReturnType<typeof numberFormat>;
