import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { UI } from '../../../shared/constants';

type Phase = 'idle' | 'running' | 'done';

/**
 * A thin bar at the top while a route (its chunk, texts or guard) loads. It appears only after
 * UI.loadingBarThrottleMs, rises over UI.loadingBarDurationMs towards 90 %, then completes and fades.
 */
export function LoadingBar() {
  const busy = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (busy) {
      const timer = window.setTimeout(() => setPhase('running'), UI.loadingBarThrottleMs);
      return () => window.clearTimeout(timer);
    }
    setPhase((p) => (p === 'running' ? 'done' : p));
    const timer = window.setTimeout(() => setPhase('idle'), 400);
    return () => window.clearTimeout(timer);
  }, [busy]);

  return (
    <div
      className={`loading-bar is-${phase}`}
      style={{ ['--loading-duration' as string]: `${UI.loadingBarDurationMs}ms` }}
      aria-hidden="true"
      data-testid="loading-bar"
    />
  );
}
