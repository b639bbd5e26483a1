/** The code entry's three faces: the code accepted (opening the questionnaire), the offer to continue, and the code form. */
import { useState, type FormEvent, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import type { Resumable } from './entry-actions';

type Kind = 'izz' | 'puls';
interface FaceProps {
  t: TFunction;
  id: string;
  Heading: 'h1' | 'h2';
}

export function CodeAccepted({ t, id, Heading, kind }: FaceProps & { kind: Kind }) {
  return (
    <section className="qe-card" aria-labelledby={`${id}-title`} data-testid="code-accepted">
      <Heading id={`${id}-title`}>{kind === 'puls' ? t('entry.pulsTitle') : t('entry.title')}</Heading>
      <p role="status">{t('entry.accepted')}</p>
      <div className="spinner" aria-hidden="true" />
      <noscript>
        <p className="notice notice-error">{t('entry.needsScript')}</p>
      </noscript>
    </section>
  );
}

export function ResumeOffer({ t, id, Heading, resume, onContinue, onDiscard }: FaceProps & { resume: Resumable; onContinue: () => void; onDiscard: () => Promise<void> }) {
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  return (
    <section className="qe-card" aria-labelledby={`${id}-resume`} data-testid="resume">
      <Heading id={`${id}-resume`}>{t('entry.resumeTitle')}</Heading>
      <p>{t('entry.resumeText', { name: resume.name })}</p>
      {resume.started && <p>{t('entry.resumePage', { page: resume.page, total: resume.total })}</p>}
      {confirmDiscard ? (
        <div className="notice notice-error" role="alert">
          <p>{t('entry.discardWarning')}</p>
          <div className="qe-actions">
            <button type="button" className="btn btn-primary" onClick={() => void onDiscard()}>
              {t('entry.discardConfirm')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmDiscard(false)}>
              {t('entry.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="qe-actions">
          <button type="button" className="btn btn-primary" onClick={onContinue}>
            {t('entry.continue')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirmDiscard(true)}>
            {t('entry.startOver')}
          </button>
        </div>
      )}
    </section>
  );
}

interface CodeFormProps extends FaceProps {
  kind: Kind;
  action: string;
  code: string;
  onCode: (code: string) => void;
  error: string | null;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onSubmit: (e: FormEvent) => void;
}

export function CodeForm({ t, id, Heading, kind, action, code, onCode, error, busy, inputRef, onSubmit }: CodeFormProps) {
  const errorId = `${id}-error`;
  return (
    <section className="qe-card" aria-labelledby={`${id}-title`} data-testid="code-entry">
      <Heading id={`${id}-title`}>{kind === 'puls' ? t('entry.pulsTitle') : t('entry.title')}</Heading>
      <p>{t('entry.lead')}</p>
      {/* A plain form too: before the app has arrived, the early script (pwa/early-code-form.ts) or the server checks the code. */}
      <form className="qe-form" method="post" action={action} data-code-form noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('entry.codeLabel')}</label>
          <p className="hint" id={`${id}-hint`}>
            {t('entry.codeHint')}
          </p>
          {error && (
            <p className="field-error" id={errorId} role="alert">
              {error}
            </p>
          )}
          <input
            ref={inputRef}
            id={`${id}-code`}
            className="qe-code"
            name="code"
            value={code}
            onChange={(e) => onCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={20}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : '', `${id}-hint`].filter(Boolean).join(' ')}
          />
        </div>
        <button type="submit" className="btn btn-primary qe-submit" disabled={busy}>
          {busy ? t('entry.checking') : t('entry.submit')}
        </button>
      </form>
      <p className="hint qe-anon">{t('entry.anonymous')}</p>
    </section>
  );
}
