/**
 * A page whose address differs by language beyond its route (a blog post: each language's version has its own slug,
 * and some languages have none) names its address in each language here while it is shown; the header's language
 * switch links there instead of translating the route's path (which would open a 404).
 */
import { useContext, useEffect, useSyncExternalStore } from 'react';
import { PAGE_ALTERNATES_STATE_KEY } from '../../shared/constants';
import type { UiLocale } from '../../shared/locales';
import { SsrDataContext } from './ssr-data';

export type AlternatePaths = Partial<Record<UiLocale, string>>;

let current: AlternatePaths | null = null;
const listeners = new Set<() => void>();

function publish(next: AlternatePaths | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The shown page's addresses in other languages, or null (the route's own, translated). On the server they come from
 * the page state the page server gives (the header renders before the page could name them; public pages that are
 * not hydrated keep those links).
 */
export function useAlternatePaths(): AlternatePaths | null {
  const server = useContext(SsrDataContext);
  const shown = useSyncExternalStore(subscribe, () => current, () => null);
  return server ? ((server.page[PAGE_ALTERNATES_STATE_KEY] as AlternatePaths | undefined) ?? null) : shown;
}

/** Names the page's addresses in other languages while it is shown (null: none of its own). */
export function useSetAlternatePaths(paths: AlternatePaths | null): void {
  const key = paths && JSON.stringify(paths);
  useEffect(() => {
    if (!key) return;
    publish(JSON.parse(key) as AlternatePaths);
    return () => publish(null);
  }, [key]);
}
