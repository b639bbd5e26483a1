/**
 * A background loop that runs `pass` every `intervalMs`, one pass at a time: a tick during a pass waits
 * for it and then runs again. The mail outbox worker and the job scheduler are each one of these.
 * - tick(): one pass now (tests drive a never-started loop with it); resolves with the pass's result.
 * - kick(): a pass soon, only when started and not stopped (after an enqueue or a due schedule).
 * - start(): the unref'd timer, plus a first pass, at once ('now') or on the next turn ('soon', so that
 *   the caller can finish setting up first).
 * - stop(): no more passes; clears the timer and waits for a running pass. `stopped` tells a pass to end early.
 * A failed pass started by the timer or kick() is handed to onError; tick() rejects with it.
 */
import { outsideTransaction } from '../db/connection.js';

export interface PollingLoop {
  tick(): Promise<number>;
  kick(): void;
  start(): void;
  stop(): Promise<void>;
  readonly stopped: boolean;
}

export function createPollingLoop(options: { intervalMs: number; pass: () => Promise<number>; onError: (error: unknown) => void; firstPass: 'now' | 'soon' }): PollingLoop {
  const { pass } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  function tick(): Promise<number> {
    const previous = running ?? Promise.resolve(0);
    // A pass never joins the transaction of whoever kicked it (an enqueue inside a transaction).
    const run = () => outsideTransaction(pass);
    const current = previous.then(run, run).finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  const runLogged = () => {
    if (stopped) return;
    tick().catch(options.onError);
  };

  return {
    tick,
    kick() {
      // Only a started loop reacts; a never-started one (tests) is driven by tick().
      if (timer && !stopped) setImmediate(runLogged).unref();
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(runLogged, options.intervalMs);
      timer.unref();
      if (options.firstPass === 'now') runLogged();
      else setImmediate(runLogged).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    get stopped() {
      return stopped;
    },
  };
}
