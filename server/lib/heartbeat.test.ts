// The heartbeat's timer on vitest's fake timers: time moves by hand, nothing sleeps.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from './heartbeat.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('heartbeat', () => {
  it('renews every interval until stopped, one renew at a time; stop() waits for the renew under way', async () => {
    let renews = 0;
    let finish: (() => void) | null = null;
    const beat = startHeartbeat({
      intervalMs: 10_000,
      renew: () =>
        new Promise<boolean>((resolve) => {
          renews += 1;
          finish = () => resolve(true);
        }),
      onLost: () => expect.unreachable(),
      onError: () => expect.unreachable(),
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(renews).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(renews).toBe(1);
    // the renew hangs: later beats do not start another
    await vi.advanceTimersByTimeAsync(30_000);
    expect(renews).toBe(1);
    finish!();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renews).toBe(2);
    let stopped = false;
    const stopping = beat.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish!();
    await stopping;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renews).toBe(2);
  });

  it('stops and says so when the claim was taken over; stops quietly when its holder goes away', async () => {
    const lost = vi.fn();
    let taken = 0;
    startHeartbeat({ intervalMs: 1_000, renew: async () => (taken += 1, false), onLost: lost, onError: () => expect.unreachable() });
    let gone = 0;
    startHeartbeat({ intervalMs: 1_000, renew: async () => (gone += 1, null), onLost: lost, onError: () => expect.unreachable() });
    await vi.advanceTimersByTimeAsync(10_000);
    expect([taken, gone]).toEqual([1, 1]);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('a failed renew is reported and tried again at the next beat', async () => {
    const errors: unknown[] = [];
    let n = 0;
    const beat = startHeartbeat({
      intervalMs: 1_000,
      renew: async () => {
        n += 1;
        if (n === 1) throw new Error('connection reset');
        return true;
      },
      onLost: () => expect.unreachable(),
      onError: (e) => errors.push(e),
    });
    await vi.advanceTimersByTimeAsync(3_000);
    await beat.stop();
    expect(n).toBe(3);
    expect(errors).toHaveLength(1);
  });
});
