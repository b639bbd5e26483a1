import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/use-locale';
import { defaultLanguage } from '../flow';
import { admitCode } from './kiosk-online';
import { isClosed, kioskQueue, startRespondent, type KioskConfig } from './kiosk-store';

const REFUSALS = { invalid: 'code.invalid', used: 'code.used', closed: 'code.closed' } as const;

/**
 * The kiosk's resting screen: the code (checked against the kiosk's hashes, and online with the server too: see
 * kiosk-online.admitCode), a discreet pending count, 'For HR'.
 */
export function KioskCodeScreen({ config, onHr }: { config: KioskConfig; onHr(): void }) {
  const { t } = useTranslation('kiosk');
  const locale = useLocale();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const queue = useLiveQuery(() => kioskQueue(config), [config]);
  const closed = isClosed(config);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const result = await admitCode(config, code);
      if (!result.ok) {
        setError(t(REFUSALS[result.reason]));
        inputRef.current?.focus();
        inputRef.current?.select();
        return;
      }
      setCode('');
      await startRespondent(config, result, defaultLanguage(config.package.languages, locale));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kiosk-screen" data-testid="kiosk-code-screen">
      <div className="kiosk-card">
        {config.package.logo_url && <img className="kiosk-logo" src={config.package.logo_url} alt="" />}
        <p className="kiosk-company">{config.package.company_name}</p>
        <h1>{t('code.title')}</h1>
        <p className="lead">{t('code.lead')}</p>
        {closed ? (
          <p className="notice notice-info" data-testid="kiosk-closed">
            {t('code.closed')}
          </p>
        ) : (
          <form className="kiosk-code-form" noValidate onSubmit={(e) => void onSubmit(e)}>
            <div className="field">
              <label htmlFor={`${id}-code`}>{t('code.label')}</label>
              <input
                ref={inputRef}
                id={`${id}-code`}
                className="kiosk-code-input"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  if (error) setError(null);
                }}
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                maxLength={20}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              />
              <p id={`${id}-hint`} className="hint">
                {t('code.hint')}
              </p>
              <p id={`${id}-error`} className="field-error kiosk-code-error" role="alert" data-testid="kiosk-code-error">
                {error ?? ''}
              </p>
            </div>
            <button type="submit" className="btn btn-primary btn-block kiosk-start" disabled={busy}>
              {t('code.start')}
            </button>
          </form>
        )}
      </div>
      <div className="kiosk-status">
        <span data-testid="kiosk-pending">{queue && queue.pending > 0 ? t('code.pending', { count: queue.pending }) : ''}</span>
        <button type="button" className="btn btn-link btn-small kiosk-hr-button" onClick={onHr}>
          {t('hr.title')}
        </button>
      </div>
    </div>
  );
}
