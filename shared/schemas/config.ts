import { z } from 'zod';
import { MARKETS, SURVEY_TYPES } from '../constants.js';
import { QUESTION_LANGUAGE_CODES, UI_LOCALES } from '../locales.js';

/** GET /api/config -> { data: SiteConfig } */
export const siteConfigSchema = z.object({
  contact_email: z.string(),
  contact_phone: z.string(),
  market: z.enum(MARKETS),
  ui_locales: z.array(z.enum(UI_LOCALES)),
  default_ui_locale: z.enum(UI_LOCALES),
  question_languages: z.array(
    z.object({ id: z.number().int(), code: z.enum(QUESTION_LANGUAGE_CODES), name: z.string(), short_name: z.string() }),
  ),
  default_question_language: z.enum(QUESTION_LANGUAGE_CODES),
  default_report_language: z.enum(QUESTION_LANGUAGE_CODES),
  survey_types: z.object({ IZZ: z.literal(SURVEY_TYPES.IZZ), PULS: z.literal(SURVEY_TYPES.PULS), PPI: z.literal(SURVEY_TYPES.PPI) }),
  /** Analytics is loaded only with consent, in production, when this is set. */
  analytics_id: z.string().nullable(),
  tag_manager_id: z.string().nullable(),
  /** The platform's time zone (TIME_ZONE): every date and time on every screen is shown in it. */
  time_zone: z.string(),
  /** The smallest group a report shows (MIN_GROUP_SIZE): the HR guide explains hidden figures with it. */
  min_group_size: z.number().int(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET /api/leaderboards/available-years -> { data: { available_years } } */
export const availableYearsSchema = z.object({ available_years: z.array(z.number().int()) });
export type AvailableYears = z.infer<typeof availableYearsSchema>;

/** GET /api/footer?theme= */
export const footerQuerySchema = z.object({
  theme: z.enum(['light', 'dark']).default('light'),
  /** The footer's language; without it the request's language (X-Locale, Accept-Language). */
  lang: z.enum(UI_LOCALES).optional(),
});
export type FooterTheme = z.infer<typeof footerQuerySchema>['theme'];

/** ?lang= used by several calls */
export const langQuerySchema = z.object({ lang: z.enum(UI_LOCALES).optional() });
