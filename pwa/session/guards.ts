/**
 * Route guards from ROUTES[id].access (spec section 2, auth redirects).
 * guest: logged-in users go to the sign-in review (login-review: who is signed in, the way on); protected/admin:
 * guests go to the login page; an administrator on a company page goes to the administration
 * with ?next=<current path>. Every return path passes isSafeLocalPath before it is used.
 */
import type { RouteAccess } from '../../shared/routes';
import { localizedPath } from '../../shared/routes';
import type { UiLocale } from '../../shared/locales';
import { safeRedirect } from '../../shared/safe-redirect';
import type { CurrentUser } from '../../shared/schemas/user';

export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' };

export function isAdmin(user: Pick<CurrentUser, 'scope'>): boolean {
  return user.scope.includes('admin');
}

/** An administrator without a company of their own: their pages are the administration. */
function isAdminOnly(user: Pick<CurrentUser, 'scope'>): boolean {
  return isAdmin(user) && !user.scope.includes('company');
}

/** Where a user lands after logging in: the ?next= value when safe, else the survey profile. */
export function afterLoginPath(next: unknown, locale: UiLocale): string {
  return safeRedirect(next, localizedPath('profileIzz', locale));
}

export function loginPathWithNext(locale: UiLocale, currentPath: string): string {
  const login = localizedPath('login', locale);
  const next = safeRedirect(currentPath, '');
  return next ? `${login}?next=${encodeURIComponent(next)}` : login;
}

export function guardRoute(access: RouteAccess, user: CurrentUser | null, locale: UiLocale, currentPath: string): GuardResult {
  switch (access) {
    case 'public':
      return { kind: 'allow' };
    case 'guest':
      if (!user) return { kind: 'allow' };
      // Someone is already signed in here (a colleague on a shared computer, an old tab): the sign-in review
      // says who, and offers the way on or logging out, instead of silently opening that account's pages.
      return { kind: 'redirect', to: localizedPath('loginReview', locale) };
    case 'protected':
      if (!user) return { kind: 'redirect', to: loginPathWithNext(locale, currentPath) };
      // Company pages need a company: an administrator goes to the administration (or acts as a client).
      return isAdminOnly(user) ? { kind: 'redirect', to: localizedPath('admin', locale) } : { kind: 'allow' };
    case 'admin':
      if (!user) return { kind: 'redirect', to: loginPathWithNext(locale, currentPath) };
      return isAdmin(user) ? { kind: 'allow' } : { kind: 'forbidden' };
  }
}
