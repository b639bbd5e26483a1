/**
 * The administrator's price list: the settings GET /api/prices answers and the calculator and the
 * application's review step price with (shared/pricing.ts). Checked with the shared schema before
 * PUT /api/admin/prices; a preview prices a few company sizes with the same calculatePrice().
 */
import { useTranslation } from 'react-i18next';
import { useResource } from '../../lib/use-resource';
import { getPrices } from './admin-api';
import { AdminPage, ErrorState, LoadingState } from './admin-parts';
import { PricesForm } from './prices/prices-form';

export default function PricesPage() {
  const { t } = useTranslation('admin');
  const prices = useResource((signal) => getPrices(signal), 'prices');
  return (
    <AdminPage title={t('prices.title')} lead={t('prices.lead')} wide={false}>
      {prices.status === 'error' && <ErrorState error={prices.error} onRetry={prices.reload} />}
      {prices.status === 'loading' && !prices.data && <LoadingState />}
      {prices.data && <PricesForm saved={prices.data} onSaved={prices.replace} />}
    </AdminPage>
  );
}
