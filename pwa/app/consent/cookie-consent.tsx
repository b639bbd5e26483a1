import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/ui/localized-link';
import { Modal } from '../../components/ui/modal';
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

function SettingsForm() {
  const { t } = useTranslation('common');
  const { consent, choose } = useConsent();
  const [analytics, setAnalytics] = useState(consent?.analytics ?? false);
  const [marketing, setMarketing] = useState(consent?.marketing ?? false);
  useEffect(() => {
    setAnalytics(consent?.analytics ?? false);
    setMarketing(consent?.marketing ?? false);
  }, [consent]);
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        choose({ analytics, marketing });
      }}
    >
      <p>{t('cookies.settingsIntro')}</p>
      <fieldset className="consent-option">
        <legend>{t('cookies.necessaryTitle')}</legend>
        <label className="check">
          <input type="checkbox" checked disabled />
          <span>{t('cookies.alwaysOn')}</span>
        </label>
        <p className="hint">{t('cookies.necessaryText')}</p>
      </fieldset>
      <div className="consent-option">
        <label className="check">
          <input type="checkbox" name="analytics" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />
          <span>{t('cookies.analyticsTitle')}</span>
        </label>
        <p className="hint">{t('cookies.analyticsText')}</p>
      </div>
      <div className="consent-option">
        <label className="check">
          <input type="checkbox" name="marketing" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
          <span>{t('cookies.marketingTitle')}</span>
        </label>
        <p className="hint">{t('cookies.marketingText')}</p>
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary">
          {t('cookies.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => choose({ analytics: true, marketing: true })}>
          {t('cookies.acceptAll')}
        </button>
      </div>
    </form>
  );
}

export function CookieSettingsDialog() {
  const { t } = useTranslation('common');
  const { settingsOpen, closeSettings } = useConsent();
  return (
    <Modal open={settingsOpen} title={t('cookies.settingsTitle')} closeLabel={t('cookies.close')} onClose={closeSettings}>
      <SettingsForm />
    </Modal>
  );
}
