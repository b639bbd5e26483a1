/**
 * The Best Employer award's API contract: the administrator's preview and cycle, the company's own
 * results and choices, and the public winners of a published year. Rules and constants: shared/award.ts.
 */
import { z } from 'zod';
import { AWARD_RULES, AWARD_SIZE_CLASSES, AWARD_SPECIAL_CATEGORIES } from '../award.js';
import { UI_LOCALES } from '../locales.js';

export const awardYearParamsSchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const awardCompanyParamsSchema = awardYearParamsSchema.extend({ companyId: z.coerce.number().int().min(1).max(2 ** 31) });

/** An award a company won: a place in its size class, or a special category. */
export const AWARD_KINDS = ['class', ...AWARD_SPECIAL_CATEGORIES] as const;
export type AwardKind = (typeof AWARD_KINDS)[number];
/** A certificate's or badge's award, and its language: the page's (`lang`), else the user's stored one. */
export const awardKindQuerySchema = z.object({ award: z.enum(AWARD_KINDS), lang: z.enum(UI_LOCALES).optional() });

/** One eligibility rule checked on a survey: what it needs and what the survey has. */
export const awardCheckSchema = z.object({
  rule: z.enum(AWARD_RULES),
  passed: z.boolean(),
  /** What the survey has (employees, occupancy %, the finish day as an ISO date, the id of the survey that came first…). */
  actual: z.union([z.number(), z.string()]).nullable(),
  /** What the rule needs (20, 85, 'YYYY-11-30'…). */
  required: z.union([z.number(), z.string()]).nullable(),
  /**
   * The decimals a number `actual` is written with (occupancy: 1, or more when one decimal would round a failing rate
   * up to the threshold: 50.99 against 51). Absent: as the value comes.
   */
  decimals: z.number().int().min(0).max(12).optional(),
});
export type AwardCheck = z.infer<typeof awardCheckSchema>;

export const awardWonSchema = z.object({
  kind: z.enum(AWARD_KINDS),
  /** 1–3 in the size class; 1 for a special category. */
  place: z.number().int().min(1),
});
export type AwardWon = z.infer<typeof awardWonSchema>;

/** One company's IZZ survey of the year in the administrator's preview. */
export const awardEntrySchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  survey_id: z.number().int(),
  survey_name: z.string(),
  /** ISO instant the survey finished; null while it runs. */
  finished_at: z.string().nullable(),
  employees: z.number().int().nullable(),
  responses: z.number().int(),
  /** responses ÷ employees in %, one decimal. */
  occupancy: z.number().nullable(),
  esi: z.number().nullable(),
  enps: z.number().nullable(),
  size_class: z.enum(AWARD_SIZE_CLASSES).nullable(),
  /** Every rule passed and the administrator did not exclude it. */
  eligible: z.boolean(),
  checks: z.array(awardCheckSchema),
  excluded: z.object({ reason: z.string(), at: z.string() }).nullable(),
  /** The company asked not to be named in the publication. */
  withdrawn_name: z.boolean(),
  /** The company agreed that its ESI and eNPS figures are shown (otherwise the ESI as a band only). */
  show_figures: z.boolean(),
  /** Rank in its size class among the eligible (ties share), null when not eligible. */
  rank: z.number().int().nullable(),
  /** The ESI of the company's eligible survey of the previous year, and the change against it. */
  previous_esi: z.number().nullable(),
  esi_change: z.number().nullable(),
  awards: z.array(awardWonSchema),
});
export type AwardEntry = z.infer<typeof awardEntrySchema>;

export const AWARD_YEAR_STATUSES = ['open', 'published'] as const;
export type AwardYearStatus = (typeof AWARD_YEAR_STATUSES)[number];

/** GET /api/admin/award/:year → the year's results (computed now while open; the published snapshot once published). */
export const awardYearAdminSchema = z.object({
  year: z.number().int(),
  status: z.enum(AWARD_YEAR_STATUSES),
  computed_at: z.string(),
  published_at: z.string().nullable(),
  entries: z.array(awardEntrySchema),
});
export type AwardYearAdmin = z.infer<typeof awardYearAdminSchema>;

/** GET /api/admin/award → the years with IZZ surveys or a cycle, newest first. */
export const awardYearListItemSchema = z.object({
  year: z.number().int(),
  status: z.enum(AWARD_YEAR_STATUSES),
  published_at: z.string().nullable(),
  surveys: z.number().int(),
  eligible: z.number().int().nullable(),
});
export type AwardYearListItem = z.infer<typeof awardYearListItemSchema>;

export const AWARD_EXCLUSION_REASON_MAX = 1000;
/** POST /api/admin/award/:year/exclusions/:companyId */
export const awardExclusionSchema = z.object({ reason: z.string().trim().min(3).max(AWARD_EXCLUSION_REASON_MAX) });
export type AwardExclusionInput = z.infer<typeof awardExclusionSchema>;

/** PUT /api/profile/award/:year: the company's choices, accepted while the year is not published. */
export const awardChoicesSchema = z.object({ withdraw_name: z.boolean(), show_figures: z.boolean() });
export type AwardChoices = z.infer<typeof awardChoicesSchema>;

/** GET /api/profile/award → one item per year the company had an IZZ survey, newest first. */
export const awardCompanyYearSchema = z.object({
  year: z.number().int(),
  published: z.boolean(),
  survey_name: z.string(),
  withdraw_name: z.boolean(),
  show_figures: z.boolean(),
  /** Present once the year is published. */
  result: z
    .object({
      eligible: z.boolean(),
      /** The rules the survey did not pass, and the administrator's exclusion. */
      failed: z.array(z.enum(AWARD_RULES)),
      excluded: z.boolean(),
      size_class: z.enum(AWARD_SIZE_CLASSES).nullable(),
      rank: z.number().int().nullable(),
      /** Eligible companies in the size class. */
      class_count: z.number().int().nullable(),
      awards: z.array(awardWonSchema),
    })
    .nullable(),
});
export type AwardCompanyYear = z.infer<typeof awardCompanyYearSchema>;

/** A winner on the public page: no name when the company withdrew it; figures only when it agreed. */
export const publicWinnerSchema = z.object({
  place: z.number().int(),
  company_name: z.string().nullable(),
  logo_asset_id: z.string().nullable(),
  /** The logo's pixel size, so the page reserves its box before the image arrives (null without a logo). */
  logo_width: z.number().int().positive().nullable(),
  logo_height: z.number().int().positive().nullable(),
  esi_band: z.object({ from: z.number(), to: z.number() }),
  esi: z.number().nullable(),
  enps: z.number().nullable(),
  /** The special category's own figure (eNPS, the ESI change, occupancy %), when the company agreed to figures. */
  value: z.number().nullable(),
});
export type PublicWinner = z.infer<typeof publicWinnerSchema>;

/** GET /api/leaderboards/:year (published years only; another year is 404). */
export const publicAwardYearSchema = z.object({
  year: z.number().int(),
  published_at: z.string(),
  /** Eligible companies in all. */
  eligible: z.number().int(),
  classes: z.array(z.object({ size_class: z.enum(AWARD_SIZE_CLASSES), eligible: z.number().int(), winners: z.array(publicWinnerSchema) })),
  special: z.array(z.object({ category: z.enum(AWARD_SPECIAL_CATEGORIES), winners: z.array(publicWinnerSchema) })),
});
export type PublicAwardYear = z.infer<typeof publicAwardYearSchema>;
