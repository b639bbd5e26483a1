// @vitest-environment node
// The sync engine against the REAL server (createApp on an ephemeral port, temp SQLite) through a
// network that drops answers after the server stored them, fails, duplicates requests and reorders
// results: every response is stored exactly once, replays are answered 'duplicate', and an invalid
// response stays 'rejected' on the device.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../shared/question-banks/index';
import { startTestServer, type TestServer } from '../../server/test/helpers';
import { IzzDb } from '../db/db';
import { setAnswer, startDraft, submitDraft } from '../features/questionnaire/answers-store';
import { BACKOFF_CAP_MS } from './backoff';
import { createSyncEngine } from './engine';
import { createFetchTransport } from './transport';

type Fault = 'drop-after-store' | 'fail-503' | 'duplicate-request' | 'reorder-results' | 'ok';
const FAULTS: Fault[] = ['drop-after-store', 'duplicate-request', 'fail-503', 'reorder-results', 'drop-after-store', 'ok', 'duplicate-request', 'reorder-results'];

interface Sent {
  id: string;
  token: string;
  answers: unknown;
}

/** node's fetch with faults injected per call; records what the server answered. */
function faultyFetch() {
  const log = { calls: 0, serverStatuses: [] as string[], sent: new Map<string, Sent>() };
  const realSend = async (url: string, init: RequestInit): Promise<{ status: number; body: string; headers: Headers }> => {
    const res = await fetch(url, init);
    const body = await res.text();
    if (res.ok) for (const r of (JSON.parse(body) as { data: { results: { status: string }[] } }).data.results) log.serverStatuses.push(r.status);
    return { status: res.status, body, headers: res.headers };
  };
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const request = init ?? {};
    for (const item of (JSON.parse(String(request.body)) as { items: Sent[] }).items) log.sent.set(item.id, item);
    const fault = FAULTS[log.calls++ % FAULTS.length] as Fault;
    switch (fault) {
      case 'drop-after-store':
        await realSend(url, request); // stored, but the answer is lost on the way back
        throw new TypeError('fetch failed: connection reset');
      case 'fail-503':
        return new Response('{"error":{"code":"internal-error","message":"down"}}', { status: 503 });
      case 'duplicate-request': {
        await realSend(url, request);
        const second = await realSend(url, request);
        return new Response(second.body, { status: second.status, headers: second.headers });
      }
      case 'reorder-results': {
        const res = await realSend(url, request);
        const parsed = JSON.parse(res.body) as { data: { results: unknown[] } };
        parsed.data.results.reverse();
        return new Response(JSON.stringify(parsed), { status: res.status, headers: { 'content-type': 'application/json' } });
      }
      default: {
        const res = await realSend(url, request);
        return new Response(res.body, { status: res.status, headers: res.headers });
      }
    }
  };
  return { fetchFn: fetchFn as typeof fetch, log };
}

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('sync engine against the real server', () => {
  let t: TestServer;
  let surveyId: number;
  const codes = Array.from({ length: 9 }, (_, i) => `SYNCAAAAA${'ABCDEFGHJ'[i] as string}`);

  beforeAll(async () => {
    t = await startTestServer();
    surveyId = (await t.handle.db.get<{ id: number }>("SELECT id FROM applications WHERE type = 'izz' AND state = 'in_progress'"))?.id ?? 0;
    for (const code of codes) {
      await t.handle.db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, 'online', 1, 1, '2026-01-01T00:00:00Z')", [surveyId, code]);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores every response exactly once through drops, failures, duplicates and reordering; an invalid one stays rejected', async () => {
    const db = new IzzDb(`engine-server-${Math.random()}`);
    const tokens: string[] = [];
    for (const code of codes) {
      const res = await t.fetch('/api/questionnaire/access', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
      expect(res.status).toBe(200);
      tokens.push(((await res.json()) as { data: { token: string } }).data.token);
    }

    // Respondents answer on the device; the last one skips the mandatory eNPS (the server refuses it).
    const ids: string[] = [];
    let now = 1_000_000;
    for (const [i, token] of tokens.entries()) {
      const draft = await startDraft({ surveyId: String(surveyId), language: 'sl' }, db, now);
      await setAnswer(draft.id, 'language', 'sl', db, now);
      await setAnswer(draft.id, 'statements', Object.fromEntries(STATEMENTS.map((s, k) => [s.id, ((k + i) % 4) + 1])), db, now);
      if (i !== tokens.length - 1) await setAnswer(draft.id, 'enps_grade', i % 11, db, now);
      await setAnswer(draft.id, 'esi_workplace_satisfaction', 7, db, now);
      await setAnswer(draft.id, 'esi_workplace_expectations', 8, db, now);
      await setAnswer(draft.id, 'esi_ideal_job_comparison', 6, db, now);
      await setAnswer(draft.id, 'extra', { 'demo-q1': { value: i % 2 }, 'demo-q2': { value: `Predlog ${i}` } }, db, now);
      ids.push(await submitDraft(draft.id, token, db, now++));
    }
    const valid = ids.slice(0, -1);
    const invalid = ids[ids.length - 1] as string;

    const { fetchFn, log } = faultyFetch();
    const engine = createSyncEngine({
      db,
      transport: createFetchTransport({ url: `${t.baseUrl}/api/responses`, fetchFn }),
      clock: () => now,
      random: seeded(11),
      batchSize: 3,
    });
    for (let round = 0; round < 50; round++) {
      await engine.syncNow();
      if ((await db.outbox.where('status').anyOf('pending', 'sending').count()) === 0) break;
      now += BACKOFF_CAP_MS + 1; // every backoff has elapsed
    }

    // The server holds each valid response exactly once and consumed each of their codes once.
    const stored = await t.handle.db.all<{ id: string; n: number }>('SELECT id, count(*) AS n FROM responses WHERE survey_id = ? GROUP BY id', [surveyId]);
    expect(stored.map((r) => r.id).sort()).toEqual([...valid].sort());
    expect(stored.every((r) => r.n === 1)).toBe(true);
    const uses = await t.handle.db.all<{ code: string; uses: number }>(`SELECT code, uses FROM access_codes WHERE code IN (${codes.map(() => '?').join(',')}) ORDER BY code`, codes);
    expect(uses.map((u) => u.uses)).toEqual(codes.map((_, i) => (i === codes.length - 1 ? 0 : 1)));

    // Replays happened and the server answered them 'duplicate'.
    expect(log.serverStatuses.filter((s) => s === 'applied')).toHaveLength(valid.length);
    expect(log.serverStatuses.filter((s) => s === 'duplicate').length).toBeGreaterThan(0);
    const replay = log.sent.get(valid[0] as string) as Sent;
    const again = await t.fetch('/api/responses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [replay] }) });
    expect(((await again.json()) as { data: { results: unknown[] } }).data.results).toEqual([{ id: replay.id, status: 'duplicate' }]);

    // On the device: the valid ones are receipts with nothing readable left; the invalid one stays rejected with its reason.
    for (const id of valid) expect(await db.outbox.get(id)).toMatchObject({ status: 'sent', answers: {}, token: '' });
    expect(await db.outbox.get(invalid)).toMatchObject({ status: 'rejected', reject_code: 'validation-failed' });
    expect(engine.status.rejected.map((r) => r.id)).toEqual([invalid]);
    expect(engine.status.pendingCount).toBe(0);
    await db.delete();
  });
});
