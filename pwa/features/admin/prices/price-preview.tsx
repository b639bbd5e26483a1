import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../../shared/format';
import { calculatePrice, formatEur, type PriceSettings } from '../../../../shared/pricing';
import { useLocale } from '../../../i18n/use-locale';

const PREVIEW_SIZES = [1, 500, 501, 1000, 1001];

/** The price of a few company sizes (and the largest allowed) with the settings as typed; null while they are not valid. */
export function PricePreview({ settings }: { settings: PriceSettings | null }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const id = useId();
  const percent = (n: number) => formatPercent(n, locale);
  const previewSizes = settings ? [...PREVIEW_SIZES.filter((n) => n <= settings.max_employees), settings.max_employees].filter((n, i, a) => a.indexOf(n) === i) : [];
  return (
  <section className="admin-prices-preview" aria-labelledby={`${id}-preview`}>
    <h2 id={`${id}-preview`}>{t('prices.preview')}</h2>
    {settings ? (
      <div className="admin-table-wrap">
        <table className="admin-table" data-testid="prices-preview">
          <caption className="visually-hidden">{t('prices.previewCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('prices.employees')}</th>
              <th scope="col">{t('prices.discount')}</th>
              <th scope="col">{t('prices.total')}</th>
            </tr>
          </thead>
          <tbody>
            {previewSizes.map((n) => {
              const quote = calculatePrice(n, settings);
              return (
                <tr key={n}>
                  <th scope="row">{n}</th>
                  <td>{percent(quote.discount_percent)}</td>
                  <td>{formatEur(quote.total_cents)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    ) : (
      <p className="hint">{t('prices.previewInvalid')}</p>
    )}
  </section>
  );
}
