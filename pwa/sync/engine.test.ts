import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IzzDb, type OutboxRow } from '../db/db';
import { BACKOFF_CAP_MS } from './backoff';
import { createSyncEngine, SENT_GRACE_MS } from './engine';
import type { ItemResult, OutgoingItem, Transport, TransportResult } from './transport';

let dbCount = 0;
const dbs: IzzDb[] = [];
function freshDb(): IzzDb {
  const db = new IzzDb(`engine-test-${++dbCount}-${Math.random()}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** In-memory server with a unique constraint on the response id. */
class FakeServer {
  stored = new Map<string, { token: string; answers: unknown }>();
  inserts = 0;
  received: string[] = [];
  handle(items: OutgoingItem[]): ItemResult[] {
    return items.map((it) => {
      this.received.push(it.id);
      if (it.token.startsWith('BAD')) return { id: it.id, status: 'rejected', code: 'invalid_token' };
      if (this.stored.has(it.id)) return { id: it.id, status: 'duplicate' };
      this.stored.set(it.id, { token: it.token, answers: it.answers });
      this.inserts++;
      return { id: it.id, status: 'applied' };
    });
  }
}

type Mode = 'ok' | 'drop' | '500' | '429' | 'dup' | 'reorder' | 'partial';

/** Wraps the fake server in a network that drops, fails, throttles, duplicates and reorders. */
function chaosTransport(server: FakeServer, modes: Mode[]): Transport & { calls: number } {
  const t = {
    calls: 0,
    async send(items: OutgoingItem[]): Promise<TransportResult> {
      const mode = modes[t.calls++ % modes.length]!;
      await Promise.resolve();
      switch (mode) {
        case 'drop':
          server.handle(items); // stored, but the answer never arrives
          return { kind: 'retry', error: 'network: connection reset' };
        case '500':
          return { kind: 'retry', error: 'HTTP 500' };
        case '429':
          return { kind: 'retry', error: 'HTTP 429', retryAfterMs: 7_000 };
        case 'dup': {
          server.handle(items); // delivered twice; the client sees the second answer
          const second = server.handle(items);
          return { kind: 'ok', results: [...second, ...second] };
        }
        case 'reorder':
          return { kind: 'ok', results: server.handle(items).reverse() };
        case 'partial': {
          const results = server.handle(items);
          return { kind: 'ok', results: results.slice(0, Math.ceil(results.length / 2)) };
        }
        default:
          return { kind: 'ok', results: server.handle(items) };
      }
    },
  };
  return t;
}

function row(id: string, now: number, createdAt: number, token = 'ABCDE-FGHJK'): OutboxRow {
  return {
    id,
    token,
    answers: { q1: id },
    created_at: createdAt,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    last_error: null,
    reject_code: null,
    survey_id: 's1',
  };
}

async function seed(db: IzzDb, n: number, now: number, token?: (i: number) => string): Promise<string[]> {
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  await db.outbox.bulkAdd(ids.map((id, i) => row(id, now, now + i, token?.(i))));
  return ids;
}

describe('sync engine', () => {
  it('stores every response exactly once through drops, 500s, 429s, duplicates and reordering', async () => {
    const db = freshDb();
    let now = 1_000_000;
    const server = new FakeServer();
    const transport = chaosTransport(server, ['drop', '500', 'dup', '429', 'reorder', 'drop', 'partial', 'ok', '500']);
    const engine = createSyncEngine({ db, transport, clock: () => now, random: seeded(7), batchSize: 7 });
    const ids = await seed(db, 45, now);

    for (let round = 0; round < 100; round++) {
      await engine.syncNow();
      if ((await db.outbox.where('status').anyOf('pending', 'sending').count()) === 0) break;
      now += BACKOFF_CAP_MS + 1; // every backoff has elapsed
    }

    expect(server.stored.size).toBe(45);
    expect(server.inserts).toBe(45);
    expect([...server.stored.keys()].sort()).toEqual([...ids].sort());
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(45);
    for (const r of rows) {
      expect(r.status).toBe('sent');
      expect(r.answers).toEqual({}); // nothing answered stays readable on the device
      expect(r.token).toBe('');
    }
    expect(server.received.length).toBeGreaterThan(45); // replays happened and were no-ops
    expect(engine.status.pendingCount).toBe(0);
    expect(engine.status.lastSyncAt).not.toBeNull();
  });

  it('keeps a 422-rejected item visible with its code and never retries it', async () => {
    const db = freshDb();
    let now = 5_000;
    const server = new FakeServer();
    const engine = createSyncEngine({ db, transport: chaosTransport(server, ['ok']), clock: () => now, random: () => 0.5 });
    const ids = await seed(db, 3, now, (i) => (i === 1 ? 'BAD-TOKEN' : 'ABCDE-FGHJK'));

    const report = await engine.syncNow();
    expect(report).toMatchObject({ sent: 2, rejected: 1 });
    now += 60 * 60_000;
    await engine.syncNow();
    await engine.syncNow();

    expect(server.received.filter((id) => id === ids[1])).toHaveLength(1);
    const rejected = await db.outbox.get(ids[1]!);
    expect(rejected).toMatchObject({ status: 'rejected', reject_code: 'invalid_token' });
    expect(engine.status.rejected).toEqual([{ id: ids[1], survey_id: 's1', created_at: 5_001, code: 'invalid_token' }]);
    expect(engine.status.pendingCount).toBe(0);
  });

  it('marks a whole batch rejected with the status on a fatal 4xx and does not retry it', async () => {
    const db = freshDb();
    let now = 0;
    let calls = 0;
    const transport: Transport = {
      send: async () => {
        calls++;
        return { kind: 'fatal', status: 413, error: 'HTTP 413' };
      },
    };
    const engine = createSyncEngine({ db, transport, clock: () => now, random: () => 1 });
    await seed(db, 2, now);
    await engine.syncNow();
    now += BACKOFF_CAP_MS * 2;
    await engine.syncNow();
    expect(calls).toBe(1);
    expect((await db.outbox.toArray()).map((r) => [r.status, r.reject_code])).toEqual([
      ['rejected', '413'],
      ['rejected', '413'],
    ]);
    expect(engine.status.rejected.map((r) => r.code)).toEqual(['413', '413']);
    expect(engine.status.lastError).toBe('HTTP 413');
  });

  it('persists a growing, capped backoff and does not send items that are not due', async () => {
    const db = freshDb();
    let now = 0;
    let calls = 0;
    const transport: Transport = {
      send: async () => {
        calls++;
        return { kind: 'retry', error: 'HTTP 503' };
      },
    };
    const engine = createSyncEngine({ db, transport, clock: () => now, random: () => 1 });
    const [id] = await seed(db, 1, now);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      await engine.syncNow();
      const r = (await db.outbox.get(id!))!;
      waits.push(r.next_attempt_at - now);
      expect(r.attempts).toBe(i + 1);
      expect(r.last_error).toBe('HTTP 503');
      // not yet due: a sync now sends nothing
      const before = calls;
      now = r.next_attempt_at - 1;
      await engine.syncNow();
      expect(calls).toBe(before);
      now = r.next_attempt_at;
    }
    expect(waits.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(Math.max(...waits)).toBe(BACKOFF_CAP_MS);
    expect(engine.status.lastError).toBe('HTTP 503');
    expect(engine.status.pendingCount).toBe(1);
  });

  it('honours Retry-After on a 429', async () => {
    const db = freshDb();
    const now = 10_000;
    const engine = createSyncEngine({
      db,
      transport: { send: async () => ({ kind: 'retry', error: 'HTTP 429', retryAfterMs: 120_000 }) },
      clock: () => now,
      random: () => 0,
    });
    const [id] = await seed(db, 1, now);
    await engine.syncNow();
    expect((await db.outbox.get(id!))!.next_attempt_at).toBe(now + 120_000);
  });

  it('runs one at a time: two concurrent syncNow calls send each item once', async () => {
    const db = freshDb();
    const server = new FakeServer();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const transport: Transport = {
      async send(items) {
        calls++;
        await gate;
        return { kind: 'ok', results: server.handle(items) };
      },
    };
    const engine = createSyncEngine({ db, transport, clock: () => 0, random: () => 0.5, batchSize: 50 });
    await seed(db, 5, 0);
    const a = engine.syncNow();
    const b = engine.syncNow();
    expect(b).toBe(a);
    release();
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra).toEqual(rb);
    expect(calls).toBe(1);
    expect(server.received).toHaveLength(5);
    expect(server.stored.size).toBe(5);
  });

  it('reports status to subscribers and deletes sent receipts after the grace period', async () => {
    const db = freshDb();
    let now = 0;
    const server = new FakeServer();
    const engine = createSyncEngine({ db, transport: chaosTransport(server, ['ok']), clock: () => now });
    await seed(db, 2, now);
    const seen: boolean[] = [];
    const unsubscribe = engine.subscribe((s) => seen.push(s.running));
    await engine.refreshStatus();
    expect(engine.status.pendingCount).toBe(2);
    await engine.syncNow();
    unsubscribe();
    expect(seen).toContain(true);
    expect(engine.status).toMatchObject({ running: false, pendingCount: 0, lastSyncAt: 0, lastError: null });
    expect(await db.outbox.count()).toBe(2);
    now += SENT_GRACE_MS;
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
  });

  it('resets rows left in sending by a closed tab and sends them again (a replay is a no-op)', async () => {
    const db = freshDb();
    const server = new FakeServer();
    const [id] = await seed(db, 1, 0);
    server.handle([{ id: id!, token: 'ABCDE-FGHJK', answers: {} }]); // the server got it before the tab closed
    await db.outbox.update(id!, { status: 'sending' });
    const engine = createSyncEngine({ db, transport: chaosTransport(server, ['ok']), clock: () => 0 });
    const report = await engine.syncNow();
    expect(report).toMatchObject({ sent: 1, duplicates: 1 });
    expect(server.inserts).toBe(1);
    expect((await db.outbox.get(id!))!.status).toBe('sent');
  });
});
