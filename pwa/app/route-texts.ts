/** Which text namespaces each page needs before it renders (router.tsx loads them with the page's module). */
import { ROUTES, type RouteId } from '../../shared/routes';
import { NAMESPACES } from '../i18n';

/** Public pages whose texts are in the account namespace (sign-in, registration, their e-mail links' pages). */
const ACCOUNT_PAGES: ReadonlySet<RouteId> = new Set(['confirmEmail', 'loginReview', 'successUser']);
/** The bare confirmation screens after an application: the applications' texts too. */
const APPLICATION_SCREENS: ReadonlySet<RouteId> = new Set(['successAdmin', 'successAdminPuls']);

/**
 * A feature's own texts, loaded on demand: the pages that show them, so that none renders a key before its texts are
 * there (i18next shows the key itself until then, e.g. "company.link" on the survey page's paper-entry button).
 */
const FEATURE_TEXTS: Partial<Record<RouteId, readonly string[]>> = {
  // The code entry's own pages (a server-rendered first load has these texts already; a visit from another page not).
  questionnaire: ['questionnaire'],
  employeeSatisfactionPage: ['questionnaire'],
  questionnairePuls: ['questionnaire'],
  profileIzzDetail: ['reports', 'kiosk', 'paper-entry'],
  profilePulsDetail: ['reports', 'kiosk', 'paper-entry'],
  profileIzzActions: ['actions'],
  employeeResults: ['actions'],
  kioskSetup: ['kiosk'],
  questionnaireKiosk: ['kiosk'],
  profileIzzEntry: ['paper-entry'],
  reportBasic: ['reports'],
  reportBenchmark: ['reports'],
  reportComparative: ['reports'],
  reportPuls: ['reports'],
};

/**
 * The text namespaces a page needs besides common and pages, loaded in the browser with its module (before it renders):
 * a public page needs none of the signed-in areas' texts (an anonymous visitor fetched the admin, applications and
 * account chunks after every page); a signed-in user's shell loads them all (main.tsx); a feature's own texts come
 * with the pages that show them (FEATURE_TEXTS).
 */
export function routeNamespaces(id: RouteId): string[] {
  return [...areaNamespaces(id), ...(FEATURE_TEXTS[id] ?? [])];
}

function areaNamespaces(id: RouteId): readonly string[] {
  const { access } = ROUTES[id];
  if (access === 'admin' || access === 'protected') return NAMESPACES;
  if (APPLICATION_SCREENS.has(id)) return ['account', 'applications'];
  if (access === 'guest' || ACCOUNT_PAGES.has(id)) return ['account'];
  return [];
}
