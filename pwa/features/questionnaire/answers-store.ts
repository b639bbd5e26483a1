// Dexie commands for a respondent's answers (no React). Every answer is written as it is given;
// submit moves the draft into the outbox in one transaction.
import { getDb, guardWrite, normaliseDraft, notifyWrite, pendingOutboxRow, type DraftRow, type IzzDb } from '../../db/db';

export interface StartDraftInput {
  surveyId: string;
  language: string;
}

/** Returns the draft in progress for this survey on this device, or starts one. */
export async function startDraft(input: StartDraftInput, db: IzzDb = getDb(), now = Date.now()): Promise<DraftRow> {
  return guardWrite(() =>
    db.transaction('rw', db.drafts, async () => {
      const existing = (await db.drafts.where('survey_id').equals(input.surveyId).toArray())
        .map(normaliseDraft)
        .filter((d): d is DraftRow => d !== null)
        .sort((a, b) => b.updated_at - a.updated_at)[0];
      if (existing) return existing;
      const draft: DraftRow = {
        id: crypto.randomUUID(),
        survey_id: input.surveyId,
        language: input.language,
        current_page: 0,
        answers: {},
        updated_at: now,
      };
      await db.drafts.add(draft);
      return draft;
    }),
  );
}

export async function getDraft(draftId: string, db: IzzDb = getDb()): Promise<DraftRow | null> {
  return normaliseDraft(await db.drafts.get(draftId));
}

/** A copy of `target` with the answer at the dot path set (undefined removes it). Pure. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const keys = path.split('.').filter(Boolean);
  if (keys.length === 0) throw new Error('empty answer path');
  const root: Record<string, unknown> = { ...target };
  let node = root;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      if (value === undefined) delete node[key];
      else node[key] = value;
      return;
    }
    const child = node[key];
    const copy = typeof child === 'object' && child !== null && !Array.isArray(child) ? { ...(child as Record<string, unknown>) } : {};
    node[key] = copy;
    node = copy;
  });
  return root;
}

/** Sets one answer (dot path, e.g. "q12" or "q12.other"); undefined removes it. One transaction. */
export async function setAnswer(draftId: string, path: string, value: unknown, db: IzzDb = getDb(), now = Date.now()): Promise<void> {
  await guardWrite(() =>
    db.transaction('rw', db.drafts, async () => {
      const draft = normaliseDraft(await db.drafts.get(draftId));
      if (!draft) throw new Error(`draft ${draftId} not found`);
      await db.drafts.put({ ...draft, answers: setPath(draft.answers, path, value), updated_at: now });
    }),
  );
}

/** Remembers the page the respondent is on, so a reload resumes there. */
export async function setCurrentPage(draftId: string, page: number, db: IzzDb = getDb(), now = Date.now()): Promise<void> {
  await guardWrite(async () => {
    await db.drafts.update(draftId, { current_page: Math.max(0, Math.trunc(page)), updated_at: now });
  });
}

export async function clearDraft(draftId: string, db: IzzDb = getDb()): Promise<void> {
  await guardWrite(() => db.drafts.delete(draftId));
}

/**
 * Moves the draft into the outbox under a new client-made UUID and deletes the draft, in ONE
 * transaction. Returns the response id. The sync engine sends it when online.
 */
export async function submitDraft(draftId: string, token: string, db: IzzDb = getDb(), now = Date.now()): Promise<string> {
  const id = await guardWrite(() =>
    db.transaction('rw', db.drafts, db.outbox, async () => {
      const draft = normaliseDraft(await db.drafts.get(draftId));
      if (!draft) throw new Error(`draft ${draftId} not found`);
      const row = pendingOutboxRow({ id: crypto.randomUUID(), token, answers: draft.answers, survey_id: draft.survey_id }, now);
      await db.outbox.add(row);
      await db.drafts.delete(draftId);
      return row.id;
    }),
  );
  notifyWrite();
  return id;
}

/** 'received' once the server has it; 'saved' while it waits on this device; for the success page. */
export async function responseDelivery(responseId: string, db: IzzDb = getDb()): Promise<'received' | 'saved' | 'rejected' | 'unknown'> {
  const row = await db.outbox.get(responseId);
  if (!row) return 'unknown';
  if (row.status === 'sent') return 'received';
  if (row.status === 'rejected') return 'rejected';
  return 'saved';
}
