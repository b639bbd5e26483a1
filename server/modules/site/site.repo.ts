import type { Db } from '../../db/connection.js';

export function createSiteRepo(db: Db) {
  return {
    async getSetting(key: string): Promise<string | undefined> {
      return (await db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key]))?.value;
    },
    async setSetting(key: string, value: string): Promise<void> {
      await db.run(
        `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        [key, value, new Date().toISOString()],
      );
    },
    /** The variant keys of a stored asset, or undefined when the asset does not exist. */
    async assetVariantKeys(assetId: string): Promise<string[] | undefined> {
      if (!await db.get<{ id: string }>('SELECT id FROM assets WHERE id = ?', [assetId])) return undefined;
      return (await db.all<{ key: string }>('SELECT key FROM asset_variants WHERE asset_id = ? ORDER BY key', [assetId])).map((r) => r.key);
    },
  };
}
export type SiteRepo = ReturnType<typeof createSiteRepo>;

export const SETTING_KEYS = {
  /** The footer for a theme; with a locale, that language's version (the plain key is the fallback). */
  footerHtml: (theme: 'light' | 'dark', locale?: string) => (locale ? `footer_html.${theme}.${locale}` : `footer_html.${theme}`),
  partnerLogo: 'partner_logo',
  seeded: 'seeded',
  /** The first blog posts were seeded (server/seed/seed-blogs.ts): a post the administrator deletes is not seeded again. */
  blogsSeeded: 'blogs_seeded',
  /** The demo market was seeded (server/seed/seed-demo-market.ts): { years, seeded_at }. */
  demoMarket: 'demo_market',
} as const;
