// A kiosk tablet offline for 3.5 minutes made about 170 failed sends. Offline (navigator.onLine
// false) the engine sends nothing, whatever triggers a run, and waits for the online event; a network that fails
// while the browser believes it is online, or a server error, pauses the whole engine for one backoff instead of
// each queued row retrying on its own clock.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IzzDb, notifyWrite, type OutboxRow } from '../db/db';
import { createSyncEngine, WRITE_DEBOUNCE_MS } from './engine';
import type { Transport, TransportResult } from './transport';

const dbs: IzzDb[] = [];
let online = true;
afterEach(async () => {
  vi.useRealTimers();
  online = true;
  for (const db of dbs.splice(0)) await db.delete();
});
// what the browser says (the engine reads navigator.onLine by default)
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

function rows(n: number, now: number): OutboxRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    token: 'kiosk.token.sig',
    answers: { sealed: { ct: `c${String(i)}` } },
    created_at: now + i,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: now + i,
    last_error: null,
    reject_code: null,
    survey_id: '7',
  }));
}

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** A transport that fails like fetch without a network until `up` is set, then stores everything. */
function network(): Transport & { calls: number; up: boolean; sent: Set<string> } {
  const t = {
    calls: 0,
    up: false,
    sent: new Set<string>(),
    async send(items: { id: string }[]): Promise<TransportResult> {
      t.calls++;
      if (!t.up) return { kind: 'retry', error: 'network: Failed to fetch' };
      for (const i of items) t.sent.add(i.id);
      return { kind: 'ok', results: items.map((i) => ({ id: i.id, status: 'applied' as const })) };
    },
  };
  return t;
}

describe('sync engine without a network', () => {
  it('sends nothing while the browser is offline (start, writes, visibility, timers, sync now) and everything on the online event', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(1_000_000);
    const db = new IzzDb(`offline-${Math.random()}`);
    dbs.push(db);
    const transport = network();
    const engine = createSyncEngine({ db, transport, random: seeded(3) });
    const idle = () => vi.waitFor(() => expect(engine.status.running).toBe(false));
    online = false;
    await db.outbox.bulkAdd(rows(30, Date.now()));

    engine.start();
    await idle();
    // respondents keep answering, the screen wakes up, minutes pass, HR presses 'sync now'
    for (let i = 0; i < 7; i++) {
      await db.outbox.add(rows(1, Date.now())[0]!);
      notifyWrite();
      await vi.advanceTimersByTimeAsync(WRITE_DEBOUNCE_MS + 1);
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(30_000);
      await idle();
    }
    await engine.syncNow({ all: true });
    expect(transport.calls).toBe(0);
    expect(engine.status).toMatchObject({ pendingCount: 37, rejected: [] });
    // the status says why nothing went (the thank-you page and HR panel show it in plain words)
    expect(engine.status.lastError).toMatch(/^network/);
    for (const r of await db.outbox.toArray()) expect(r).toMatchObject({ status: 'pending', attempts: 0 });

    // the network is back: everything goes at once
    online = true;
    transport.up = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(transport.sent.size).toBe(37));
    await idle();
    expect(transport.calls).toBe(2); // batches of 20
    expect(engine.status).toMatchObject({ pendingCount: 0, lastError: null });
    engine.stop();
  });

  it('backs off as a whole when sends fail while the browser believes it is online: one failed send per backoff, not one per queued row', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(1_000_000);
    const db = new IzzDb(`lie-fi-${Math.random()}`);
    dbs.push(db);
    const transport = network();
    const engine = createSyncEngine({ db, transport, random: seeded(11) });
    await db.outbox.bulkAdd(rows(40, Date.now()));

    const idle = () => vi.waitFor(() => expect(engine.status.running).toBe(false));
    engine.start();
    // 3.5 minutes, half a second at a time (each run's IndexedDB work finishes before time moves on)
    while (Date.now() < 1_000_000 + 210_000) {
      await vi.advanceTimersByTimeAsync(500);
      await idle();
    }
    // one wait per failed send, full jitter below 1, 2, 4, … 128 s, however many rows wait
    expect(transport.calls).toBeGreaterThan(1);
    console.log("CALLS", transport.calls);
    expect(transport.calls).toBeLessThanOrEqual(40);
    const attempts = (await db.outbox.toArray()).map((r) => r.attempts);
    expect(Math.max(...attempts)).toBeLessThanOrEqual(transport.calls);
    // every row waits at least as long as the last failed batch
    const next = Math.min(...(await db.outbox.toArray()).map((r) => r.next_attempt_at));
    expect(engine.status.nextAttemptAt).toBe(next);
    expect(next).toBeGreaterThanOrEqual(Date.now());
    engine.stop();
  });
});
