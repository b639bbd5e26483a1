/** The price form's field errors: a message for each schema issue and the field's name in the error summary, in the page's language. */
import type { TFunction } from 'i18next';

/** The message of an issue at `path` ('discount_tiers.0.percent') with this zod issue code. */
export function priceErrorMessage(t: TFunction<'admin'>, path: string, code: string): string {
  if (path === 'price_per_employee_eur') return t('prices.errors.price');
  if (path === 'min_employees' && code === 'custom') return t('prices.errors.minAboveMax');
  if (path === 'min_employees' || path === 'max_employees' || /^discount_tiers\.\d+\.above$/.test(path))
    return code === 'custom' ? t('prices.errors.tierDuplicate') : t('prices.errors.whole');
  if (/^discount_tiers\.\d+\.percent$/.test(path)) return t('prices.errors.tierPercent');
  return t('prices.errors.percent');
}

/** The labels of the fields that are not tiers, by schema path. */
export function priceLabels(t: TFunction<'admin'>): Record<string, string> {
  return {
    price_per_employee_eur: t('prices.pricePerEmployee'),
    min_employees: t('prices.minEmployees'),
    max_employees: t('prices.maxEmployees'),
    refund_completion_percent: t('prices.completionPercent'),
    refund_completion_threshold: t('prices.completionThreshold'),
    refund_returning_percent: t('prices.returningPercent'),
  };
}

/** A field's name in the error summary (a tier's field says which tier). */
export function priceFieldLabel(t: TFunction<'admin'>, path: string): string {
  const tier = /^discount_tiers\.(\d+)\.(above|percent)$/.exec(path);
  if (tier) return `${t('prices.tierLabel', { number: Number(tier[1]) + 1 })}, ${t(tier[2] === 'above' ? 'prices.tierAbove' : 'prices.tierPercent')}`;
  return priceLabels(t)[path] ?? path;
}
