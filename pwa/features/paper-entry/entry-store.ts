/**
 * Paper data entry on this device (Dexie commands; docs/decisions/0023-paper-data-entry.md "Paper data entry").
 *
 * - meta row `paper-entry:<surveyId>`: the entry package from GET /api/paper-entry/surveys/:id (the
 *   questionnaire package, the paper-entry token, the salt and the hashes of the unused paper codes),
 *   the hashes of the codes keyed on this device (`used`), the double-entry setting and the paper's
 *   language. Kept, so entry works offline after the first online open; a fresh online open replaces
 *   the package and keeps `used`.
 * - queueForm: ONE transaction adds the outbox row (token = the paper-entry token, answers =
 *   { code, answers, no_answer }; not sealed: this is HR's own device and the paper lies beside it) and
 *   records the code's hash as used, so the same code is refused at once on this device; the sync
 *   engine sends it exactly once (the row id is the idempotency key) and strips it to a receipt. The same
 *   transaction deletes the form in progress.
 * - table `paperForms`, row `<surveyId>`: the form being keyed (entry-flow.ts KeptForm: code, step, pass, the
 *   first keying of a double entry, the current keying), written after every key by keepForm, so a reload (also
 *   offline) resumes it; dropForm deletes it when the form is discarded.
 */
import { normalizeAccessCode } from '../../../shared/access-codes';
import type { PaperEntryPackage } from '../../../shared/schemas/paper-entry';
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { countDeferred, getDb, guardWrite, normaliseOutbox, notifyWrite, pendingOutboxRow, type IzzDb, type OutboxRow } from '../../db/db';
import { codeHash } from '../../lib/code-hash';
import { formToKeep, normaliseKeptForm, type EntryFlow, type KeptForm } from './entry-flow';

export type { PaperEntryPackage };

export interface PaperEntryConfig extends PaperEntryPackage {
  used: string[];
  double_entry: boolean;
  language: string | null;
  saved_at: number;
}

const metaKey = (surveyId: number | string) => `paper-entry:${String(surveyId)}`;
export const paperSurveyKey = (surveyId: number | string) => `paper:${String(surveyId)}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function normaliseEntryConfig(raw: unknown): PaperEntryConfig | null {
  if (!isObject(raw) || typeof raw.token !== 'string' || typeof raw.salt !== 'string' || !isObject(raw.package)) return null;
  return {
    token: raw.token,
    expires_at: typeof raw.expires_at === 'string' ? raw.expires_at : '',
    package: raw.package as unknown as QuestionnairePackage,
    salt: raw.salt,
    hashes: strings(raw.hashes),
    used: strings(raw.used),
    double_entry: raw.double_entry === true,
    language: typeof raw.language === 'string' ? raw.language : null,
    saved_at: typeof raw.saved_at === 'number' ? raw.saved_at : 0,
  };
}

export async function loadEntry(surveyId: number | string, db: IzzDb = getDb()): Promise<PaperEntryConfig | null> {
  return normaliseEntryConfig((await db.meta.get(metaKey(surveyId)))?.value);
}

/** Stores a fresh package (an online open), keeping this device's used codes and settings. */
export async function installEntry(surveyId: number | string, pkg: PaperEntryPackage, db: IzzDb = getDb(), now = Date.now()): Promise<PaperEntryConfig> {
  return guardWrite(() =>
    db.transaction('rw', db.meta, async () => {
      const old = normaliseEntryConfig((await db.meta.get(metaKey(surveyId)))?.value);
      const config: PaperEntryConfig = {
        token: pkg.token,
        expires_at: pkg.expires_at,
        package: pkg.package,
        salt: pkg.salt,
        hashes: [...pkg.hashes],
        used: old?.used ?? [],
        double_entry: old?.double_entry ?? false,
        language: old?.language ?? null,
        saved_at: now,
      };
      await db.meta.put({ key: metaKey(surveyId), value: config });
      return config;
    }),
  );
}

export async function updateSettings(surveyId: number | string, patch: Partial<Pick<PaperEntryConfig, 'double_entry' | 'language'>>, db: IzzDb = getDb()): Promise<PaperEntryConfig | null> {
  return guardWrite(() =>
    db.transaction('rw', db.meta, async () => {
      const old = normaliseEntryConfig((await db.meta.get(metaKey(surveyId)))?.value);
      if (!old) return null;
      const next = { ...old, ...patch };
      await db.meta.put({ key: metaKey(surveyId), value: next });
      return next;
    }),
  );
}

export type EntryCodeCheck = { ok: true; code: string; hash: string } | { ok: false; reason: 'invalid' | 'used' };

/** The offline check of a typed or scanned code: a paper code of this survey not yet keyed on this device. */
export async function checkEntryCode(config: Pick<PaperEntryConfig, 'salt' | 'hashes' | 'used'>, input: string): Promise<EntryCodeCheck> {
  const code = normalizeAccessCode(input);
  if (!code) return { ok: false, reason: 'invalid' };
  const hash = await codeHash(config.salt, code);
  if (config.used.includes(hash)) return { ok: false, reason: 'used' };
  if (!config.hashes.includes(hash)) return { ok: false, reason: 'invalid' };
  return { ok: true, code, hash };
}

/** Queues one keyed form: outbox row added and its code's hash marked used, in ONE transaction. Resolves with the row id. */
export async function queueForm(
  surveyId: number | string,
  form: { code: string; hash: string; answers: Record<string, unknown>; no_answer: string[] },
  db: IzzDb = getDb(),
  now = Date.now(),
): Promise<string> {
  const id = await guardWrite(() => db.transaction('rw', db.meta, db.outbox, db.paperForms, () => queueFormIn(db, surveyId, form, now)));
  notifyWrite();
  return id;
}

/**
 * queueForm's writes, inside a transaction over meta, outbox and paperForms that the caller opened (a scanned form
 * deletes its pages in the same one: scan-store.submitScannedForm).
 */
export async function queueFormIn(db: IzzDb, surveyId: number | string, form: { code: string; hash: string; answers: Record<string, unknown>; no_answer: string[] }, now: number): Promise<string> {
  const id = crypto.randomUUID();
  const config = normaliseEntryConfig((await db.meta.get(metaKey(surveyId)))?.value);
  if (!config) throw new Error('The paper entry package is gone.');
  if (config.used.includes(form.hash)) throw new Error('code-used');
  const row = pendingOutboxRow({ id, token: config.token, answers: { code: form.code, answers: form.answers, no_answer: form.no_answer }, survey_id: paperSurveyKey(surveyId) }, now);
  await db.outbox.add(row);
  await db.meta.put({ key: metaKey(surveyId), value: { ...config, used: [...config.used, form.hash] } });
  await deleteForm(db, surveyId, form.hash);
  return id;
}

/** Deletes the survey's form in progress if it is the form of this code hash (another tab may have started another). */
async function deleteForm(db: IzzDb, surveyId: number | string, hash: string): Promise<void> {
  const row = await db.paperForms.get(String(surveyId));
  if (row && normaliseKeptForm(row.form)?.phase.hash === hash) await db.paperForms.delete(String(surveyId));
}

/** Keeps the form in progress on this device (after every transition); at the code step there is none to keep. */
export async function keepForm(surveyId: number | string, flow: EntryFlow, db: IzzDb = getDb(), now = Date.now()): Promise<void> {
  const form = formToKeep(flow);
  if (!form) return;
  await guardWrite(() => db.paperForms.put({ survey_id: String(surveyId), form, updated_at: now }));
}

/** Forgets the form in progress of this code (discarded, or its save failed). */
export async function dropForm(surveyId: number | string, hash: string, db: IzzDb = getDb()): Promise<void> {
  await guardWrite(() => db.transaction('rw', db.paperForms, () => deleteForm(db, surveyId, hash)));
}

/** The form in progress to resume, or null: none, unusable, or its code already keyed here. */
export async function loadKeptForm(surveyId: number | string, db: IzzDb = getDb()): Promise<KeptForm | null> {
  return db.transaction('r', db.meta, db.paperForms, async () => {
    const form = normaliseKeptForm((await db.paperForms.get(String(surveyId)))?.form);
    if (!form) return null;
    const config = normaliseEntryConfig((await db.meta.get(metaKey(surveyId)))?.value);
    return config && !config.used.includes(form.phase.hash) ? form : null;
  });
}

export interface EntryQueue {
  pending: number;
  sent: number;
  /** Forms the server refused (the code used online meanwhile, …), with the code so HR can find the paper. */
  rejected: { id: string; code: string; reject_code: string; created_at: number }[];
  /** Pending forms the server kept back without refusing them (the company is disabled, …), by its reason. */
  deferred: { code: string; count: number }[];
}

/** This survey's keyed forms on this device. */
export async function entryQueue(surveyId: number | string, db: IzzDb = getDb()): Promise<EntryQueue> {
  const rows = (await db.outbox.where('survey_id').equals(paperSurveyKey(surveyId)).toArray()).map(normaliseOutbox).filter((r): r is OutboxRow => r !== null);
  const pending = rows.filter((r) => r.status === 'pending' || r.status === 'sending');
  return {
    pending: pending.length,
    deferred: countDeferred(pending),
    sent: rows.filter((r) => r.status === 'sent').length,
    rejected: rows
      .filter((r) => r.status === 'rejected')
      .map((r) => ({ id: r.id, code: typeof r.answers.code === 'string' ? r.answers.code : '', reject_code: r.reject_code ?? 'rejected', created_at: r.created_at }))
      .sort((a, b) => a.created_at - b.created_at),
  };
}
