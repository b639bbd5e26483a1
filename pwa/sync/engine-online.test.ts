import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IzzDb, type OutboxRow } from '../db/db';
import { createSyncEngine } from './engine';
import type { Transport } from './transport';

const dbs: IzzDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function waiting(now: number): OutboxRow {
  // a row that failed offline several times: its next attempt is minutes away
  return { id: crypto.randomUUID(), token: 't', answers: { q: 1 }, created_at: now, status: 'pending', attempts: 7, next_attempt_at: now + 240_000, last_error: 'network', reject_code: null, survey_id: 's1', sent_at: null };
}

describe('sync engine when the network is back', () => {
  it("a plain run keeps the backoff; 'sync now' with all and the online event send every pending row at once", async () => {
    const db = new IzzDb(`online-${Math.random()}`);
    dbs.push(db);
    const sent: string[] = [];
    const transport: Transport = {
      async send(items) {
        sent.push(...items.map((i) => i.id));
        return { kind: 'ok', results: items.map((i) => ({ id: i.id, status: 'applied' as const })) };
      },
    };
    const engine = createSyncEngine({ db, transport });
    const [a, b, c] = [waiting(Date.now()), waiting(Date.now()), waiting(Date.now())];
    await db.outbox.bulkAdd([a, b]);
    await engine.syncNow();
    expect(sent).toEqual([]);
    await engine.syncNow({ all: true });
    expect(sent.sort()).toEqual([a.id, b.id].sort());

    await db.outbox.add(c);
    engine.start();
    await new Promise((r) => setTimeout(r, 0));
    await engine.syncNow(); // joins the start run, which respects the backoff
    expect(sent).not.toContain(c.id);
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 0));
    await engine.syncNow();
    expect(sent).toContain(c.id);
    engine.stop();
  });
});

describe('sync engine batch size in bytes', () => {
  it('splits pending rows into batches below maxBatchBytes (a single large row goes alone)', async () => {
    const db = new IzzDb(`bytes-${Math.random()}`);
    dbs.push(db);
    const batches: number[] = [];
    const transport: Transport = {
      async send(items) {
        batches.push(items.length);
        return { kind: 'ok', results: items.map((i) => ({ id: i.id, status: 'applied' as const })) };
      },
    };
    const now = Date.now();
    const row = (size: number, i: number): OutboxRow => ({ ...waiting(now), created_at: now + i, next_attempt_at: now, answers: { text: 'x'.repeat(size) } });
    await db.outbox.bulkAdd([row(3000, 0), row(3000, 1), row(3000, 2), row(20_000, 3), row(100, 4)]);
    const engine = createSyncEngine({ db, transport, maxBatchBytes: 7_000 });
    const report = await engine.syncNow();
    expect(report.sent).toBe(5);
    expect(batches).toEqual([2, 1, 1, 1]);
  });
});

describe('sync engine when the network comes back during a run', () => {
  it('a run that fails offline while the online event arrives is followed by a run that sends every pending row', async () => {
    const db = new IzzDb(`online-race-${Math.random()}`);
    dbs.push(db);
    const sent: string[] = [];
    let offline = true;
    let releaseOffline: () => void = () => undefined;
    const offlineSendStarted = new Promise<void>((started) => {
      releaseOffline = started;
    });
    let failOffline: () => void = () => undefined;
    const transport: Transport = {
      async send(items) {
        if (offline) {
          releaseOffline();
          // the request hangs until the browser notices it has no network
          await new Promise<void>((r) => {
            failOffline = r;
          });
          return { kind: 'retry', error: 'Failed to fetch' };
        }
        sent.push(...items.map((i) => i.id));
        return { kind: 'ok', results: items.map((i) => ({ id: i.id, status: 'applied' as const })) };
      },
    };
    const engine = createSyncEngine({ db, transport });
    const now = Date.now();
    const queued = [waiting(now), waiting(now), { ...waiting(now), attempts: 0, next_attempt_at: now }];
    await db.outbox.bulkAdd(queued);
    const first = engine.syncNow(); // the debounced run after the last respondent, still offline
    await offlineSendStarted;
    offline = false;
    const online = engine.syncNow({ all: true }); // the online event, while that run waits
    failOffline();
    const firstReport = await first;
    expect(firstReport.sent).toBe(0);
    const report = await online;
    expect(report.sent).toBe(3);
    expect(sent.sort()).toEqual(queued.map((r) => r.id).sort());
    expect(engine.status.pendingCount).toBe(0);
  });
});
