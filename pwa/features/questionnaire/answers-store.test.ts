import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IzzDb, StorageError, onLocalWrite } from '../../db/db';
import { clearDraft, getDraft, responseDelivery, setAnswer, setCurrentPage, startDraft, submitDraft } from './answers-store';

const names: string[] = [];
const open: IzzDb[] = [];
function dbNamed(name: string): IzzDb {
  const db = new IzzDb(name);
  open.push(db);
  return db;
}
function freshName(): string {
  const n = `answers-test-${names.length}-${Math.random()}`;
  names.push(n);
  return n;
}
afterEach(async () => {
  vi.restoreAllMocks();
  for (const db of open.splice(0)) db.close();
  for (const n of names.splice(0)) await new IzzDb(n).delete();
});

function quotaError(): DOMException {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

describe('answers store', () => {
  it('persists every answer and the page across a new Dexie instance (a reload)', async () => {
    const name = freshName();
    const db = dbNamed(name);
    const draft = await startDraft({ surveyId: 's1', language: 'sl' }, db);
    await setAnswer(draft.id, 'q1', 4, db);
    await setAnswer(draft.id, 'q2.other', 'text', db);
    await setAnswer(draft.id, 'q3', 1, db);
    await setAnswer(draft.id, 'q3', undefined, db);
    await setCurrentPage(draft.id, 2, db);
    db.close();

    const reopened = dbNamed(name);
    const back = await getDraft(draft.id, reopened);
    expect(back).toMatchObject({ survey_id: 's1', language: 'sl', current_page: 2, answers: { q1: 4, q2: { other: 'text' } } });
    // starting the same survey again resumes the draft
    expect((await startDraft({ surveyId: 's1', language: 'sl' }, reopened)).id).toBe(draft.id);
    await clearDraft(draft.id, reopened);
    expect(await getDraft(draft.id, reopened)).toBeNull();
  });

  it('submitDraft moves the draft into the outbox atomically and wakes the sync engine', async () => {
    const db = dbNamed(freshName());
    const draft = await startDraft({ surveyId: 's1', language: 'en' }, db);
    await setAnswer(draft.id, 'q1', 5, db);
    const woke = vi.fn();
    const off = onLocalWrite(woke);
    const id = await submitDraft(draft.id, 'ABCDE-FGHJK', db, 1234);
    off();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.drafts.get(draft.id)).toBeUndefined();
    expect(await db.outbox.get(id)).toMatchObject({
      id,
      token: 'ABCDE-FGHJK',
      answers: { q1: 5 },
      status: 'pending',
      attempts: 0,
      created_at: 1234,
      survey_id: 's1',
    });
    expect(woke).toHaveBeenCalledTimes(1);
    expect(await responseDelivery(id, db)).toBe('saved');
  });

  it('submitDraft changes nothing when the outbox write fails (draft kept, no outbox row)', async () => {
    const db = dbNamed(freshName());
    const draft = await startDraft({ surveyId: 's1', language: 'en' }, db);
    await setAnswer(draft.id, 'q1', 5, db);
    vi.spyOn(db.outbox, 'add').mockImplementation(() => {
      throw quotaError();
    });
    await expect(submitDraft(draft.id, 'ABCDE-FGHJK', db)).rejects.toMatchObject({ name: 'StorageError', kind: 'quota' });
    vi.restoreAllMocks();
    expect((await getDraft(draft.id, db))?.answers).toEqual({ q1: 5 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('surfaces a quota error on an answer as a StorageError', async () => {
    const db = dbNamed(freshName());
    const draft = await startDraft({ surveyId: 's1', language: 'en' }, db);
    vi.spyOn(db.drafts, 'put').mockImplementation(() => Promise.reject(quotaError()) as never);
    const err = await setAnswer(draft.id, 'q1', 1, db).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ kind: 'quota' });
  });
});
