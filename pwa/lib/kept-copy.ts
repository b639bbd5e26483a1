/**
 * The last answer of a few public shell requests (the site configuration, the footer's HTML), kept in localStorage so
 * that a page opened offline still shows what the visitor saw before (the footer's e-mail and phone), even when the
 * request never went through the service worker (a page the server rendered answers them itself). Only data that is
 * the same for every visitor is kept; a missing or unusable store keeps nothing.
 */
const PREFIX = 'izz:kept:';

export function keepCopy(name: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    // No storage (private mode, quota, server rendering): nothing is kept.
  }
}

/** The kept value when `accept` takes it (a shape check), else null. */
export function keptCopy<T>(name: string, accept: (value: unknown) => value is T): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + name);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    return accept(value) ? value : null;
  } catch {
    return null;
  }
}
