/**
 * The calculator's prices (settings key 'price_settings'): read by everyone, replaced by an
 * administrator (audited). A missing or unreadable stored value falls back to DEFAULT_PRICE_SETTINGS.
 */
import { DEFAULT_PRICE_SETTINGS, priceSettingsSchema, type PriceSettings } from '../../../shared/pricing.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { createAuditRepo } from '../admin/index.js';
import type { UserRow } from '../auth/index.js';
import { createSiteRepo } from '../site/index.js';

export const PRICE_SETTINGS_KEY = 'price_settings';

export function createPricingService(deps: { db: Db; logger?: Logger }) {
  const { db, logger } = deps;
  const settings = createSiteRepo(db);
  const audit = createAuditRepo(db);

  const read = async (): Promise<PriceSettings> => {
    const raw = await settings.getSetting(PRICE_SETTINGS_KEY);
    if (raw === undefined) return DEFAULT_PRICE_SETTINGS;
    try {
      const parsed = priceSettingsSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // fall through: a broken stored value must not break the calculator
    }
    logger?.warn({ key: PRICE_SETTINGS_KEY }, 'stored price settings are invalid; using the defaults');
    return DEFAULT_PRICE_SETTINGS;
  };

  return {
    prices: read,

    /** Replaces the prices (already validated with priceSettingsSchema) and records who did it. */
    async updatePrices(actor: UserRow, next: PriceSettings): Promise<PriceSettings> {
      return await db.transaction(async () => {
        const before = await read();
        await settings.setSetting(PRICE_SETTINGS_KEY, JSON.stringify(next));
        await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action: 'prices.update', targetType: 'setting', targetId: PRICE_SETTINGS_KEY, details: { before, after: next } });
        return next;
      });
    },
  };
}
export type PricingService = ReturnType<typeof createPricingService>;
