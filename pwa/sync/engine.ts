// The outbox sync engine: sends pending responses to POST /api/responses, one run at a time.
//
// Sent rows: as soon as the server has a response ('applied' or 'duplicate') its row is stripped to
// a receipt (answers {} and token '' wiped, status 'sent', sent_at) so nothing answered stays
// readable on a shared kiosk; the receipt lets the success page say 'received' and is deleted
// SENT_GRACE_MS later at the start of a run.
//
// No network: while the browser says it is offline (navigator.onLine false) a run sends nothing and no retry
// is scheduled; the online event sends every pending row (a kiosk offline for 3.5 minutes had made
// about 170 failed sends). A send that fails all the same (a network that only looks connected, a 5xx, a 429)
// backs the whole engine off: every pending row waits for the failed batch's retry moment, so the device makes
// one failed send per backoff step, not one per queued row.
//
// Deferred rows: an item the server answers 'deferred' (a kiosk or paper-entry item while its company is disabled)
// is neither sent nor refused: it stays pending with the server's reason in defer_code and goes again after
// DEFERRED_RETRY_MS (or at once on 'online' and 'sync now'), so nothing is lost while HR sorts it out.
import { guardWrite, normaliseOutbox, onLocalWrite, toStorageError, type IzzDb, type OutboxRow } from '../db/db';
import { backoffDelay } from './backoff';
import type { ItemResult, Transport } from './transport';

export const SENT_GRACE_MS = 24 * 60 * 60_000;
export const WRITE_DEBOUNCE_MS = 1_500;
export const META_LAST_SYNC = 'last_sync_at';
/**
 * A batch stays below this many bytes of JSON (the server's BODY_LIMIT is 100 kB by default; a 413 would
 * refuse the whole batch for good). Sealed kiosk responses with long comments are several kB each.
 */
export const MAX_BATCH_BYTES = 64_000;
/** lastError of a run that sent nothing because the browser is offline (shown as 'offline' in plain words). */
export const OFFLINE_ERROR = 'network: offline';
/**
 * A row the server answered 'deferred' (it took nothing and refused nothing: e.g. the company is disabled) waits this
 * long before it is sent again (the online event and 'sync now' send it at once). It keeps the server's reason in
 * defer_code, so the device can tell HR why it is still here.
 */
export const DEFERRED_RETRY_MS = 5 * 60_000;
/** lastError prefix of a run whose items the server kept back ('deferred: company-disabled'). */
export const DEFERRED_ERROR_PREFIX = 'deferred: ';

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Keeps rows while their JSON fits in `max` bytes (always the first one). */
function withinBytes(max: number): (row: OutboxRow, index: number) => boolean {
  let total = 0;
  let full = false;
  return (row, index) => {
    if (full) return false;
    total += JSON.stringify({ id: row.id, token: row.token, answers: row.answers }).length + 1;
    if (index > 0 && total > max) full = true;
    return !full;
  };
}

export interface RejectedItem {
  id: string;
  survey_id: string;
  created_at: number;
  code: string;
}

export interface SyncStatus {
  running: boolean;
  pendingCount: number;
  rejected: RejectedItem[];
  lastSyncAt: number | null;
  lastError: string | null;
  nextAttemptAt: number | null;
}

export interface SyncReport {
  sent: number; // applied + duplicate
  duplicates: number;
  rejected: number;
  /** Answered 'deferred': kept pending with the server's reason. */
  deferred: number;
  retried: number;
  error: string | null;
}

export interface SyncEngineOptions {
  db: IzzDb;
  transport: Transport;
  clock?: () => number;
  random?: () => number;
  batchSize?: number;
  /** Bytes of JSON per batch at most (default MAX_BATCH_BYTES; a single larger row is still sent alone). */
  maxBatchBytes?: number;
  debounceMs?: number;
  /** Whether the browser has a network (default navigator.onLine; tests replace it). */
  isOnline?: () => boolean;
}

export interface SyncEngine {
  /**
   * One run; `all` also sends rows still waiting for their backoff (the network is back, or someone pressed 'sync now'),
   * but not before a Retry-After the server gave.
   */
  syncNow(options?: { all?: boolean }): Promise<SyncReport>;
  start(): void;
  stop(): void;
  readonly status: SyncStatus;
  subscribe(cb: (s: SyncStatus) => void): () => void;
  refreshStatus(): Promise<SyncStatus>;
  /** Someone acted on a rejected item: send it again (e.g. after a fix on the server). */
  requeue(id: string): Promise<void>;
  /** Someone acted on a rejected item: drop it from this device. */
  discard(id: string): Promise<void>;
}

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { db, transport } = opts;
  const clock = opts.clock ?? (() => Date.now());
  const random = opts.random ?? Math.random;
  const batchSize = Math.min(50, Math.max(1, opts.batchSize ?? 20));
  const debounceMs = opts.debounceMs ?? WRITE_DEBOUNCE_MS;
  const maxBatchBytes = opts.maxBatchBytes ?? MAX_BATCH_BYTES;
  const isOnline = opts.isOnline ?? browserOnline;

  let status: SyncStatus = { running: false, pendingCount: 0, rejected: [], lastSyncAt: null, lastError: null, nextAttemptAt: null };
  const listeners = new Set<(s: SyncStatus) => void>();
  let running: Promise<SyncReport> | null = null;
  let followUp: Promise<SyncReport> | null = null;
  let started = false;
  let debounceTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribeWrites: (() => void) | null = null;
  // Until when the server asked this device to wait (Retry-After of a 429, e.g. a kiosk over its guessing
  // limit). A run with `all` (online, 'sync now') skips the backoff that waited for the network, not this:
  // sending earlier would only meet the 429 again. Kept in memory: after a restart the rows' persisted
  // next_attempt_at (never before Retry-After) still holds for the plain runs.
  let serverWaitUntil = 0;

  function emit(patch: Partial<SyncStatus>): void {
    status = { ...status, ...patch };
    for (const cb of listeners) cb(status);
  }

  async function readRows(): Promise<OutboxRow[]> {
    return (await db.outbox.toArray()).map(normaliseOutbox).filter((r): r is OutboxRow => r !== null);
  }

  async function refreshStatus(): Promise<SyncStatus> {
    const rows = await readRows();
    const pending = rows.filter((r) => r.status === 'pending' || r.status === 'sending');
    const last = await db.meta.get(META_LAST_SYNC);
    emit({
      pendingCount: pending.length,
      rejected: rows
        .filter((r) => r.status === 'rejected')
        .sort((a, b) => a.created_at - b.created_at)
        .map((r) => ({ id: r.id, survey_id: r.survey_id, created_at: r.created_at, code: r.reject_code ?? 'unknown' })),
      lastSyncAt: typeof last?.value === 'number' ? last.value : null,
      nextAttemptAt: pending.length ? Math.min(...pending.map((r) => r.next_attempt_at)) : null,
    });
    return status;
  }

  /**
   * Rows the server did not answer for (a partial answer) wait for their own backoff. With `pauseAll` (the whole
   * send failed: network, 5xx, 429) they share one wait, from the batch's highest attempt count and the server's
   * Retry-After, and every other pending row waits at least as long: whatever made the send fail holds for them too.
   */
  async function markRetry(ids: string[], error: string, retryAfterMs: number | undefined, now: number, pauseAll = false): Promise<void> {
    await guardWrite(() =>
      db.transaction('rw', db.outbox, async () => {
        const rows = (await db.outbox.where('status').anyOf('pending', 'sending').toArray()).map(normaliseOutbox).filter((r): r is OutboxRow => r !== null);
        const failed = new Set(ids);
        const batchAttempts = Math.max(0, ...rows.filter((r) => failed.has(r.id)).map((r) => r.attempts)) + 1;
        const shared = Math.max(retryAfterMs ?? 0, backoffDelay(batchAttempts, random));
        for (const row of rows) {
          if (failed.has(row.id)) {
            const attempts = row.attempts + 1;
            const wait = pauseAll ? shared : Math.max(retryAfterMs ?? 0, backoffDelay(attempts, random));
            await db.outbox.put({ ...row, status: 'pending', attempts, next_attempt_at: now + wait, last_error: error });
          } else if (pauseAll && row.status === 'pending' && row.next_attempt_at < now + shared) {
            await db.outbox.put({ ...row, next_attempt_at: now + shared });
          }
        }
      }),
    );
  }

  async function applyResults(ids: Set<string>, results: ItemResult[], now: number, report: SyncReport): Promise<string[]> {
    const seen = new Set<string>();
    await guardWrite(() =>
      db.transaction('rw', db.outbox, db.meta, async () => {
        for (const r of results) {
          if (!ids.has(r.id) || seen.has(r.id)) continue; // unknown or duplicated result entry
          seen.add(r.id);
          const row = normaliseOutbox(await db.outbox.get(r.id));
          if (!row || row.status === 'sent') continue;
          if (r.status === 'rejected') {
            report.rejected++;
            await db.outbox.put({ ...row, status: 'rejected', reject_code: r.code ?? 'rejected', defer_code: null, last_error: `rejected: ${r.code ?? 'rejected'}` });
          } else if (r.status === 'deferred') {
            // Not taken and not refused: it stays on the device, with the reason, and is sent again later.
            report.deferred++;
            const reason = r.code ?? 'deferred';
            report.error = `${DEFERRED_ERROR_PREFIX}${reason}`;
            await db.outbox.put({ ...row, status: 'pending', attempts: row.attempts + 1, next_attempt_at: now + DEFERRED_RETRY_MS, defer_code: reason, last_error: report.error });
          } else {
            report.sent++;
            if (r.status === 'duplicate') report.duplicates++;
            await db.outbox.put({ ...row, status: 'sent', answers: {}, token: '', last_error: null, sent_at: now });
          }
        }
        if (seen.size > 0) await db.meta.put({ key: META_LAST_SYNC, value: now });
      }),
    );
    return [...ids].filter((id) => !seen.has(id)); // the server did not answer for these
  }

  async function run(all = false): Promise<SyncReport> {
    const report: SyncReport = { sent: 0, duplicates: 0, rejected: 0, deferred: 0, retried: 0, error: null };
    emit({ running: true });
    const tried = new Set<string>();
    try {
      const startNow = clock();
      // receipts past their grace period go; 'sending' left by a closed tab is pending again
      await guardWrite(() =>
        db.transaction('rw', db.outbox, async () => {
          for (const raw of await db.outbox.toArray()) {
            const row = normaliseOutbox(raw);
            if (!row) continue;
            if (row.status === 'sent' && (row.sent_at ?? 0) + SENT_GRACE_MS <= startNow) await db.outbox.delete(row.id);
            else if (raw.status !== row.status) await db.outbox.put(row); // e.g. 'sending' left by a closed tab
          }
        }),
      );
      for (;;) {
        const now = clock();
        const sendAll = all && now >= serverWaitUntil;
        const due = (await db.outbox.where('status').equals('pending').toArray())
          .map(normaliseOutbox)
          .filter((r): r is OutboxRow => r !== null && (sendAll || r.next_attempt_at <= now) && !tried.has(r.id))
          .sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id))
          .slice(0, batchSize)
          .filter(withinBytes(maxBatchBytes));
        if (due.length === 0) break;
        if (!isOnline()) {
          // No network: nothing is sent and nothing counts as an attempt; the online event sends them.
          report.error = OFFLINE_ERROR;
          emit({ lastError: OFFLINE_ERROR });
          break;
        }
        const ids = new Set(due.map((r) => r.id));
        for (const id of ids) tried.add(id);
        await guardWrite(() => db.outbox.bulkUpdate(due.map((r) => ({ key: r.id, changes: { status: 'sending' as const } }))));

        let result;
        try {
          result = await transport.send(due.map((r) => ({ id: r.id, token: r.token, answers: r.answers })));
        } catch (err) {
          result = { kind: 'retry' as const, error: err instanceof Error ? err.message : String(err) };
        }
        const after = clock();
        if (result.kind === 'ok') {
          const unanswered = await applyResults(ids, result.results, after, report);
          if (unanswered.length) {
            report.retried += unanswered.length;
            await markRetry(unanswered, 'no result from the server', undefined, after);
          }
          continue;
        }
        if (result.kind === 'retry') {
          if (result.retryAfterMs !== undefined) serverWaitUntil = Math.max(serverWaitUntil, after + result.retryAfterMs);
          report.retried += ids.size;
          report.error = result.error;
          await markRetry([...ids], result.error, result.retryAfterMs, after, true);
          break; // the server or network is unwell: everything waits for the backoff
        }
        // fatal: the whole batch was refused (4xx other than 429): never retried automatically
        report.rejected += ids.size;
        report.error = result.error;
        const code = String(result.status);
        await guardWrite(() =>
          db.outbox.bulkUpdate([...ids].map((id) => ({ key: id, changes: { status: 'rejected' as const, reject_code: code, last_error: result.error } }))),
        );
      }
      // nothing was due: the last failure still stands until a send says otherwise
      if (tried.size > 0) emit({ lastError: report.error });
    } catch (err) {
      const e = toStorageError(err);
      report.error = e.message;
      emit({ lastError: e.message });
    } finally {
      try {
        await refreshStatus();
      } catch {
        /* status stays as it was */
      }
      emit({ running: false });
      scheduleRetry();
    }
    return report;
  }

  function syncNow(options: { all?: boolean } = {}): Promise<SyncReport> {
    const all = options.all === true;
    if (!running) {
      running = run(all).finally(() => {
        running = null;
      });
      return running;
    }
    if (!all) return running;
    // A run is under way, started before the network came back (or before 'sync now'): it may have just
    // failed offline and put every row on backoff. The request for all must not be lost in it: one more run
    // with all follows as soon as it ends (requests meanwhile join that one).
    followUp ??= running.then(
      () => {
        followUp = null;
        return syncNow({ all: true });
      },
      () => {
        followUp = null;
        return syncNow({ all: true });
      },
    );
    return followUp;
  }

  function trigger(): void {
    void syncNow();
  }

  // Back online: the backoff was waiting for the network, so everything pending goes now.
  function onOnline(): void {
    void syncNow({ all: true });
  }

  function scheduleRetry(): void {
    if (!started) return;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    // Offline there is nothing to retry into: the online event starts the next run.
    if (status.nextAttemptAt === null || !isOnline()) return;
    const wait = Math.max(0, status.nextAttemptAt - clock());
    retryTimer = setTimeout(trigger, wait);
  }

  function onWrite(): void {
    if (debounceTimer) clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => {
      debounceTimer = null;
      trigger();
    }, debounceMs);
  }

  function onVisibility(): void {
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') trigger();
  }

  return {
    syncNow,
    get status() {
      return status;
    },
    subscribe(cb) {
      listeners.add(cb);
      cb(status);
      return () => listeners.delete(cb);
    },
    refreshStatus,
    start() {
      if (started) return;
      started = true;
      unsubscribeWrites = onLocalWrite(onWrite);
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
      trigger(); // app start
    },
    stop() {
      started = false;
      unsubscribeWrites?.();
      unsubscribeWrites = null;
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
      if (debounceTimer) clearTimeout(debounceTimer);
      if (retryTimer) clearTimeout(retryTimer);
      debounceTimer = retryTimer = null;
    },
    async requeue(id) {
      await guardWrite(() =>
        db.outbox.update(id, { status: 'pending', attempts: 0, next_attempt_at: clock(), reject_code: null, defer_code: null, last_error: null }),
      );
      await refreshStatus();
      onWrite();
    },
    async discard(id) {
      await guardWrite(() => db.outbox.delete(id));
      await refreshStatus();
    },
  };
}
