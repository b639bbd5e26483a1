/**
 * A page whose address differs by language beyond its route (a blog post: each language's version has its own slug,
 * and some languages have none) names its address in each language here while it is shown; the header's language
 * switch links there instead of translating the route's path (which would open a 404).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { UiLocale } from '../../shared/locales';

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

/** The shown page's addresses in other languages, or null (the route's own, translated). Null on the server. */
export function useAlternatePaths(): AlternatePaths | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
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
