import { UI_LOCALE_TAGS, type UiLocale } from '../../shared/locales';

/** Number formatting in the page's language (decimal comma where it is used). */
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
    num: (v: number | null | undefined, decimals = 0) => (v === null || v === undefined ? '–' : fmt(decimals).format(v)),
    pct: (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${fmt(1).format(v)} %`),
    signed: (v: number | null | undefined, decimals = 1) => (v === null || v === undefined ? '–' : `${v > 0 ? '+' : ''}${fmt(decimals).format(v)}`),
  };
}
export type NumberFormat = ReturnType<typeof numberFormat>;
