/**
 * The calculator's prices from GET /api/prices. Until they arrive (and when the server cannot be
 * reached) the defaults of shared/pricing.ts are used, so the calculator works offline too.
 */
import { useState } from 'react';
import { DEFAULT_PRICE_SETTINGS, priceSettingsSchema, type PriceSettings } from '../../../shared/pricing';
import { getData } from '../../lib/api';
import { useResource } from '../../lib/use-resource';

export type PriceSettingsStatus = 'loading' | 'ready' | 'fallback';

/** The last prices the server gave in this tab: a later visit starts from them instead of the defaults. */
let lastLoaded: PriceSettings | null = null;

export function usePriceSettings(): { settings: PriceSettings; status: PriceSettingsStatus } {
  const [initial] = useState(() => lastLoaded ?? DEFAULT_PRICE_SETTINGS);
  const resource = useResource(
    (signal) =>
      getData<unknown>('/api/prices', { signal }).then((data) => {
        const parsed = priceSettingsSchema.safeParse(data);
        if (parsed.success) lastLoaded = parsed.data;
        return parsed.success ? parsed.data : null;
      }),
    'prices',
  );
  if (resource.status === 'loading') return { settings: initial, status: 'loading' };
  if (resource.status === 'ready' && resource.data) return { settings: resource.data, status: 'ready' };
  return { settings: lastLoaded ?? DEFAULT_PRICE_SETTINGS, status: 'fallback' };
}

/** Tests: forget the prices of an earlier render. */
export function resetPriceSettingsCache(): void {
  lastLoaded = null;
}
