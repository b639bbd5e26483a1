import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPollingLoop } from './polling-loop.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('createPollingLoop', () => {
  it('runs one pass at a time: a tick during a pass waits for it, then runs again', async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    const loop = createPollingLoop({
      intervalMs: 1000,
      firstPass: 'now',
      onError: () => undefined,
      pass: async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 5));
        active -= 1;
        return ++passes;
      },
    });
    const results = await Promise.all([loop.tick(), loop.tick(), loop.tick()]);
    expect(results).toEqual([1, 2, 3]);
    expect(most).toBe(1);
  });

  it('passes on the timer once started, with the first pass now or on the next turn; none after stop()', async () => {
    vi.useFakeTimers();
    for (const firstPass of ['now', 'soon'] as const) {
      let passes = 0;
      const loop = createPollingLoop({ intervalMs: 1000, firstPass, onError: () => undefined, pass: () => Promise.resolve(++passes) });
      loop.kick(); // not started: ignored
      await vi.advanceTimersByTimeAsync(0);
      expect(passes).toBe(0);
      loop.start();
      if (firstPass === 'soon') expect(passes).toBe(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(passes).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(passes).toBe(2);
      loop.kick();
      await vi.advanceTimersByTimeAsync(0);
      expect(passes).toBe(3);
      await loop.stop();
      expect(loop.stopped).toBe(true);
      loop.kick();
      await vi.advanceTimersByTimeAsync(5000);
      expect(passes).toBe(3);
    }
  });

  it('hands a failed timer pass to onError; tick() rejects with it', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const loop = createPollingLoop({ intervalMs: 1000, firstPass: 'now', onError: (e) => errors.push(e), pass: () => Promise.reject(new Error('boom')) });
    await expect(loop.tick()).rejects.toThrow('boom');
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    await loop.stop();
  });

  it('stop() waits for the running pass', async () => {
    let done = false;
    const loop = createPollingLoop({
      intervalMs: 1000,
      firstPass: 'now',
      onError: () => undefined,
      pass: async () => {
        await new Promise((r) => setTimeout(r, 10));
        done = true;
        return 1;
      },
    });
    void loop.tick();
    await loop.stop();
    expect(done).toBe(true);
  });
});
