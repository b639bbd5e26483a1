import { UI_LOCALE_TAGS, type UiLocale } from '../../../shared/locales';

/** Prices are always shown in EUR with two decimals in de-DE format (1.234,50 €), whatever the UI locale. */
const eur = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatEur(amount: number): string {
  return eur.format(amount);
}

/** A whole percentage in the UI locale: 20 -> '20 %' (sl) or '20%' (en). */
export function formatPercent(percent: number, locale: UiLocale): string {
  return new Intl.NumberFormat(UI_LOCALE_TAGS[locale], { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** A count in the UI locale: 1000 -> '1000' (sl) or '1,000' (en). */
export function formatCount(value: number, locale: UiLocale): string {
  return new Intl.NumberFormat(UI_LOCALE_TAGS[locale]).format(value);
}
