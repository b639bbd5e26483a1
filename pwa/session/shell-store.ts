/**
 * Shell state shared by every page: site config (GET /api/config), the current user
 * (GET /api/me, 401 = guest) and the leaderboard's available years. A tiny external store
 * read with useSyncExternalStore, so route loaders (guards) and components see the same data.
 */
import { useSyncExternalStore } from 'react';
import type { SiteConfig } from '../../shared/schemas/config';
import type { CurrentUser } from '../../shared/schemas/user';
import { SESSION_HINT_COOKIE_NAME } from '../../shared/constants';
import { ApiError, getData } from '../lib/api';
import { setDisplayTimeZone } from '../lib/dates';
import { keepCopy, keptCopy } from '../lib/kept-copy';

/** A kept configuration looks like one (the footer reads its contact fields, the dates its time zone). */
function isKeptConfig(value: unknown): value is SiteConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.market === 'string' && typeof v.time_zone === 'string' && 'contact_email' in v && 'contact_phone' in v;
}
const CONFIG_COPY = 'config';

export interface ShellState {
  config: SiteConfig | null;
  /** undefined while the first /api/me call is pending, null for guests. */
  user: CurrentUser | null | undefined;
  availableYears: number[];
}

let state: ShellState = { config: null, user: undefined, availableYears: [] };
const listeners = new Set<() => void>();

function setState(patch: Partial<ShellState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function getShellState(): ShellState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The state a server-rendered page was rendered with (its payload's `shell`): the server renders with it, and the
 * browser hydrates with it before switching to the live state, so the first render matches the server's HTML.
 */
let renderedState: ShellState | null = null;

/** Server: the shell data public pages render with (config and winners years are the same for every visitor; no user). */
export function setRenderedShell(shell: Pick<ShellState, 'config' | 'availableYears'>): ShellState {
  renderedState = { config: shell.config, availableYears: shell.availableYears, user: null };
  return renderedState;
}

/** Browser: before hydrating a server-rendered page, start from the data it was rendered with. */
export function hydrateShell(shell: Pick<ShellState, 'config' | 'availableYears'>): void {
  const rendered = setRenderedShell(shell);
  if (shell.config) setDisplayTimeZone(shell.config.time_zone);
  // The server read the configuration for this very page: it is not asked for again (on a slow phone every answer
  // that changes the shell's state is a render of the whole page).
  if (shell.config) {
    configPromise ??= Promise.resolve(shell.config);
    keepCopy(CONFIG_COPY, shell.config);
  }
  setState({ config: state.config ?? rendered.config, availableYears: state.availableYears.length ? state.availableYears : rendered.availableYears });
}

/**
 * During hydration React reads this, and afterwards renders every reader again if the live state is another object.
 * The live state usually holds the very values the page was rendered with (hydrateShell): then it is that object, and
 * the whole shell is not rendered a second time right after it was taken over.
 */
const getServerSnapshot = (): ShellState => {
  if (!renderedState) return state;
  const same = renderedState.config === state.config && renderedState.availableYears === state.availableYears && renderedState.user === state.user;
  return same ? state : renderedState;
};

export function useShell(): ShellState {
  return useSyncExternalStore(subscribe, getShellState, getServerSnapshot);
}

let userPromise: Promise<CurrentUser | null> | null = null;

/** Whether the server's readable 'signed in' hint is set: without it nobody is logged in, and /api/me is not asked. */
function signedInHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE_NAME}=`));
}

/** The current user; no session hint, a 401, or no network means guest. Cached until refreshUser(). */
export function loadUser(): Promise<CurrentUser | null> {
  if (!userPromise && !signedInHint()) {
    setState({ user: null });
    userPromise = Promise.resolve(null);
  }
  userPromise ??= getData<CurrentUser>('/api/me').then(
    (user) => {
      setState({ user });
      return user;
    },
    (err: unknown) => {
      if (!(err instanceof ApiError) || (err.status !== 401 && !err.network)) console.error('GET /api/me failed', err);
      setState({ user: null });
      return null;
    },
  );
  return userPromise;
}

/** Call after login, logout or an e-mail change. */
export function refreshUser(): Promise<CurrentUser | null> {
  userPromise = null;
  return loadUser();
}

/** Sets the user directly (e.g. from a login response) without another round trip. */
export function setUser(user: CurrentUser | null): void {
  userPromise = Promise.resolve(user);
  setState({ user });
}

let configPromise: Promise<SiteConfig | null> | null = null;

export function loadConfig(): Promise<SiteConfig | null> {
  configPromise ??= getData<SiteConfig>('/api/config').then(
    (config) => {
      setDisplayTimeZone(config.time_zone);
      setState({ config });
      keepCopy(CONFIG_COPY, config);
      return config;
    },
    (err: unknown) => {
      if (!(err instanceof ApiError && err.network)) console.warn('GET /api/config failed', err);
      configPromise = null; // try again on the next navigation
      // Offline (or the server failed): the configuration this browser last had, so the footer keeps its contact.
      const kept = state.config ?? keptCopy(CONFIG_COPY, isKeptConfig);
      if (kept && !state.config) {
        setDisplayTimeZone(kept.time_zone);
        setState({ config: kept });
      }
      return kept;
    },
  );
  return configPromise;
}

/** Spec: read on every page load, sorted descending. Failures keep the last known list. */
export async function loadAvailableYears(): Promise<number[]> {
  try {
    const data = await getData<{ available_years: number[] }>('/api/leaderboards/available-years');
    const years = [...data.available_years].sort((a, b) => b - a);
    const same = years.length === state.availableYears.length && years.every((year, i) => year === state.availableYears[i]);
    if (!same) setState({ availableYears: years });
    return years;
  } catch {
    return state.availableYears;
  }
}

/** Test helper: back to the initial state. */
export function resetShellStore(next: Partial<ShellState> = {}): void {
  userPromise = null;
  configPromise = null;
  state = { config: null, user: undefined, availableYears: [], ...next };
  for (const l of listeners) l();
}
