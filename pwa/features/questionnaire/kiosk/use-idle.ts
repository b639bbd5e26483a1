// Inactivity on a kiosk: after `idleMs` without a touch, key or input the respondent's answers are
// deleted (onTimeout); during the last `warningMs` a countdown is shown. Time comes from Date.now and
// setInterval, so tests drive it with fake timers (vitest) or page.clock (Playwright).
import { useEffect, useRef, useState } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/** Seconds left while the warning shows, else null. */
export function useIdleTimeout(active: boolean, idleMs: number, warningMs: number, onTimeout: () => void): { secondsLeft: number | null; stillHere(): void } {
  const last = useRef(0);
  const callback = useRef(onTimeout);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  useEffect(() => {
    callback.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    if (!active) {
      setSecondsLeft(null);
      return;
    }
    last.current = Date.now();
    const bump = () => {
      last.current = Date.now();
      setSecondsLeft(null);
    };
    for (const e of ACTIVITY_EVENTS) document.addEventListener(e, bump, { capture: true, passive: true });
    const timer = setInterval(() => {
      const remaining = last.current + idleMs - Date.now();
      if (remaining <= 0) {
        last.current = Date.now();
        setSecondsLeft(null);
        callback.current();
        return;
      }
      setSecondsLeft(remaining <= warningMs ? Math.ceil(remaining / 1000) : null);
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const e of ACTIVITY_EVENTS) document.removeEventListener(e, bump, { capture: true });
    };
  }, [active, idleMs, warningMs]);

  return {
    secondsLeft,
    stillHere() {
      last.current = Date.now();
      setSecondsLeft(null);
    },
  };
}
