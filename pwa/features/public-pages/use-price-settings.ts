/**
 * The calculator's prices from GET /api/prices. Until they arrive (and when the server cannot be
 * reached) the defaults of shared/pricing.ts are used, so the calculator works offline too.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_PRICE_SETTINGS, priceSettingsSchema, type PriceSettings } from '../../../shared/pricing';
import { getData } from '../../app/api';

export type PriceSettingsStatus = 'loading' | 'ready' | 'fallback';

/** The last prices the server gave in this tab: a later visit starts from them instead of the defaults. */
let lastLoaded: PriceSettings | null = null;

export function usePriceSettings(): { settings: PriceSettings; status: PriceSettingsStatus } {
  const [state, setState] = useState<{ settings: PriceSettings; status: PriceSettingsStatus }>(() => ({
    settings: lastLoaded ?? DEFAULT_PRICE_SETTINGS,
    status: 'loading',
  }));

  useEffect(() => {
    const controller = new AbortController();
    getData<unknown>('/api/prices', { signal: controller.signal }).then(
      (data) => {
        if (controller.signal.aborted) return;
        const parsed = priceSettingsSchema.safeParse(data);
        if (parsed.success) lastLoaded = parsed.data;
        setState(parsed.success ? { settings: parsed.data, status: 'ready' } : { settings: lastLoaded ?? DEFAULT_PRICE_SETTINGS, status: 'fallback' });
      },
      () => {
        if (!controller.signal.aborted) setState({ settings: lastLoaded ?? DEFAULT_PRICE_SETTINGS, status: 'fallback' });
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}

/** Tests: forget the prices of an earlier render. */
export function resetPriceSettingsCache(): void {
  lastLoaded = null;
}
