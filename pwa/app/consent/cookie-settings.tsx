/**
 * The cookie settings dialog (its own chunk: most visitors never open it; cookie-consent.tsx loads it when they do).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { useConsent } from './consent-context';

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
