import type { Db } from '../../db/connection.js';

export function createSiteRepo(db: Db) {
  return {
    getSetting(key: string): string | undefined {
      return db.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key])?.value;
    },
    setSetting(key: string, value: string): void {
      db.run(
        `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        [key, value, new Date().toISOString()],
      );
    },
  };
}
export type SiteRepo = ReturnType<typeof createSiteRepo>;

export const SETTING_KEYS = {
  /** The footer for a theme; with a locale, that language's version (the plain key is the fallback). */
  footerHtml: (theme: 'light' | 'dark', locale?: string) => (locale ? `footer_html.${theme}.${locale}` : `footer_html.${theme}`),
  partnerLogo: 'partner_logo',
  seeded: 'seeded',
} as const;
