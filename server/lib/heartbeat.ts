/**
 * The heartbeat of a claim (docs/decisions/0003-claims-and-heartbeats.md "Claims and heartbeats"): while an instance works on
 * something it claimed (a mail being sent, a job running), `renew` moves the claim's expiry ahead every intervalMs,
 * so the claim can be short (a dead instance's work is taken over within it) however long the work takes.
 *
 * renew() answers true (renewed), false (the claim is no longer this holder's: another instance took it over after it
 * ran out; onLost is told and the heartbeat stops) or null (the holder is going away, e.g. its database is closed:
 * the heartbeat stops quietly). A failed renew (the database did not answer) is handed to onError and tried again at
 * the next beat: the claim has intervalMs × 2 to spare. One renew at a time; the timer is unref'd.
 */
/**
 * How long a claim on a mail hides it from other instances unless MAIL_CLAIM_MS says otherwise (server/config.ts): the
 * longest a mail waits when the instance sending it dies.
 */
export const DEFAULT_MAIL_CLAIM_MS = 30_000;

export interface Heartbeat {
  /** No more beats; waits for a renew under way. */
  stop(): Promise<void>;
}

export function startHeartbeat(options: {
  intervalMs: number;
  renew: () => Promise<boolean | null>;
  onLost: () => void;
  onError: (error: unknown) => void;
}): Heartbeat {
  let stopped = false;
  let inFlight: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (stopped || inFlight) return;
    inFlight = options
      .renew()
      .then((renewed) => {
        if (stopped || renewed === true) return;
        stop();
        if (renewed === false) options.onLost();
      }, options.onError)
      .finally(() => {
        inFlight = null;
      });
  }, options.intervalMs);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return {
    async stop() {
      stop();
      await inFlight;
    },
  };
}
