import { z } from 'zod';

/** GET /api/assets/:id — asset ids are UUIDs; an id's bytes never change (served as immutable). */
export const assetParamsSchema = z.object({ id: z.uuid() });
/** Optional variant key, e.g. ?key=dark. */
export const assetQuerySchema = z.object({ key: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/).optional() });

/** GET /api/partner-logo -> { data: PartnerLogo | null }: the footer's partner logo (the administrator may replace it). */
export const partnerLogoSchema = z.object({
  asset_id: z.uuid(),
  /** /api/assets/{id}; add ?key=dark for the dark-theme variant when `variants` lists it. */
  url: z.string(),
  variants: z.array(z.string()),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type PartnerLogo = z.infer<typeof partnerLogoSchema>;
