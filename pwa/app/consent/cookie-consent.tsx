import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useConsent } from './consent-context';

export function CookieBanner() {
  const { t } = useTranslation('common');
  const { consent, settingsOpen, openSettings, choose } = useConsent();
  const titleId = useId();
  const banner = useRef<HTMLElement | null>(null);
  const shown = !consent && !settingsOpen;
  // The banner is fixed at the bottom: the page reserves its height, so nothing (an admin table's last
  // rows, a form's buttons) stays hidden under it.
  useEffect(() => {
    const el = banner.current;
    if (!shown || !el) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty('--cookie-banner-height', `${String(el.offsetHeight)}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-height');
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <section ref={banner} className="cookie-banner" role="region" aria-labelledby={titleId} data-testid="cookie-banner">
      <div className="container cookie-banner-inner">
        <div className="cookie-banner-text">
          <h2 id={titleId} className="cookie-banner-title">
            {t('cookies.bannerTitle')}
          </h2>
          <p>
            {t('cookies.bannerText')} <LocalizedLink to="cookies">{t('cookies.moreInfo')}</LocalizedLink>
          </p>
        </div>
        <div className="cookie-banner-actions">
          <button type="button" className="btn btn-primary" onClick={() => choose({ analytics: true, marketing: true })}>
            {t('cookies.acceptAll')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => choose({ analytics: false, marketing: false })}>
            {t('cookies.onlyNecessary')}
          </button>
          <button type="button" className="btn btn-link" onClick={openSettings}>
            {t('cookies.settings')}
          </button>
        </div>
      </div>
    </section>
  );
}

const CookieSettingsDialog = lazy(() => import('./cookie-settings').then((m) => ({ default: m.CookieSettingsDialog })));

/** The cookie settings: loaded when first opened, and kept from then on (the dialog returns focus when it closes). */
export function CookieSettings() {
  const { settingsOpen } = useConsent();
  const [wanted, setWanted] = useState(settingsOpen);
  if (settingsOpen && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <CookieSettingsDialog />
    </Suspense>
  ) : null;
}
