import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { consentChoice } from '../../../shared/consent';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useConsent } from './consent-context';

/**
 * The consent banner: small (a line of text and a row of buttons, so it covers little of a phone's screen), and a real
 * form: without the app's script its buttons post to `POST /api/consent`, which sets the cookie and brings the visitor
 * back to this page; with it, the same buttons store the choice here, without a reload. The settings are a disclosure
 * in the banner (two boxes and "Save"), which opens without a script as well.
 */
export function CookieBanner() {
  const { t } = useTranslation('common');
  const { consent, settingsOpen, choose } = useConsent();
  const { pathname, search } = useLocation();
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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const choice = submitter instanceof HTMLButtonElement ? submitter.value : '';
    const data = new FormData(event.currentTarget);
    choose(consentChoice({ choice: choice === 'all' || choice === 'custom' ? choice : 'necessary', analytics: data.has('analytics'), marketing: data.has('marketing') }));
  };
  return (
    <section ref={banner} className="cookie-banner" role="region" aria-labelledby={titleId} data-testid="cookie-banner">
      <form className="container cookie-banner-inner" method="post" action="/api/consent" onSubmit={onSubmit}>
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <h2 id={titleId} className="visually-hidden">
          {t('cookies.bannerTitle')}
        </h2>
        <p className="cookie-banner-text">
          {t('cookies.bannerText')} <LocalizedLink to="cookies">{t('cookies.moreInfo')}</LocalizedLink>
        </p>
        <div className="cookie-banner-actions">
          <button type="submit" name="choice" value="all" className="btn btn-primary btn-small">
            {t('cookies.acceptAll')}
          </button>
          <button type="submit" name="choice" value="necessary" className="btn btn-secondary btn-small">
            {t('cookies.onlyNecessary')}
          </button>
          <details className="cookie-banner-more">
            <summary className="btn btn-link btn-small">{t('cookies.settings')}</summary>
            <div className="cookie-banner-options">
              <label className="check">
                <input type="checkbox" name="analytics" />
                <span>{t('cookies.analyticsTitle')}</span>
              </label>
              <label className="check">
                <input type="checkbox" name="marketing" />
                <span>{t('cookies.marketingTitle')}</span>
              </label>
              <button type="submit" name="choice" value="custom" className="btn btn-secondary btn-small">
                {t('cookies.save')}
              </button>
            </div>
          </details>
        </div>
      </form>
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
