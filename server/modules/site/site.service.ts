/** Site-wide answers: the client config, the administrator's footer HTML (sanitised) and the partner logo. */
import sanitizeHtml from 'sanitize-html';
import { SURVEY_TYPES } from '../../../shared/constants.js';
import { DEFAULT_QUESTION_LANGUAGE, DEFAULT_REPORT_LANGUAGE, DEFAULT_UI_LOCALE, QUESTION_LANGUAGES, UI_LOCALES } from '../../../shared/locales.js';
import type { PartnerLogo } from '../../../shared/schemas/asset.js';
import { partnerLogoSchema } from '../../../shared/schemas/asset.js';
import type { FooterTheme, SiteConfig } from '../../../shared/schemas/config.js';
import type { UiLocale } from '../../../shared/locales.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { createSiteRepo, SETTING_KEYS } from './site.repo.js';

/** What administrator HTML may contain: text formatting, lists and links (http, https, mailto). */
export const FOOTER_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'small', 'span', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs, rel: 'noopener noreferrer' };
      if (attributes.target && attributes.target !== '_blank') delete attributes.target;
      return { tagName, attribs: attributes };
    },
  },
};

export function sanitizeFooterHtml(html: string): string {
  return sanitizeHtml(html, FOOTER_SANITIZE_OPTIONS).trim();
}

export function createSiteService(deps: { db: Db; config: Config }) {
  const repo = createSiteRepo(deps.db);
  const { config } = deps;

  return {
    siteConfig(): SiteConfig {
      return {
        contact_email: config.contactEmail,
        contact_phone: config.contactPhone,
        market: config.market,
        ui_locales: [...UI_LOCALES],
        default_ui_locale: DEFAULT_UI_LOCALE,
        question_languages: QUESTION_LANGUAGES.map((l) => ({ id: l.id, code: l.code, name: l.name, short_name: l.short_name })),
        default_question_language: DEFAULT_QUESTION_LANGUAGE,
        default_report_language: DEFAULT_REPORT_LANGUAGE,
        survey_types: { IZZ: SURVEY_TYPES.IZZ, PULS: SURVEY_TYPES.PULS, PPI: SURVEY_TYPES.PPI },
        analytics_id: config.analyticsId,
        tag_manager_id: config.tagManagerId,
        time_zone: config.timeZone,
        min_group_size: config.minGroupSize,
      };
    },

    /**
     * The footer HTML for a theme in the request's language, sanitised on the way out. Falls back to
     * the theme's default text, then to the light theme; empty string when none is set.
     */
    async footerHtml(theme: FooterTheme, locale: UiLocale): Promise<string> {
      const keys = [
        SETTING_KEYS.footerHtml(theme, locale),
        SETTING_KEYS.footerHtml(theme),
        SETTING_KEYS.footerHtml('light', locale),
        SETTING_KEYS.footerHtml('light'),
      ];
      for (const key of keys) {
        const raw = await repo.getSetting(key);
        if (raw) return sanitizeFooterHtml(raw);
      }
      return '';
    },

    async partnerLogo(): Promise<PartnerLogo | null> {
      const raw = await repo.getSetting(SETTING_KEYS.partnerLogo);
      if (!raw) return null;
      let stored: unknown;
      try {
        stored = JSON.parse(raw);
      } catch {
        return null;
      }
      const base = partnerLogoSchema.omit({ url: true, variants: true }).safeParse(stored);
      if (!base.success) return null;
      const variants = await repo.assetVariantKeys(base.data.asset_id);
      if (!variants) return null;
      return { ...base.data, url: `/api/assets/${base.data.asset_id}`, variants };
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
