// Kiosk mode on this device (Dexie commands, no React). See docs/decisions/0011-kiosk-mode.md "Kiosk mode".
//
// - installKiosk: stores what POST /api/kiosk/setup answered plus a PBKDF2 verifier of the company
//   password (never the password) in kiosk row 'config'.
// - checkCode: offline, against the truncated salted hashes and the uses this kiosk already made of them
//   (a single-use code is refused the second time on the same kiosk). The package never tells a used code from
//   an unused one: a code used elsewhere passes here and is refused at sync (a conflict).
// - applyPackage / markClosed: what GET /api/kiosk/package answered when the kiosk refreshed its package online
//   (kiosk-online.ts): the package, salt and hashes replaced, this kiosk's own uses kept (the server's `n` never
//   counts them).
// - startRespondent: a fresh draft (survey_id 'kiosk:<id>') and row 'session' holding the draft id and
//   the code until submit.
// - submitRespondent: seals { code, answers } to the survey's public key, then in ONE transaction adds
//   the outbox row (token = the kiosk token, answers = { sealed }), deletes the draft and the session,
//   and counts the use of the code's hash. Nothing of the respondent stays readable on the device.
// - abandonRespondent (inactivity), exitKiosk (password; wipes everything of the kiosk; queued responses
//   stay in the outbox and are sent by the app's sync engine, also after exit).
import { normalizeAccessCode } from '../../../../shared/access-codes';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import type { KioskPackage, KioskSetup } from '../../../../shared/schemas/kiosk';
import type { QuestionnairePackage } from '../../../../shared/schemas/questionnaire';
import { countDeferred, getDb, guardWrite, normaliseDraft, normaliseOutbox, notifyWrite, pendingOutboxRow, type DraftRow, type IzzDb, type OutboxRow } from '../../../db/db';
import { checkPassword, codeHash, createPasswordVerifier, seal, type PasswordVerifier } from './crypto';
import { calendarDate } from '../../../../shared/dates';
import { displayTimeZone } from '../../../lib/dates';

/** Inactivity mid-questionnaire after which the draft is deleted and the code screen returns. */
export const KIOSK_IDLE_MS = 3 * 60_000;
/** The last part of the idle time shows a warning with a countdown. */
export const KIOSK_WARNING_MS = 30_000;

/** What POST /api/kiosk/setup answers (the shared KioskSetup). */
export type KioskSetupResponse = KioskSetup;

export interface KioskConfig extends KioskSetupResponse {
  verifier: PasswordVerifier;
  /** The UI locale the kiosk was set up in (its start screen's language). */
  ui_locale: string;
  /** hash -> responses this kiosk queued with a code of that hash since its setup (the hashes' `n` never counts a use). */
  used: Record<string, number>;
  created_at: number;
  /** When the package and hashes were last fetched (the setup, then each refresh), ms. */
  refreshed_at: number;
  /** The server said at the last refresh that the survey takes no answers now (a later refresh may say otherwise). */
  closed: boolean;
}

export interface KioskSession {
  draft_id: string;
  code: string;
  hash: string;
  language: QuestionLanguageCode;
  /** The intro (language, who takes part) was passed. */
  started: boolean;
  created_at: number;
}

const CONFIG = 'config';
const SESSION = 'session';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function normaliseKioskConfig(raw: unknown): KioskConfig | null {
  if (!isObject(raw) || typeof raw.token !== 'string' || typeof raw.salt !== 'string' || !isObject(raw.package) || !isObject(raw.public_key) || !isObject(raw.verifier)) return null;
  const v = raw.verifier;
  if (typeof v.salt !== 'string' || typeof v.hash !== 'string' || typeof v.iterations !== 'number') return null;
  const pk = raw.public_key;
  const used: Record<string, number> = {};
  if (isObject(raw.used)) for (const [k, n] of Object.entries(raw.used)) if (typeof n === 'number' && n > 0) used[k] = n;
  return {
    token: raw.token,
    expires_at: typeof raw.expires_at === 'string' ? raw.expires_at : '',
    package: raw.package as unknown as QuestionnairePackage,
    salt: raw.salt,
    hashes: Array.isArray(raw.hashes)
      ? raw.hashes.filter((h): h is { h: string; n: number } => isObject(h) && typeof h.h === 'string' && typeof h.n === 'number')
      : [],
    public_key: { kty: String(pk.kty), crv: String(pk.crv), x: String(pk.x), y: String(pk.y) },
    verifier: { salt: v.salt, hash: v.hash, iterations: v.iterations },
    ui_locale: typeof raw.ui_locale === 'string' ? raw.ui_locale : 'sl',
    used,
    created_at: typeof raw.created_at === 'number' ? raw.created_at : 0,
    refreshed_at: typeof raw.refreshed_at === 'number' ? raw.refreshed_at : typeof raw.created_at === 'number' ? raw.created_at : 0,
    closed: raw.closed === true,
  };
}

export function normaliseKioskSession(raw: unknown): KioskSession | null {
  if (!isObject(raw) || typeof raw.draft_id !== 'string' || typeof raw.code !== 'string' || typeof raw.hash !== 'string') return null;
  return {
    draft_id: raw.draft_id,
    code: raw.code,
    hash: raw.hash,
    language: (typeof raw.language === 'string' ? raw.language : 'en') as QuestionLanguageCode,
    started: raw.started === true,
    created_at: typeof raw.created_at === 'number' ? raw.created_at : 0,
  };
}

export async function loadKiosk(db: IzzDb = getDb()): Promise<KioskConfig | null> {
  return normaliseKioskConfig((await db.kiosk.get(CONFIG))?.value);
}

export async function loadSession(db: IzzDb = getDb()): Promise<KioskSession | null> {
  return normaliseKioskSession((await db.kiosk.get(SESSION))?.value);
}

const kioskDraftSurvey = (config: Pick<KioskConfig, 'package'>) => `kiosk:${String(config.package.survey_id)}`;

/** Turns this device into a kiosk (replacing any earlier kiosk and its respondent in progress). */
export async function installKiosk(setup: KioskSetupResponse, password: string, uiLocale: string, db: IzzDb = getDb(), now = Date.now()): Promise<KioskConfig> {
  const verifier = await createPasswordVerifier(password);
  const config: KioskConfig = { ...setup, verifier, ui_locale: uiLocale, used: {}, created_at: now, refreshed_at: now, closed: false };
  await guardWrite(() =>
    db.transaction('rw', db.kiosk, db.drafts, async () => {
      await wipeRespondent(db);
      await db.kiosk.put({ key: CONFIG, value: config });
    }),
  );
  return config;
}

/** The survey's last day (the package's end_date, in the platform's time zone) has passed, or the server said it takes no answers. */
export function isClosed(config: Pick<KioskConfig, 'package'> & Partial<Pick<KioskConfig, 'closed'>>, now = new Date()): boolean {
  if (config.closed === true) return true;
  const end = config.package.end_date;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(end)) return false;
  return calendarDate(now, displayTimeZone()) > end;
}

export type CodeCheck = { ok: true; code: string; hash: string } | { ok: false; reason: 'invalid' | 'used' };

/** The offline check of an entered code (case, space and dash insensitive). */
export async function checkCode(config: KioskConfig, input: string): Promise<CodeCheck> {
  const code = normalizeAccessCode(input);
  if (!code) return { ok: false, reason: 'invalid' };
  const hash = await codeHash(config.salt, code);
  const uses = config.hashes.filter((h) => h.h === hash).reduce((sum, h) => sum + h.n, 0);
  if (uses === 0) return { ok: false, reason: 'invalid' };
  if ((config.used[hash] ?? 0) >= uses) return { ok: false, reason: 'used' };
  return { ok: true, code, hash };
}

/** What a refresh notes before it asks the server: which kiosk asked (a kiosk set up again meanwhile is left alone). */
export interface RefreshStart {
  token: string;
}

export async function refreshStart(db: IzzDb = getDb()): Promise<RefreshStart | null> {
  const config = await loadKiosk(db);
  return config ? { token: config.token } : null;
}

/**
 * Stores a fresh package of the kiosk's survey (GET /api/kiosk/package): new hashes in, revoked ones out. The
 * server's `n` is the uses a code allows, used or not, so `used` keeps every use this kiosk made of a hash still in
 * the package (a code used here stays refused here; a code of a revoked hash or an ended round is forgotten). Nothing
 * is stored when the kiosk was set up again or left meanwhile. Resolves with the stored config.
 */
export async function applyPackage(fresh: KioskPackage, start: RefreshStart, db: IzzDb = getDb(), now = Date.now()): Promise<KioskConfig | null> {
  return guardWrite(() =>
    db.transaction('rw', db.kiosk, async () => {
      const config = normaliseKioskConfig((await db.kiosk.get(CONFIG))?.value);
      if (!config || config.token !== start.token) return null;
      const live = new Set(fresh.hashes.map((h) => h.h));
      const used: Record<string, number> = {};
      for (const [hash, n] of Object.entries(config.used)) if (live.has(hash)) used[hash] = n;
      const next: KioskConfig = { ...config, package: fresh.package, salt: fresh.salt, hashes: fresh.hashes, used, refreshed_at: now, closed: false };
      await db.kiosk.put({ key: CONFIG, value: next });
      return next;
    }),
  );
}

/** The server said the survey takes no answers now (409 survey-closed at a refresh): the code screen says so. */
export async function markClosed(start: Pick<RefreshStart, 'token'>, db: IzzDb = getDb()): Promise<KioskConfig | null> {
  return guardWrite(() =>
    db.transaction('rw', db.kiosk, async () => {
      const config = normaliseKioskConfig((await db.kiosk.get(CONFIG))?.value);
      if (!config || config.token !== start.token) return null;
      const next: KioskConfig = { ...config, closed: true };
      await db.kiosk.put({ key: CONFIG, value: next });
      return next;
    }),
  );
}

/** Deletes the current respondent (session row and draft). Call inside a transaction over kiosk and drafts. */
async function wipeRespondent(db: IzzDb): Promise<void> {
  const session = normaliseKioskSession((await db.kiosk.get(SESSION))?.value);
  if (session) await db.drafts.delete(session.draft_id);
  await db.kiosk.delete(SESSION);
}

/** A fresh draft for the next respondent (any earlier unfinished one is deleted first). */
export async function startRespondent(config: KioskConfig, check: { code: string; hash: string }, language: QuestionLanguageCode, db: IzzDb = getDb(), now = Date.now()): Promise<KioskSession> {
  return guardWrite(() =>
    db.transaction('rw', db.kiosk, db.drafts, async () => {
      await wipeRespondent(db);
      const draft: DraftRow = { id: crypto.randomUUID(), survey_id: kioskDraftSurvey(config), language, current_page: 0, answers: { language }, updated_at: now };
      await db.drafts.add(draft);
      const session: KioskSession = { draft_id: draft.id, code: check.code, hash: check.hash, language, started: false, created_at: now };
      await db.kiosk.put({ key: SESSION, value: session });
      return session;
    }),
  );
}

/** Updates the respondent's language choice / intro passed. */
export async function updateSession(patch: Partial<Pick<KioskSession, 'language' | 'started'>>, db: IzzDb = getDb()): Promise<KioskSession | null> {
  return guardWrite(() =>
    db.transaction('rw', db.kiosk, db.drafts, async () => {
      const session = normaliseKioskSession((await db.kiosk.get(SESSION))?.value);
      if (!session) return null;
      const next = { ...session, ...patch };
      await db.kiosk.put({ key: SESSION, value: next });
      const draft = patch.language ? normaliseDraft(await db.drafts.get(session.draft_id)) : null;
      // The response carries its question language (answers.language), as the own-phone journey's does.
      if (draft && patch.language) await db.drafts.put({ ...draft, language: patch.language, answers: { ...draft.answers, language: patch.language } });
      return next;
    }),
  );
}

/** Inactivity or 'start over': the respondent's draft and code are deleted. */
export async function abandonRespondent(db: IzzDb = getDb()): Promise<void> {
  await guardWrite(() => db.transaction('rw', db.kiosk, db.drafts, () => wipeRespondent(db)));
}

/**
 * Seals the respondent's code and answers and queues them: outbox row added, draft and session deleted
 * and the code's use counted, in ONE transaction. Resolves with the response id.
 */
export async function submitRespondent(draftId: string, db: IzzDb = getDb(), now = Date.now()): Promise<string> {
  const [config, session, draft] = await Promise.all([loadKiosk(db), loadSession(db), db.drafts.get(draftId).then(normaliseDraft)]);
  if (!config || !session || session.draft_id !== draftId || !draft) throw new Error('The kiosk respondent is gone.');
  const id = crypto.randomUUID();
  // WebCrypto cannot run inside an IndexedDB transaction: seal first, then write everything at once.
  const sealed = await seal({ code: session.code, answers: draft.answers }, config.public_key, `${String(config.package.survey_id)}:${id}`);
  await guardWrite(() =>
    db.transaction('rw', db.kiosk, db.drafts, db.outbox, async () => {
      const current = normaliseKioskSession((await db.kiosk.get(SESSION))?.value);
      const fresh = normaliseKioskConfig((await db.kiosk.get(CONFIG))?.value);
      if (!current || current.draft_id !== draftId || !fresh || !(await db.drafts.get(draftId))) throw new Error('The kiosk respondent is gone.');
      const row = pendingOutboxRow({ id, token: fresh.token, answers: { sealed }, survey_id: String(fresh.package.survey_id) }, now);
      await db.outbox.add(row);
      await db.drafts.delete(draftId);
      await db.kiosk.delete(SESSION);
      await db.kiosk.put({ key: CONFIG, value: { ...fresh, used: { ...fresh.used, [current.hash]: (fresh.used[current.hash] ?? 0) + 1 } } });
    }),
  );
  notifyWrite();
  return id;
}

export interface KioskQueue {
  pending: number;
  /** Responses the server refused (a code used meanwhile elsewhere, …), by reject code. */
  rejected: { code: string; count: number }[];
  /** Pending responses the server kept back without refusing them (its company is disabled, …), by its reason. */
  deferred: { code: string; count: number }[];
}

/** This kiosk's queued and refused responses (rows carrying its token). */
export async function kioskQueue(config: Pick<KioskConfig, 'token'>, db: IzzDb = getDb()): Promise<KioskQueue> {
  const rows = (await db.outbox.toArray()).map(normaliseOutbox).filter((r): r is OutboxRow => r !== null && r.token === config.token);
  const rejected = new Map<string, number>();
  for (const r of rows) if (r.status === 'rejected') rejected.set(r.reject_code ?? 'rejected', (rejected.get(r.reject_code ?? 'rejected') ?? 0) + 1);
  const pending = rows.filter((r) => r.status === 'pending' || r.status === 'sending');
  return {
    pending: pending.length,
    rejected: [...rejected].map(([code, count]) => ({ code, count })),
    deferred: countDeferred(pending),
  };
}

/** The company password, checked offline against the stored verifier. */
export async function verifyKioskPassword(password: string, db: IzzDb = getDb()): Promise<boolean> {
  const config = await loadKiosk(db);
  return !!config && (await checkPassword(password, config.verifier));
}

/**
 * Leaves kiosk mode (after the password): the kiosk's config, respondent, drafts and refused rows are
 * deleted. Responses still queued stay in the outbox and are sent by the app's sync engine when online.
 */
export async function exitKiosk(password: string, db: IzzDb = getDb()): Promise<boolean> {
  const config = await loadKiosk(db);
  if (!config || !(await checkPassword(password, config.verifier))) return false;
  await guardWrite(() =>
    db.transaction('rw', db.kiosk, db.drafts, db.outbox, async () => {
      await wipeRespondent(db);
      await db.drafts.where('survey_id').equals(kioskDraftSurvey(config)).delete();
      for (const raw of await db.outbox.toArray()) {
        const row = normaliseOutbox(raw);
        if (row && row.token === config.token && row.status === 'rejected') await db.outbox.delete(row.id);
      }
      await db.kiosk.clear();
    }),
  );
  return true;
}
