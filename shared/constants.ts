/** Business constants shared by every part of the platform (spec section 9, product-decisions.md). */

export const SURVEY_TYPES = { IZZ: 1, PULS: 2, PPI: 3 } as const;
export type SurveyTypeName = keyof typeof SURVEY_TYPES;
export type SurveyTypeId = (typeof SURVEY_TYPES)[SurveyTypeName];

export const MARKETS = ['hr', 'si', 'ba', 'rs', 'mk'] as const;
export type Market = (typeof MARKETS)[number];
/** Markets where the award-conditions entry is hidden. */
export const MARKETS_WITHOUT_AWARD: readonly Market[] = ['ba', 'si'];

export const LIMITS = {
  maxEmployees: 5000,
  minEmployeesForCalculator: 10,
  maxChosenQuestions: 15,
  maxPulsQuestions: 15,
  passwordMinLength: 6,
  testimonialMaxLength: 2000,
  /** Smallest group a report may show; configurable but never below 3. */
  minGroupSizeDefault: 5,
  minGroupSizeFloor: 3,
  contactMessageMaxLength: 5000,
} as const;

export const UI = {
  scrolledThresholdPx: 148,
  hoverMenuMinWidthPx: 1201,
  mobileMenuMaxWidthPx: 1200,
  switcherCloseDelayMs: 100,
  loadingBarThrottleMs: 200,
  loadingBarDurationMs: 5000,
  dataFetchMinDelayMs: 200,
  copyrightFromYear: 2000,
  chunkReloadMinIntervalMs: 60_000,
} as const;

export const COOKIE_CONSENT_NAME = 'cookie_consent';
export const SESSION_COOKIE_NAME = 'izz_session';
/**
 * A readable companion of the HttpOnly session cookie, holding no secret ('1'): the PWA asks GET /api/me only
 * when it is present, so guests and respondents make no request that is bound to fail.
 */
export const SESSION_HINT_COOKIE_NAME = 'izz_signed_in';

/** Industries: the sections of the NACE Rev. 2 classification (labels are UI texts). */
export const INDUSTRIES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U'] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const COMPANY_SIZES = ['unknown', 'micro', 'small', 'medium', 'large'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const LOGO_RULES = { minWidth: 232, minHeight: 80, maxWidth: 464, maxHeight: 160, maxBytes: 2 * 1024 * 1024 } as const;
export const PHOTO_RULES = { maxBytes: 2 * 1024 * 1024, minSide: 200 } as const;

/** The page-state key of the code entry's plain-form answer in a server-rendered page (shared/schemas/questionnaire.ts CodeFormState). */
export const CODE_FORM_STATE_KEY = 'codeEntry';

/**
 * The page-state key of a server-rendered page whose content does not exist (a winners year that is not published, a
 * blog post that is not public): its value is the path the server answered 404 for, and the page shows its not-found
 * page there from the first render on (pwa/lib/ssr-data.ts useServerNotFound).
 */
export const PAGE_NOT_FOUND_STATE_KEY = 'notFound';
/** Page state of a server-rendered page whose address differs by language beyond its route (a blog post): where the
 * header's language switch goes in each language. */
export const PAGE_ALTERNATES_STATE_KEY = 'alternates';
