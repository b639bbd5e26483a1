/**
 * Scanned pages of paper forms on this device (Dexie table `scanPages`, db.ts version 4): a page is stored once read,
 * with its crops, so a reload keeps the batch; a form's pages are deleted in the same transaction that queues the form
 * (its outbox row), and all of a survey's pages when HR clears the scans. HR's answers to the doubts and texts are kept
 * beside them (a meta row per survey) and go with them. Nothing here is ever sent.
 */
import { getDb, guardWrite, notifyWrite, type IzzDb, type ScanPageRow } from '../../db/db';
import { queueFormIn } from './entry-store';
import { normaliseValue } from './entry-flow';
import type { Decisions, ItemRead, PageProblem, ScannedPage } from './scan-batch';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const PROBLEMS: PageProblem[] = ['no-markers', 'no-mark', 'no-layout'];

/** A page read back from the device; null when unusable. */
export function normaliseScannedPage(raw: unknown): ScannedPage | null {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.source !== 'string' || !isObject(raw.items)) return null;
  const m = raw.mark;
  const mark =
    isObject(m) && typeof m.code === 'string' && typeof m.page === 'number' && typeof m.pages === 'number' && typeof m.layout === 'number'
      ? { code: m.code, survey: typeof m.survey === 'number' ? m.survey : null, page: m.page, pages: m.pages, layout: m.layout }
      : null;
  const items: Record<string, ItemRead> = {};
  for (const [path, r] of Object.entries(raw.items)) {
    if (!isObject(r) || typeof r.doubtful !== 'boolean') continue;
    const v = r.value;
    const value = typeof v === 'number' || typeof v === 'string' || v === null ? v : Array.isArray(v) && v.every((x) => typeof x === 'number') ? (v as number[]) : undefined;
    if (value === undefined) continue;
    items[path] = { value, doubtful: r.doubtful, confidence: typeof r.confidence === 'number' ? r.confidence : 0 };
  }
  const problem = PROBLEMS.find((p) => p === raw.problem) ?? null;
  return { id: raw.id, source: raw.source, mark, problem, items };
}

export interface StoredScan {
  page: ScannedPage;
  crops: Record<string, Blob>;
  thumb: Blob | null;
}

export async function addScannedPage(surveyId: string, scan: StoredScan, db: IzzDb = getDb(), now = Date.now()): Promise<void> {
  await guardWrite(() => db.scanPages.put({ id: scan.page.id, survey_id: surveyId, page: scan.page, crops: scan.crops, thumb: scan.thumb, created_at: now }));
}

/** The survey's scanned pages in the order they were read. */
export async function loadScans(surveyId: string, db: IzzDb = getDb()): Promise<StoredScan[]> {
  const rows: ScanPageRow[] = await db.scanPages.where('survey_id').equals(surveyId).toArray();
  return rows
    .sort((a, b) => a.created_at - b.created_at)
    .flatMap((r) => {
      const page = normaliseScannedPage(r.page);
      return page ? [{ page, crops: isObject(r.crops) ? r.crops : {}, thumb: r.thumb instanceof Blob ? r.thumb : null }] : [];
    });
}

export async function clearScans(surveyId: string, db: IzzDb = getDb()): Promise<void> {
  await guardWrite(() =>
    db.transaction('rw', db.scanPages, db.meta, async () => {
      await db.scanPages.where('survey_id').equals(surveyId).delete();
      await db.meta.delete(decisionsKey(surveyId));
    }),
  );
}

const decisionsKey = (surveyId: string) => `scan-decisions:${surveyId}`;

/** Decisions as stored: [key, value] pairs, "no answer" as null (a property holding undefined is easily lost). */
const storedDecisions = (decisions: Decisions, keep: (key: string) => boolean = () => true) =>
  Object.entries(decisions).flatMap(([key, d]) => (keep(key) ? [[key, d.value ?? null]] : []));

/** HR's answers so far, so that a reload keeps them with the pages. */
export async function saveDecisions(surveyId: string, decisions: Decisions, db: IzzDb = getDb()): Promise<void> {
  await guardWrite(() => db.meta.put({ key: decisionsKey(surveyId), value: storedDecisions(decisions) }));
}

export async function loadDecisions(surveyId: string, db: IzzDb = getDb()): Promise<Decisions> {
  const raw = (await db.meta.get(decisionsKey(surveyId)))?.value;
  const decisions: Decisions = {};
  for (const entry of Array.isArray(raw) ? raw : []) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
    const value = entry[1] === null ? undefined : normaliseValue(entry[1]);
    if (entry[1] === null || value !== undefined) decisions[entry[0]] = { value };
  }
  return decisions;
}

/**
 * Queues a form read from scans (the keying's queue) and deletes its pages, crops and HR's answers from this device,
 * in one transaction: never a queued form whose pages (its code and answers as images) stay behind, nor deleted pages whose
 * form was not queued.
 */
export async function submitScannedForm(
  surveyId: string,
  form: { code: string; hash: string; answers: Record<string, unknown>; no_answer: string[] },
  pageIds: string[],
  db: IzzDb = getDb(),
  now = Date.now(),
): Promise<void> {
  await guardWrite(() =>
    db.transaction('rw', [db.meta, db.outbox, db.paperForms, db.scanPages], async () => {
      await queueFormIn(db, surveyId, form, now);
      await db.scanPages.bulkDelete(pageIds);
      const decisions = await loadDecisions(surveyId, db);
      await db.meta.put({ key: decisionsKey(surveyId), value: storedDecisions(decisions, (key) => !key.startsWith(`${form.code}|`)) });
    }),
  );
  notifyWrite();
}
