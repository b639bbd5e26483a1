import { UI_LOCALE_TAGS, type UiLocale } from '../../../shared/locales';
import { roundHalfAwayFromZero } from '../../../shared/rounding';

// Prices: formatEur(cents) in shared/pricing.ts (de-DE, 1.234,50 €), the same for the calculator and the application.

/** A whole percentage in the UI locale: 20 -> '20 %' (sl) or '20%' (en). */
export function formatPercent(percent: number, locale: UiLocale): string {
  return new Intl.NumberFormat(UI_LOCALE_TAGS[locale], { style: 'percent', maximumFractionDigits: 0 }).format(roundHalfAwayFromZero(percent, 0) / 100);
}

/** A count in the UI locale: 1000 -> '1000' (sl) or '1,000' (en). */
export function formatCount(value: number, locale: UiLocale): string {
  return new Intl.NumberFormat(UI_LOCALE_TAGS[locale]).format(value);
}
