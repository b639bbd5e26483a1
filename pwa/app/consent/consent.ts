/**
 * Cookie consent (spec section 8): the choice lives in the COOKIE_CONSENT_NAME cookie for
 * 180 days. On the first acceptance and on every change every other cookie the script can
 * see is deleted (the HttpOnly session cookie is invisible to JS and stays).
 */
import { CONSENT_MAX_AGE_DAYS, consentCookieValue, parseConsent, type Consent } from '../../../shared/consent';
import { COOKIE_CONSENT_NAME, SESSION_HINT_COOKIE_NAME } from '../../../shared/constants';

export { CONSENT_MAX_AGE_DAYS, CONSENT_VERSION, makeConsent, parseConsent, type Consent } from '../../../shared/consent';

export function cookieNames(cookieString: string): string[] {
  return cookieString
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name.length > 0);
}

export function readConsent(doc: Document = document): Consent | null {
  return consentFromCookies(doc.cookie);
}

/** The consent a Cookie header (or document.cookie) holds: the server renders the page with it too. */
export function consentFromCookies(cookies: string): Consent | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === COOKIE_CONSENT_NAME) return parseConsent(part.slice(eq + 1).trim());
  }
  return null;
}

export function writeConsent(consent: Consent, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  const maxAge = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
  doc.cookie = `${COOKIE_CONSENT_NAME}=${consentCookieValue(consent)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/** The domains a cookie may have been set on: none (host-only), the host, and each parent domain. */
export function domainVariants(hostname: string): (string | null)[] {
  const variants: (string | null)[] = [null];
  if (!hostname || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return variants; // IP address: host-only
  const parts = hostname.split('.');
  for (let i = 0; i < parts.length; i++) {
    const domain = parts.slice(i).join('.');
    if (!domain) continue;
    variants.push(domain, `.${domain}`);
  }
  return variants;
}

/** The paths a cookie may have been set on: '/' and every prefix of the current path. */
export function pathVariants(pathname: string): string[] {
  const paths = new Set<string>(['/']);
  const segments = pathname.split('/').filter(Boolean);
  let current = '';
  for (const seg of segments) {
    current += `/${seg}`;
    paths.add(current);
    paths.add(`${current}/`);
  }
  return [...paths];
}

/**
 * Expires every cookie visible to JS except the ones in `keep` (the necessary ones by default: the consent cookie and
 * the session's readable 'signed in' hint),
 * on every path and domain variant it may have been set with. Returns the names it deleted.
 */
export function deleteOtherCookies(doc: Document = document, keep: readonly string[] = [COOKIE_CONSENT_NAME, SESSION_HINT_COOKIE_NAME]): string[] {
  const names = [...new Set(cookieNames(doc.cookie))].filter((name) => !keep.includes(name));
  const hostname = doc.location?.hostname ?? '';
  const pathname = doc.location?.pathname ?? '/';
  for (const name of names) {
    for (const path of pathVariants(pathname)) {
      for (const domain of domainVariants(hostname)) {
        const domainPart = domain ? `; Domain=${domain}` : '';
        doc.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=${path}${domainPart}`;
      }
    }
  }
  return names;
}
