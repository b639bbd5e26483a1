// The device's local store (Dexie over IndexedDB) for respondents' answers and the outbox.
// Every row read back goes through a normalise step; every write goes through guardWrite so a
// full disk surfaces as a typed StorageError the UI can show.
import Dexie, { type Table } from 'dexie';

export type Answers = Record<string, unknown>;

export interface DraftRow {
  id: string;
  survey_id: string;
  language: string;
  current_page: number;
  answers: Answers;
  updated_at: number;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'rejected';

export interface OutboxRow {
  id: string; // client-made UUID, the idempotency key
  token: string;
  answers: Answers;
  created_at: number;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  reject_code: string | null;
  /**
   * A pending row the server answered 'deferred': why it is not taken now ('company-disabled'). The row stays and is
   * sent again; null otherwise. Not indexed, so no new Dexie version.
   */
  defer_code?: string | null;
  survey_id: string;
  sent_at?: number | null;
}

/** A row the outbox is to send: pending, due now, never tried. */
export function pendingOutboxRow(row: Pick<OutboxRow, 'id' | 'token' | 'answers' | 'survey_id'>, now: number): OutboxRow {
  return { ...row, created_at: now, status: 'pending', attempts: 0, next_attempt_at: now, last_error: null, reject_code: null, sent_at: null };
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/**
 * Kiosk mode (version 2; features/questionnaire/kiosk/kiosk-store.ts reads these rows through its own
 * normalisers): 'config' (the survey package, kiosk token, code hashes and the uses this kiosk made of
 * them, the sealing public key, the company password's PBKDF2 verifier) and 'session' (the current
 * respondent's draft id and code, deleted with the draft on submit, exit or inactivity).
 */
export interface KioskRow {
  key: string;
  value: unknown;
}

/**
 * Paper data entry (version 3; features/paper-entry/entry-store.ts reads `form` through its own normaliser):
 * the paper form being keyed on this device, one per survey (`survey_id` is the route's survey id): its code,
 * the step and pass, the first keying of a double entry and the current keying. Written on every key, so a
 * reload resumes where it was; deleted when the form is saved (in queueForm's transaction) or discarded.
 */
export interface PaperFormRow {
  survey_id: string;
  form: unknown;
  updated_at: number;
}

/**
 * Paper forms read by the machine (version 4; features/paper-entry/scan-store.ts reads `page` through its own
 * normaliser): one scanned page of a survey's batch on this device — its reading (page mark, items), the PNG crops
 * of its doubtful items and writing areas, and a small picture when it could not be read. Kept only until its form
 * is submitted (then deleted in the same step) or HR clears the scans; never sent anywhere.
 */
export interface ScanPageRow {
  id: string;
  survey_id: string;
  page: unknown;
  crops: Record<string, Blob>;
  thumb: Blob | null;
  created_at: number;
}

export class IzzDb extends Dexie {
  drafts!: Table<DraftRow, string>;
  outbox!: Table<OutboxRow, string>;
  meta!: Table<MetaRow, string>;
  kiosk!: Table<KioskRow, string>;
  paperForms!: Table<PaperFormRow, string>;
  scanPages!: Table<ScanPageRow, string>;

  constructor(name = 'izz') {
    super(name);
    this.version(1).stores({
      drafts: 'id, survey_id, updated_at',
      outbox: 'id, status, next_attempt_at, survey_id',
      meta: 'key',
    });
    // Version 2 adds the kiosk table; drafts, outbox and meta are kept as they are.
    this.version(2).stores({ kiosk: 'key' });
    // Version 3 adds the paper form being keyed (paper data entry); the other tables are kept as they are.
    this.version(3).stores({ paperForms: 'survey_id' });
    // Version 4 adds the scanned pages of paper forms read on this device; the other tables are kept as they are.
    this.version(4).stores({ scanPages: 'id, survey_id' });
  }
}

let shared: IzzDb | null = null;
/** The app's single database instance (created lazily). */
export function getDb(): IzzDb {
  shared ??= new IzzDb();
  return shared;
}

export type StorageErrorKind = 'quota' | 'unavailable' | 'unknown';

/** A failed local write, typed so the UI can say "this device is out of space" etc. */
export class StorageError extends Error {
  readonly kind: StorageErrorKind;
  override readonly cause: unknown;
  constructor(kind: StorageErrorKind, message: string, cause?: unknown) {
    super(message);
    this.name = 'StorageError';
    this.kind = kind;
    this.cause = cause;
  }
}

function errorName(err: unknown): string {
  if (!err || typeof err !== 'object') return '';
  const e = err as { name?: unknown; inner?: unknown };
  const own = typeof e.name === 'string' ? e.name : '';
  if (own === 'QuotaExceededError') return own;
  // Dexie wraps the DOMException (AbortError / QuotaExceededError) in .inner
  if (e.inner) return errorName(e.inner) || own;
  return own;
}

export function isQuotaError(err: unknown): boolean {
  return errorName(err) === 'QuotaExceededError' || (err instanceof Error && /quota/i.test(err.message));
}

export function toStorageError(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  if (isQuotaError(err)) return new StorageError('quota', 'This device has no storage space left for the answers.', err);
  const name = errorName(err);
  if (name === 'MissingAPIError' || name === 'InvalidStateError' || name === 'DatabaseClosedError') {
    return new StorageError('unavailable', 'The local storage of this browser is not available.', err);
  }
  return new StorageError('unknown', err instanceof Error ? err.message : String(err), err);
}

/** Runs a write and rethrows any failure as a StorageError. */
export async function guardWrite<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toStorageError(err);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);
const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** Normalise/migrate a draft read back from storage; null if it is unusable. */
export function normaliseDraft(raw: unknown): DraftRow | null {
  if (!isObject(raw) || typeof raw.id !== 'string') return null;
  return {
    id: raw.id,
    survey_id: str(raw.survey_id),
    language: str(raw.language, 'sl'),
    current_page: Math.max(0, Math.trunc(num(raw.current_page))),
    answers: isObject(raw.answers) ? raw.answers : {},
    updated_at: num(raw.updated_at),
  };
}

const STATUSES: readonly OutboxStatus[] = ['pending', 'sending', 'sent', 'rejected'];

/** Normalise/migrate an outbox row read back from storage; null if it is unusable. */
export function normaliseOutbox(raw: unknown): OutboxRow | null {
  if (!isObject(raw) || typeof raw.id !== 'string') return null;
  const status = STATUSES.includes(raw.status as OutboxStatus) ? (raw.status as OutboxStatus) : 'pending';
  return {
    id: raw.id,
    token: str(raw.token),
    answers: isObject(raw.answers) ? raw.answers : {},
    created_at: num(raw.created_at),
    // 'sending' left over from a closed tab is pending again: the server de-duplicates by id
    status: status === 'sending' ? 'pending' : status,
    attempts: Math.max(0, Math.trunc(num(raw.attempts))),
    next_attempt_at: num(raw.next_attempt_at),
    last_error: typeof raw.last_error === 'string' ? raw.last_error : null,
    reject_code: typeof raw.reject_code === 'string' ? raw.reject_code : null,
    defer_code: typeof raw.defer_code === 'string' ? raw.defer_code : null,
    survey_id: str(raw.survey_id),
    sent_at: typeof raw.sent_at === 'number' ? raw.sent_at : null,
  };
}

/** The pending rows the server kept back (answered 'deferred'), counted by the reason it gave, in the order first met. */
export function countDeferred(rows: readonly OutboxRow[]): { code: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of rows) if ((r.status === 'pending' || r.status === 'sending') && r.defer_code) counts.set(r.defer_code, (counts.get(r.defer_code) ?? 0) + 1);
  return [...counts].map(([code, count]) => ({ code, count }));
}

/** Asks the browser not to evict this origin's storage; false when unsupported or refused. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage || typeof storage.persist !== 'function') return false;
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

// Writes that should wake the sync engine (debounced there): answers-store calls notifyWrite().
const writeListeners = new Set<() => void>();
export function onLocalWrite(cb: () => void): () => void {
  writeListeners.add(cb);
  return () => writeListeners.delete(cb);
}
export function notifyWrite(): void {
  for (const cb of writeListeners) cb();
}
