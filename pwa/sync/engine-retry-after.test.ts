// A 429 with Retry-After (e.g. a kiosk over its guessing limit, server/modules/kiosk/kiosk.guesses.ts): the
// engine keeps the items pending, never rejected, sends nothing before Retry-After (not even when the
// network comes back or HR presses 'sync now') and sends them by itself once it has passed.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IzzDb, type OutboxRow } from '../db/db';
import { createSyncEngine } from './engine';
import { createFetchTransport } from './transport';

const dbs: IzzDb[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const db of dbs.splice(0)) await db.delete();
});

const RETRY_AFTER_S = 21_600;

function kioskRow(now: number, i: number): OutboxRow {
  return {
    id: crypto.randomUUID(),
    token: 'kiosk.token.sig',
    answers: { sealed: { epk: { kty: 'EC' }, iv: 'aXY', ct: `Y3Q${String(i)}` } },
    created_at: now + i,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    last_error: null,
    reject_code: null,
    survey_id: 'kiosk:7',
  };
}

describe('sync engine and Retry-After', () => {
  it('keeps 429-held kiosk items pending, sends nothing before Retry-After (online and sync now included), then sends them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const start = 1_000_000;
    vi.setSystemTime(start);
    const db = new IzzDb(`retry-after-${Math.random()}`);
    dbs.push(db);
    const calls: string[][] = [];
    const times: number[] = [];
    const replies = [
      () => new Response(JSON.stringify({ error: { code: 'rate-limited', message: 'Too many attempts.' } }), { status: 429, headers: { 'Retry-After': String(RETRY_AFTER_S) } }),
    ];
    const fetchFn = async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const items = (JSON.parse(String(init?.body)) as { items: { id: string }[] }).items;
      calls.push(items.map((i) => i.id));
      times.push(Date.now());
      const reply = replies.shift();
      if (reply) return reply();
      return new Response(JSON.stringify({ data: { results: items.map((i) => ({ id: i.id, status: 'applied' })) } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const engine = createSyncEngine({ db, transport: createFetchTransport({ fetchFn }), random: () => 1 });
    const idle = () => vi.waitFor(() => expect(engine.status.running).toBe(false));
    const rows = [kioskRow(start, 0), kioskRow(start, 1)];
    await db.outbox.bulkAdd(rows);

    engine.start();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await idle();
    const due = (times[0] ?? 0) + RETRY_AFTER_S * 1000;
    for (const r of await db.outbox.toArray()) {
      expect(r).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: due, reject_code: null, last_error: 'HTTP 429' });
      expect(r.answers).toEqual(rows.find((x) => x.id === r.id)?.answers);
    }
    expect(engine.status).toMatchObject({ pendingCount: 2, rejected: [], lastError: 'HTTP 429', nextAttemptAt: due });

    // the network comes back, HR presses 'sync now': the server said when, so nothing goes before then
    window.dispatchEvent(new Event('online'));
    await idle();
    await engine.syncNow({ all: true });
    await vi.advanceTimersByTimeAsync(due - 1 - Date.now());
    expect(calls).toHaveLength(1);
    expect(engine.status.pendingCount).toBe(2);

    // Retry-After has passed: the engine sends them by itself
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await idle();
    expect(calls[1]?.sort()).toEqual(rows.map((r) => r.id).sort());
    expect((await db.outbox.toArray()).map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(engine.status).toMatchObject({ pendingCount: 0, rejected: [] });
    engine.stop();
  });
});
