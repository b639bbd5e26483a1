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
