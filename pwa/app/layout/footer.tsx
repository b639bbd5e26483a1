import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UI } from '../../../shared/constants';
import { localizedPath } from '../../../shared/routes';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useLocale } from '../../i18n/use-locale';
import type { UiLocale } from '../../../shared/locales';
import type { PartnerLogo } from '../../../shared/schemas/asset';
import { api, ApiError, getData } from '../../lib/api';
import { keepCopy, keptCopy } from '../../lib/kept-copy';
import { useResource } from '../../lib/use-resource';
import { COOKIE_SETTINGS_HASH, useConsent } from '../consent/consent-context';
import { useShell } from '../../session/shell-store';

/** GET /api/footer?theme=light&lang= answers the operator's footer HTML, sanitised by the server. */
export async function fetchFooterHtml(locale: UiLocale, signal?: AbortSignal): Promise<string> {
  const body = await api<string>('/api/footer', { query: { theme: 'light', lang: locale }, responseType: 'text', signal });
  return body.trim();
}

// Kept for the whole visit in the browser: the footer is the same on every page of a locale (the server, rendering
// public pages, asks every time: the operator may have changed it).
const keep = typeof window !== 'undefined';
const footerCache = new Map<UiLocale, string>();
let partnerCache: PartnerLogo | null | undefined;

const isText = (value: unknown): value is string => typeof value === 'string';

function useFooterHtml(locale: UiLocale): string {
  const footer = useResource(async (signal) => {
    const cached = footerCache.get(locale);
    if (cached !== undefined) return cached;
    let html: string;
    try {
      html = await fetchFooterHtml(locale, signal);
    } catch (error) {
      // Offline: the footer this browser last had in this language (sanitised by the server when it was served).
      const kept = error instanceof ApiError && error.network ? keptCopy(`footer:${locale}`, isText) : null;
      if (kept === null) throw error;
      return kept;
    }
    if (keep) footerCache.set(locale, html);
    return html;
  }, locale);
  // Also what the server rendered the page with: kept for a visit without a connection.
  const loaded = footer.status === 'ready' ? footer.data : null;
  useEffect(() => {
    if (loaded !== null) keepCopy(`footer:${locale}`, loaded);
  }, [loaded, locale]);
  return footer.data ?? footerCache.get(locale) ?? '';
}

/** The administrator's partner logo (GET /api/partner-logo), else the bundled one. */
function usePartnerLogo(): PartnerLogo | null {
  const logo = useResource(async (signal) => {
    if (partnerCache !== undefined) return partnerCache;
    const value = await getData<PartnerLogo | null>('/api/partner-logo', { signal });
    if (keep) partnerCache = value;
    return value;
  }, 'partner-logo');
  return logo.data ?? partnerCache ?? null;
}

export function Footer() {
  const { t } = useTranslation('common');
  const { config } = useShell();
  const { openSettings } = useConsent();
  const locale = useLocale();
  const html = useFooterHtml(locale);
  const partner = usePartnerLogo();
  const year = new Date().getFullYear();
  const phoneHref = config?.contact_phone ? `tel:${config.contact_phone.replace(/[^\d+]/g, '')}` : null;

  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section className="footer-col" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            {t('footer.contactTitle')}
          </h2>
          <ul className="footer-list">
            {config?.contact_email && (
              <li>
                <span className="footer-label">{t('footer.email')}: </span>
                <a href={`mailto:${config.contact_email}`}>{config.contact_email}</a>
              </li>
            )}
            {phoneHref && (
              <li>
                <span className="footer-label">{t('footer.phone')}: </span>
                <a href={phoneHref}>{config?.contact_phone}</a>
              </li>
            )}
            <li>
              <LocalizedLink to="contact">{t('nav.contact')}</LocalizedLink>
            </li>
          </ul>
        </section>
        <nav className="footer-col" aria-label={t('footer.label')}>
          <ul className="footer-list">
            <li>
              <LocalizedLink to="termsOfService">{t('footer.termsOfService')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="gdpr">{t('nav.gdpr')}</LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="cookies">{t('nav.cookies')}</LocalizedLink>
            </li>
            <li>
              {/* A link, so it leads somewhere without the app too (a public page the app does not run: the cookies
                  page opens with its settings); with the app it opens the settings here. */}
              <a
                href={`${localizedPath('cookies', locale)}#${COOKIE_SETTINGS_HASH}`}
                className="link-button"
                onClick={(event) => {
                  event.preventDefault();
                  openSettings();
                }}
                data-testid="cookie-settings"
              >
                {t('footer.cookieSettings')}
              </a>
            </li>
          </ul>
        </nav>
        <div className="footer-col footer-partner">
          {partner ? (
            <img src={partner.url} alt={partner.alt || t('footer.partnerLogo')} width={partner.width} height={partner.height} loading="lazy" />
          ) : (
            <img src="/partner-logo.svg" alt={t('footer.partnerLogo')} width="160" height="48" loading="lazy" />
          )}
        </div>
      </div>
      {html && (
        // The server sanitises the administrator's footer HTML before serving it.
        <div className="container">
          <div className="footer-html" data-testid="footer-html" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      )}
      <div className="container">
        <div className="footer-bottom">
          <p>{t('footer.copyright', { from: UI.copyrightFromYear, to: year })}</p>
        </div>
      </div>
    </footer>
  );
}
