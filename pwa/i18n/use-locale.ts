import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localeOfPath, localizedPath, type RouteId, type RouteParams } from '../../shared/routes';
import type { UiLocale } from '../../shared/locales';

/** The UI locale of the current page; it always comes from the URL. */
export function useLocale(): UiLocale {
  return localeOfPath(useLocation().pathname);
}

/**
 * Returns a function building the current locale's URL of a route:
 * const to = useLocalizedPath(); to('blogPost', { slug }) -> '/en/blogs/my-post'.
 */
export function useLocalizedPath(): (id: RouteId, params?: RouteParams) => string {
  const locale = useLocale();
  return useCallback((id: RouteId, params?: RouteParams) => localizedPath(id, locale, params), [locale]);
}
