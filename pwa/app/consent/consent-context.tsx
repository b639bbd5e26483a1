import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useShell } from '../../session/shell-store';
import { loadTrackers, planTrackers } from './analytics';
import { SsrDataContext } from '../../lib/ssr-data';
import { consentFromCookies, deleteOtherCookies, makeConsent, readConsent, writeConsent, type Consent } from './consent';

interface ConsentContextValue {
  consent: Consent | null;
  settingsOpen: boolean;
  openSettings: () => void;
  closeSettings: () => void;
  choose: (choice: { analytics: boolean; marketing: boolean }) => void;
}

/** The address fragment that opens the cookie settings (the footer's link). */
export const COOKIE_SETTINGS_HASH = 'cookie-settings';

const ConsentContext = createContext<ConsentContextValue | null>(null);

/**
 * trackers=false (respondent routes): analytics and the tag manager are not loaded there whatever the
 * consent, so a respondent who opens an invitation link loads no third-party script at all.
 */
export function ConsentProvider({ children, trackers = true }: { children: ReactNode; trackers?: boolean }) {
  const server = useContext(SsrDataContext);
  // The server renders a public page with the visitor's choice from the request's cookies, as the browser then does.
  const [consent, setConsent] = useState<Consent | null>(() => (server ? consentFromCookies(server.cookies) : typeof document === 'undefined' ? null : readConsent()));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { config } = useShell();

  const choose = useCallback((choice: { analytics: boolean; marketing: boolean }) => {
    const next = makeConsent(choice);
    // First acceptance and every change: remove every other cookie, then store the choice.
    deleteOtherCookies();
    writeConsent(next);
    setConsent(next);
    setSettingsOpen(false);
  }, []);

  // Opened at #cookie-settings (the footer's link from a page without the app): the settings open at once.
  useEffect(() => {
    if (window.location.hash === `#${COOKIE_SETTINGS_HASH}`) setSettingsOpen(true);
  }, []);

  useEffect(() => {
    if (trackers) loadTrackers(planTrackers(consent, config, import.meta.env.PROD));
  }, [consent, config, trackers]);

  const value = useMemo<ConsentContextValue>(
    () => ({
      consent,
      settingsOpen,
      openSettings: () => setSettingsOpen(true),
      closeSettings: () => setSettingsOpen(false),
      choose,
    }),
    [consent, settingsOpen, choose],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentContextValue {
  const value = useContext(ConsentContext);
  if (!value) throw new Error('useConsent must be used inside <ConsentProvider>');
  return value;
}
