/**
 * The cookie consent's value (spec section 8), one format for the browser (pwa/app/consent) and the server's plain form
 * (server/modules/consent, its form in shared/schemas/consent.ts): the choice lives in the COOKIE_CONSENT_NAME cookie for 180 days, as URI-encoded JSON.
 */
export const CONSENT_MAX_AGE_DAYS = 180;
export const CONSENT_VERSION = 1;

export interface Consent {
  v: number;
  /** Always true: necessary cookies cannot be refused. */
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  /** ISO date of the choice. */
  at: string;
}

export function makeConsent(choice: { analytics: boolean; marketing: boolean }, now = new Date()): Consent {
  return { v: CONSENT_VERSION, necessary: true, analytics: choice.analytics, marketing: choice.marketing, at: now.toISOString() };
}

/** The cookie's value (without name and attributes). */
export function consentCookieValue(consent: Consent): string {
  return encodeURIComponent(JSON.stringify(consent));
}

/** Normalises whatever the cookie holds; an unknown or malformed value means "no choice yet". */
export function parseConsent(raw: string | undefined): Consent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<Consent>;
    if (value.v !== CONSENT_VERSION || typeof value.analytics !== 'boolean' || typeof value.marketing !== 'boolean') return null;
    return { v: CONSENT_VERSION, necessary: true, analytics: value.analytics, marketing: value.marketing, at: String(value.at ?? '') };
  } catch {
    return null;
  }
}

/**
 * What a consent form's pressed button means (the banner's and the settings' `choice`: all, only the necessary, or the
 * ticked boxes): the same for the server's plain form and the app's own submit.
 */
export function consentChoice(form: { choice: 'all' | 'necessary' | 'custom'; analytics?: string | boolean | undefined; marketing?: string | boolean | undefined }): {
  analytics: boolean;
  marketing: boolean;
} {
  if (form.choice === 'all') return { analytics: true, marketing: true };
  if (form.choice === 'necessary') return { analytics: false, marketing: false };
  return { analytics: form.analytics === 'on' || form.analytics === true, marketing: form.marketing === 'on' || form.marketing === true };
}
