import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/form';
import type { Errors, TierDraft } from './price-draft';

/** The discount tiers: from how many employees, how many percent off; at most ten. */
export function DiscountTiers({
  tiers,
  errors,
  fieldId,
  onChange,
  onAdd,
  onRemove,
}: {
  tiers: TierDraft[];
  errors: Errors;
  fieldId: (path: string) => string;
  onChange: (key: number, patch: Partial<TierDraft>) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
  <fieldset className="admin-prices-group">
    <legend>{t('prices.discounts')}</legend>
    <p className="hint">{t('prices.discountsHint')}</p>
    {tiers.length === 0 && <p>{t('prices.noTiers')}</p>}
    <ul className="admin-prices-tiers">
      {tiers.map((tier, i) => (
        <li key={tier.key} className="admin-prices-tier" aria-label={t('prices.tierLabel', { number: i + 1 })}>
          <TextField
            id={fieldId(`discount_tiers.${i}.above`)}
            label={t('prices.tierAbove')}
            error={errors[`discount_tiers.${i}.above`]}
            value={tier.above}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => onChange(tier.key, { above: e.target.value })}
          />
          <TextField
            id={fieldId(`discount_tiers.${i}.percent`)}
            label={t('prices.tierPercent')}
            error={errors[`discount_tiers.${i}.percent`]}
            value={tier.percent}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => onChange(tier.key, { percent: e.target.value })}
          />
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => onRemove(tier.key)}
          >
            {t('prices.removeTier', { number: i + 1 })}
          </button>
        </li>
      ))}
    </ul>
    <button type="button" className="btn btn-secondary btn-small" disabled={tiers.length >= 10} onClick={onAdd}>
      {t('prices.addTier')}
    </button>
  </fieldset>
  );
}
