/**
 * The route table: one entry per screen, with its path in every UI locale.
 * It drives the client router, the server's 404 answer and the language switcher.
 *
 * Paths are written without the locale prefix and without a leading slash.
 * sl (default) has no prefix; every other locale is prefixed with its code (/en/blogs).
 * A parameter is written ':name' and must match PARAM_PATTERNS[name]; a path whose
 * parameter fails its pattern is not a match (failed route validation gives 404).
 */
import { DEFAULT_UI_LOCALE, UI_LOCALES, isUiLocale, type UiLocale } from './locales.js';

/** Who may open a route. guest: only logged-out users; protected: logged-in company users. */
export type RouteAccess = 'public' | 'guest' | 'protected' | 'admin';
/**
 * Header variants (spec section 2, shell behaviour):
 * full: logo, main nav, right block; minimal: logo only (no nav, no right block);
 * puls: the pulse logo only; none: no header.
 */
export type HeaderMode = 'full' | 'minimal' | 'puls' | 'none';

export interface RouteDef {
  /** Path per locale, without prefix or leading slash. Missing locales use `en`. */
  paths: { sl: string; en: string } & Partial<Record<UiLocale, string>>;
  access: RouteAccess;
  header: HeaderMode;
  footer: boolean;
  /** Profile pages show the profile navigation instead of the main header. */
  profileNav?: boolean;
  /** Administrator pages show the administration navigation instead of the main header. */
  adminNav?: boolean;
  /**
   * A protected page that keeps working offline from what the device already holds (HR data entry):
   * when the browser is offline and the session cannot be checked, its guard lets it through and the
   * page shows only the data stored on the device. The server still checks the session on every request.
   */
  offline?: boolean;
}

const page = (sl: string, en: string, extra: Partial<RouteDef> = {}, more: Partial<Record<UiLocale, string>> = {}): RouteDef => ({
  paths: { sl, en, ...more },
  access: 'public',
  header: 'full',
  footer: true,
  ...extra,
});

const bare: Partial<RouteDef> = { header: 'none', footer: false };
const employee: Partial<RouteDef> = { header: 'minimal' };
const pulsQuestionnaire: Partial<RouteDef> = { header: 'none' };
const profile: Partial<RouteDef> = { access: 'protected', header: 'none', footer: true, profileNav: true };
const report: Partial<RouteDef> = { access: 'protected', header: 'none', footer: false };
const guest: Partial<RouteDef> = { access: 'guest' };
const admin: Partial<RouteDef> = { access: 'admin', header: 'none', footer: false, adminNav: true };

export const ROUTES = {
  // Public
  home: page('', ''),
  blogs: page('blogi', 'blogs'),
  blogPost: page('blogi/:slug', 'blogs/:slug'),
  pastWinners: page('pretekli-nagrajenci/:slug', 'past-winners/:slug'),
  calculator: page('kalkulator', 'calculator'),
  contact: page('kontakt', 'contact'),
  cookies: page('piskotki', 'cookies'),
  gdpr: page('varstvo-podatkov', 'gdpr'),
  feedback: page('izkusnje-uporabnikov', 'feedback'),
  awardConditions: page('pogoji-za-nagrado', 'award-conditions'),
  conductingResearch: page('izvedba-raziskave', 'conducting-research'),
  projectHistory: page('zgodovina-projekta', 'project-history'),
  reports: page('porocila', 'reports'),
  puls: page('puls', 'puls'),
  termsOfService: page('pogoji-uporabe', 'terms-of-service'),

  // Account
  login: page('prijava', 'login', guest),
  loginAsClient: page('prijava-kot-stranka', 'login-as-client', admin),
  register: page('registracija', 'register', guest),
  confirmEmail: page('potrditev-e-poste', 'confirm-email'),
  forgotPassword: page('pozabljeno-geslo', 'forgot-password', guest),
  resetPassword: page('ponastavitev-gesla', 'reset-password', guest),
  loginReview: page('pregled-prijave', 'login-review', bare),

  // Employee (respondent, no login)
  questionnaire: page('vprasalnik', 'questionnaire'),
  questionnaireReview: page('vprasalnik-pregled', 'questionnaire-review', bare),
  questionnairePuls: page('vprasalnik-puls', 'questionnaire-puls', { header: 'puls' }),
  questionnairePulsLoginReview: page('vprasalnik-puls/pregled-prijave', 'questionnaire-puls/login-review', bare),
  questionnairePulsQuestionnaire: page('vprasalnik-puls/vprasalnik', 'questionnaire-puls/questionnaire', pulsQuestionnaire),
  questionnairePulsReview: page('vprasalnik-puls/pregled', 'questionnaire-puls/review', bare),
  questionnairePulsSuccess: page('vprasalnik-puls/uspeh', 'questionnaire-puls/success', bare),
  employeeSatisfactionPage: page('zadovoljstvo-zaposlenih', 'employee-satisfaction-page', employee),
  employeeSatisfactionQuestionnaire: page('zadovoljstvo-zaposlenih/vprasalnik', 'employee-satisfaction-page/questionnaire', employee),
  employeeSatisfactionSuccess: page('zadovoljstvo-zaposlenih/uspeh', 'employee-satisfaction-page/success', bare),
  successAdmin: page('uspeh-admin', 'success-admin', bare),
  successAdminPuls: page('uspeh-admin-puls', 'success-admin-puls', bare),
  successUser: page('uspeh-uporabnik', 'success-user', bare),
  // The results page a company shares back with its employees: public under an unguessable token.
  employeeResults: page('rezultati/:token', 'results/:token', { header: 'minimal', footer: false }),

  // Company profile
  profileIzz: page('profil/izz', 'profile/izz', profile),
  profileIzzDetail: page('profil/izz/:id', 'profile/izz/:id', profile),
  profilePuls: page('profil/puls', 'profile/puls', profile),
  profilePulsDetail: page('profil/puls/:id', 'profile/puls/:id', profile),
  profileEdit: page('profil/uredi', 'profile/edit', profile),
  profileChangePassword: page('profil/sprememba-gesla', 'profile/change-password', profile),
  profileFeedback: page('profil/mnenje', 'profile/feedback', profile),
  profileInstructions: page('profil/navodila', 'profile/instructions', profile),
  profileAward: page('profil/nagrada', 'profile/award', profile),
  kioskSetup: page('profil/kiosk', 'profile/kiosk', profile),
  profileIzzEntry: page('profil/izz/:id/vnos', 'profile/izz/:id/entry', { ...profile, offline: true }),
  profileIzzActions: page('profil/izz/:id/ukrepi', 'profile/izz/:id/actions', profile),

  // Kiosk mode: a shared tablet for one survey, no session, no header or footer
  questionnaireKiosk: page('kiosk', 'kiosk', bare),

  // Reports
  reportBasic: page('porocilo/osnovno', 'report/basic', report),
  reportBenchmark: page('porocilo/primerjava-s-trgom', 'report/benchmark', report),
  reportComparative: page('porocilo/primerjalno', 'report/comparative', report),
  reportPuls: page('porocilo/puls', 'report/puls', report),

  // Administrator (the operator's staff)
  admin: page('admin', 'admin', admin),
  adminCompanies: page('admin/podjetja', 'admin/companies', admin),
  adminCompany: page('admin/podjetja/:id', 'admin/companies/:id', admin),
  adminApplications: page('admin/prijave', 'admin/applications', admin),
  adminApplication: page('admin/prijave/:id', 'admin/applications/:id', admin),
  adminOutbox: page('admin/posta', 'admin/outbox', admin),
  adminPrices: page('admin/cenik', 'admin/prices', admin),
  adminTestimonials: page('admin/mnenja', 'admin/testimonials', admin),
  adminAuditLog: page('admin/revizijska-sled', 'admin/audit-log', admin),
  adminAward: page('admin/nagrada', 'admin/award', admin),
  adminBlogs: page('admin/blogi', 'admin/blogs', admin),
  adminBlogNew: page('admin/blogi/nov', 'admin/blogs/new', admin),
  adminBlog: page('admin/blogi/:id', 'admin/blogs/:id', admin),
} satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof ROUTES;
export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** Parameter patterns: a value that does not match makes the path unknown (404). */
export const PARAM_PATTERNS: Record<string, RegExp> = {
  slug: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  id: /^[1-9][0-9]{0,9}$/,
  /** The employees' results page: 32 random bytes, base64url. */
  token: /^[A-Za-z0-9_-]{43}$/,
};

export type RouteParams = Record<string, string>;

export function routePath(id: RouteId, locale: UiLocale): string {
  const def: RouteDef = ROUTES[id];
  return def.paths[locale] ?? def.paths.en;
}

/** Builds the full URL path of a route in a locale: ('blogs', 'en') -> '/en/blogs'; ('home', 'sl') -> '/'. */
export function localizedPath(id: RouteId, locale: UiLocale, params: RouteParams = {}): string {
  const filled = routePath(id, locale)
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg;
      const name = seg.slice(1);
      const value = params[name];
      if (value === undefined) throw new Error(`Missing route parameter "${name}" for route ${id}`);
      return encodeURIComponent(value);
    })
    .join('/');
  const prefix = locale === DEFAULT_UI_LOCALE ? '' : `/${locale}`;
  if (!filled) return prefix || '/';
  return `${prefix}/${filled}`;
}

export interface RouteMatch {
  id: RouteId;
  locale: UiLocale;
  params: RouteParams;
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((s) => s.length > 0);
}

function matchSegments(pattern: string, segments: string[]): RouteParams | null {
  const parts = splitPath(pattern);
  if (parts.length !== segments.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const seg = segments[i] as string;
    if (part.startsWith(':')) {
      const name = part.slice(1);
      let value: string;
      try {
        value = decodeURIComponent(seg);
      } catch {
        return null;
      }
      const pattern = PARAM_PATTERNS[name];
      if (pattern && !pattern.test(value)) return null;
      params[name] = value;
    } else if (part !== seg) {
      return null;
    }
  }
  return params;
}

/** Which locale a path belongs to, from its first segment (no prefix means sl). */
export function localeOfPath(pathname: string): UiLocale {
  const first = splitPath(pathname)[0];
  return first && first !== DEFAULT_UI_LOCALE && isUiLocale(first) ? first : DEFAULT_UI_LOCALE;
}

/** Resolves a URL path to a route, its locale and parameters, or null when no page exists there. */
export function matchRoute(pathname: string): RouteMatch | null {
  let segments = splitPath(pathname);
  let locale: UiLocale = DEFAULT_UI_LOCALE;
  const first = segments[0];
  if (first && first !== DEFAULT_UI_LOCALE && isUiLocale(first)) {
    locale = first;
    segments = segments.slice(1);
  }
  for (const id of ROUTE_IDS) {
    const params = matchSegments(routePath(id, locale), segments);
    if (params) return { id, locale, params };
  }
  return null;
}

/**
 * Maps the current path to the same page in another locale, keeping parameters,
 * query and hash. An unknown path maps to the target locale's home page.
 */
export function switchLocalePath(fullPath: string, target: UiLocale): string {
  const url = new URL(fullPath, 'http://local.invalid');
  const match = matchRoute(url.pathname);
  if (!match) return localizedPath('home', target);
  return localizedPath(match.id, target, match.params) + url.search + url.hash;
}

export { UI_LOCALES };

/** The routes a respondent's invitation opens: the code entry (server-rendered, and it works before any script runs). */
export const CODE_ENTRY_ROUTES: readonly RouteId[] = ['questionnaire', 'employeeSatisfactionPage', 'questionnairePuls'];
