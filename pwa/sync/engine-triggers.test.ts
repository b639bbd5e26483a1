import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IzzDb, notifyWrite, pendingOutboxRow, type OutboxRow } from '../db/db';
import { createSyncEngine, WRITE_DEBOUNCE_MS } from './engine';
import type { Transport, TransportResult } from './transport';

const dbs: IzzDb[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const db of dbs.splice(0)) await db.delete();
});

function pending(now: number): OutboxRow {
  return pendingOutboxRow({ id: crypto.randomUUID(), token: 'ABCDE-FGHJK', answers: { q1: 1 }, survey_id: 's1' }, now);
}

describe('sync engine triggers', () => {
  it('syncs on start, shortly after a write (debounced), on online, on visible, and at the next due retry; not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(1_000_000);
    const db = new IzzDb(`triggers-${Math.random()}`);
    dbs.push(db);
    const answers: TransportResult[] = [];
    let calls = 0;
    const transport: Transport = {
      async send(items) {
        calls++;
        return answers.shift() ?? { kind: 'ok', results: items.map((i) => ({ id: i.id, status: 'applied' as const })) };
      },
    };
    const engine = createSyncEngine({ db, transport, random: () => 1 });
    const idle = () => vi.waitFor(() => expect(engine.status.running).toBe(false));

    await db.outbox.add(pending(Date.now()));
    engine.start(); // app start
    await vi.waitFor(() => expect(calls).toBe(1));
    await idle();

    await db.outbox.add(pending(Date.now()));
    notifyWrite();
    notifyWrite();
    await vi.advanceTimersByTimeAsync(WRITE_DEBOUNCE_MS - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(calls).toBe(2));
    await idle();

    await db.outbox.add(pending(Date.now()));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(calls).toBe(3));
    await idle();

    await db.outbox.add(pending(Date.now()));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(calls).toBe(4));
    await idle();

    // a retry is scheduled for its next_attempt_at (random 1 → 1 s for the first attempt)
    answers.push({ kind: 'retry', error: 'HTTP 503' });
    await db.outbox.add(pending(Date.now()));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(calls).toBe(5));
    await idle();
    expect(engine.status.pendingCount).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(calls).toBe(6));
    await idle();
    expect(engine.status.pendingCount).toBe(0);

    engine.stop();
    await db.outbox.add(pending(Date.now()));
    window.dispatchEvent(new Event('online'));
    notifyWrite();
    await vi.advanceTimersByTimeAsync(10 * WRITE_DEBOUNCE_MS);
    expect(calls).toBe(6);
  });
});
