import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScan } from './camera-scan';
import { NS } from './display';
import { checkEntryCode, type PaperEntryConfig } from './entry-store';
import { codeFromInput } from './keying';

/** The first step of a form: its code, typed, scanned by a USB scanner (the QR's URL) or by the camera. */
export function CodeStep({ config, notice, onStart }: { config: PaperEntryConfig; notice: string | null; onStart: (code: string, hash: string) => void }) {
  const { t } = useTranslation(NS);
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = async (raw: string) => {
    const result = await checkEntryCode(config, codeFromInput(raw));
    if (result.ok) {
      setValue('');
      setError(null);
      onStart(result.code, result.hash);
    } else {
      setError(result.reason === 'used' ? t('code.used') : t('code.invalid'));
      input.current?.select();
    }
  };

  return (
    <form
      className="card pe-code"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(value);
      }}
    >
      {notice && (
        <p className="notice notice-success pe-notice" role="status" data-testid="pe-notice">
          {notice}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('code.label')}</label>
        <div className="pe-code-row">
          <input
            ref={input}
            id={`${id}-code`}
            className="pe-code-input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint ${id}-error`}
          />
          <button type="submit" className="btn btn-primary">
            {t('code.start')}
          </button>
          <CameraScan onCode={(raw) => void submit(raw)} />
        </div>
        <p id={`${id}-hint`} className="hint">
          {t('code.hint')}
        </p>
        <p id={`${id}-error`} className="field-error" role="alert" data-testid="pe-code-error">
          {error ?? ''}
        </p>
      </div>
    </form>
  );
}
