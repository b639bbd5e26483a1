import { lazy, memo, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { ROUTES, type RouteDef, type RouteId } from '../../../shared/routes';
import { useLocale } from '../../i18n/use-locale';
import { ConsentProvider } from '../consent/consent-context';
import { CookieBanner, CookieSettings } from '../consent/cookie-consent';
import { PwaUpdatePrompt } from '../pwa-update';
import { isAdmin } from '../../session/guards';
import { loadAvailableYears, loadConfig, useShell } from '../../session/shell-store';
import { Footer as FooterContent } from './footer';
import { Header as HeaderContent } from './header';
import { useOnline } from '../../lib/use-online';
import { LoadingBar } from './loading-bar';
import { ProfileNav } from './profile-nav';

// The header and the footer render again only when what they show changes (their own props and hooks), not on every
// render of the layout: react-router renders the layout afresh on each change of its state (a navigation starting,
// loading, ending), and on a slow phone each pass over the whole header is tens of milliseconds.
const Header = memo(HeaderContent);
const Footer = memo(FooterContent);

// Administrators' parts of the shell are their own chunk (with their texts): nobody else loads them, and a visitor's
// or respondent's first load stays within its budget.
const ActingBanner = lazy(() => import('./acting-banner').then((m) => ({ default: m.ActingBanner })));
const AdminNav = lazy(() => import('./admin-nav').then((m) => ({ default: m.AdminNav })));

interface Handle {
  routeId: RouteId;
}

function useCurrentRouteId(): RouteId | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Handle | undefined;
    if (handle && typeof handle === 'object' && 'routeId' in handle) return handle.routeId;
  }
  return null;
}

/**
 * Respondent routes (questionnaire, PULS, kiosk): a new service worker is never offered there, and the
 * cookie banner is held back — it would cover the answer buttons on a phone, and respondents' pages
 * load no analytics or marketing scripts (ConsentProvider trackers=false), so there is nothing to consent to.
 */
function isQuestionnaireRoute(id: RouteId | null): boolean {
  return id !== null && (id.startsWith('questionnaire') || id.startsWith('employeeSatisfaction'));
}

function OfflineNotice() {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status" data-testid="offline-notice">
      <div className="container">{t('offline.notice')}</div>
    </div>
  );
}

export function RootLayout() {
  const { t, i18n } = useTranslation('common');
  const routeId = useCurrentRouteId();
  const locale = useLocale();
  const { pathname } = useLocation();
  const busy = useNavigation().state !== 'idle';
  const { user } = useShell();
  const def: RouteDef | null = routeId ? ROUTES[routeId] : null;
  const headerMode = def?.header ?? 'full';
  const showFooter = def?.footer ?? true;
  // The cookie banner and the 'available offline' note belong to the site's public pages and the respondents' (issue
  // 28): an administrator's, a company's profile and report pages work without them (a report's print view, a table's
  // last rows are not covered); an unknown path is a public page.
  const publicPage = def === null || def.access === 'public' || def.access === 'guest';
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // <html lang> follows the URL; the title names the page (a page may set a more specific one).
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
    const site = t('siteName');
    document.title = routeId && routeId !== 'home' ? `${t(`nav.${routeId}`)} | ${site}` : routeId ? site : `${t('notFound.title')} | ${site}`;
  }, [locale, routeId, t, i18n.language]);

  // Spec: config on start, available years on every page load — where they are shown: the full header's winners menu
  // (a respondent's questionnaire has the minimal header or none, and asks for nothing it does not show).
  useEffect(() => {
    void loadConfig();
    if (headerMode === 'full') void loadAvailableYears();
  }, [pathname, headerMode]);

  // After a client-side navigation, move focus to the main content for screen-reader users.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <ConsentProvider trackers={!isQuestionnaireRoute(routeId)}>
      <a className="skip-link" href="#main">
        {t('skipLink')}
      </a>
      <LoadingBar />
      <OfflineNotice />
      {user?.acting_admin && (
        <Suspense fallback={null}>
          <ActingBanner />
        </Suspense>
      )}
      {def?.adminNav ? (
        // Administrators get their navigation; anyone else here sees the error page with the normal header.
        user && isAdmin(user) ? (
          <Suspense fallback={null}>
            <AdminNav />
          </Suspense>
        ) : (
          <Header mode="full" />
        )
      ) : def?.profileNav ? (
        <ProfileNav />
      ) : headerMode !== 'none' ? (
        <Header mode={headerMode} />
      ) : null}
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main" aria-busy={busy || undefined}>
        <Outlet />
      </main>
      {showFooter && <Footer />}
      {publicPage && !isQuestionnaireRoute(routeId) && <CookieBanner />}
      <CookieSettings />
      <PwaUpdatePrompt suppressed={isQuestionnaireRoute(routeId)} offlineNote={publicPage} />
      <ScrollRestoration />
    </ConsentProvider>
  );
}
