/**
 * Route guards from ROUTES[id].access (spec section 2, auth redirects).
 * guest: logged-in users go to their profile; protected/admin: guests go to the login page
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
      return user ? { kind: 'redirect', to: localizedPath('profileIzz', locale) } : { kind: 'allow' };
    case 'protected':
      return user ? { kind: 'allow' } : { kind: 'redirect', to: loginPathWithNext(locale, currentPath) };
    case 'admin':
      if (!user) return { kind: 'redirect', to: loginPathWithNext(locale, currentPath) };
      return isAdmin(user) ? { kind: 'allow' } : { kind: 'forbidden' };
  }
}
