/**
 * Kiosk setup (route kioskSetup: /profil/kiosk, /en/profile/kiosk; company users). The user picks one of
 * the company's surveys in progress (?survey=<id> preselects it), enters the password again and confirms:
 * POST /api/kiosk/setup answers the package, the kiosk token, the code hashes and the sealing key; this
 * device stores them with a PBKDF2 verifier of the password (kiosk-store.installKiosk), asks for
 * persistent storage, LOGS OUT (POST /api/auth/logout) and opens the kiosk with history replaced.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { localizedPath } from '../../../../shared/routes';
import { kioskSetupSchema } from '../../../../shared/schemas/kiosk';
import { api, ApiError, getData } from '../../../lib/api';
import { setUser } from '../../../session/shell-store';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { requestPersistentStorage } from '../../../db/db';
import { useLocale } from '../../../i18n/use-locale';
import { useResource } from '../../../lib/use-resource';
import { useOnline } from '../../../lib/use-online';
import { KioskSetupForm, type SurveySummary } from './kiosk-setup-form';
import { installKiosk, loadKiosk, type KioskConfig } from './kiosk-store';
import './kiosk.css';

export default function KioskSetupPage() {
  const { t, ready } = useTranslation('kiosk');
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const surveysResource = useResource(
    (signal) =>
      Promise.all(['izz', 'puls'].map((type) => getData<SurveySummary[]>('/api/applications', { query: { type }, signal }))).then((lists) => lists.flat().filter((s) => s.state === 'in_progress')),
    'surveys',
  );
  // A failed list shows its error above an empty form.
  const surveys = surveysResource.status === 'error' ? [] : surveysResource.data;
  const [existing, setExisting] = useState<KioskConfig | null>(null);
  const [surveyId, setSurveyId] = useState<string>(params.get('survey') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [logoutFailed, setLogoutFailed] = useState(false);
  const online = useOnline();
  useDocumentTitle(ready ? t('setup.title') : '');

  useEffect(() => {
    void loadKiosk()
      .then(setExisting)
      .catch(() => setExisting(null));
  }, []);

  // Once the list is there: keep a preselected survey that is running, else the only one.
  const running = surveysResource.status === 'ready' ? surveysResource.data : null;
  useEffect(() => {
    if (running) setSurveyId((current) => (current && running.some((s) => String(s.id) === current) ? current : running.length === 1 ? String(running[0]?.id) : ''));
  }, [running]);
  const loadError = surveysResource.status === 'error' ? surveysResource.error : null;
  useEffect(() => {
    if (loadError) setError(loadError instanceof ApiError ? loadError.message : String(loadError));
  }, [loadError]);

  const openKiosk = async () => {
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } catch {
      setLogoutFailed(true);
      return;
    }
    setUser(null);
    navigate(localizedPath('questionnaireKiosk', locale), { replace: true });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!surveyId || !password) {
      setError(t('setup.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const setup = await getData('/api/kiosk/setup', { method: 'POST', body: { survey_id: Number(surveyId), password }, schema: kioskSetupSchema });
      await installKiosk(setup, password, locale);
      setPassword('');
      void requestPersistentStorage();
      await openKiosk();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (!ready) return <div className="spinner" role="status" aria-label="…" />;

  return (
    <div className="page profile-page">
      <div className="container kiosk-setup">
        <header className="page-header">
          <h1>{t('setup.title')}</h1>
          <p className="lead">{t('setup.lead')}</p>
        </header>
        <ul className="kiosk-how">
          <li>{t('setup.how1')}</li>
          <li>{t('setup.how2')}</li>
          <li>{t('setup.how3')}</li>
        </ul>

        {existing && (
          <div className="notice notice-info" data-testid="kiosk-existing">
            <p>{t('setup.existing', { name: existing.package.name })}</p>
            <a className="btn btn-secondary btn-small" href={localizedPath('questionnaireKiosk', locale)}>
              {t('setup.open')}
            </a>
          </div>
        )}

        {logoutFailed ? (
          <div className="notice notice-error" role="alert">
            <p>{t('setup.logoutFailed')}</p>
            <button type="button" className="btn btn-primary" onClick={() => void openKiosk()}>
              {t('setup.retryLogout')}
            </button>
          </div>
        ) : surveys === null ? (
          <div className="spinner" role="status" aria-label="…" />
        ) : surveys.length === 0 && !error && !loadError ? (
          <p className="notice notice-info">{t('setup.noSurveys')}</p>
        ) : (
          <KioskSetupForm
            surveys={surveys}
            surveyId={surveyId}
            onSurvey={setSurveyId}
            password={password}
            onPassword={setPassword}
            error={error}
            busy={busy}
            online={online}
            onSubmit={(e) => void onSubmit(e)}
          />
        )}
      </div>
    </div>
  );
}
