import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The thank-you screen returns to the code screen by itself after this long. */
export const KIOSK_THANKS_MS = 8_000;

/** After a submit: a short thank-you, then the code screen again (by itself or with 'Next'). */
export function Thanks({ onNext }: { onNext(): void }) {
  const { t } = useTranslation('kiosk');
  const ref = useRef<HTMLHeadingElement>(null);
  const next = useRef(onNext);
  useEffect(() => {
    next.current = onNext;
  }, [onNext]);
  useEffect(() => {
    ref.current?.focus();
    const timer = setTimeout(() => next.current(), KIOSK_THANKS_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="kiosk-screen" data-testid="kiosk-thanks">
      <div className="kiosk-card kiosk-thanks">
        <p className="kiosk-check" aria-hidden="true">
          ✓
        </p>
        <h1 ref={ref} tabIndex={-1}>
          {t('thanks.title')}
        </h1>
        <p className="lead">{t('thanks.text')}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={onNext}>
          {t('thanks.next')}
        </button>
      </div>
    </div>
  );
}

/** Mid-questionnaire without input: the countdown before the draft is deleted. */
export function IdleWarning({ seconds, onContinue }: { seconds: number; onContinue(): void }) {
  const { t } = useTranslation('kiosk');
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus();
  }, []);
  return (
    <div className="kiosk-idle-backdrop">
      <div className="kiosk-idle" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="kiosk-idle">
        <h2 id={`${id}-title`}>{t('idle.title')}</h2>
        <p id={`${id}-text`}>{t('idle.text', { count: seconds })}</p>
        <button ref={buttonRef} type="button" className="btn btn-primary btn-block" onClick={onContinue}>
          {t('idle.continue')}
        </button>
      </div>
    </div>
  );
}
