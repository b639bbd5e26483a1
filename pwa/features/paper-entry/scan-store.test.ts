import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { IzzDb } from '../../db/db';
import { codeHash } from '../../lib/code-hash';
import { checkEntryCode, entryQueue, installEntry } from './entry-store';
import type { ScannedPage } from './scan-batch';
import { addScannedPage, clearScans, loadDecisions, loadScans, normaliseScannedPage, saveDecisions, submitScannedForm, type StoredScan } from './scan-store';

const open: IzzDb[] = [];
function freshDb(): IzzDb {
  const db = new IzzDb(`scan-store-test-${Math.random()}`);
  open.push(db);
  return db;
}
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const pkg = { survey_id: 7, type: 'izz', name: 'IZZ 2026', company_name: 'Demo', logo_url: null, languages: ['sl'], end_date: '2030-12-31', statement_ids: [], demographic_ids: [], departments: [], locations: [], extra_questions: [], puls_question_ids: [], round: null } as QuestionnairePackage;

async function installed(db: IzzDb, code: string) {
  const salt = 'c2FsdHNhbHQ';
  const config = await installEntry(7, { token: 'tok.en.sig', expires_at: '2031-01-02T00:00:00Z', package: pkg, salt, hashes: [await codeHash(salt, code)] }, db, 1000);
  const check = await checkEntryCode(config, code);
  if (!check.ok) throw new Error('code refused');
  return check;
}

function scan(id: string, code: string, page: number): StoredScan {
  const scanned: ScannedPage = {
    id,
    source: `forms.pdf, page ${String(page)}`,
    mark: { code, survey: 7, page, pages: 2, layout: 1 },
    problem: null,
    items: { [`statements.JC0${String(page)}`]: { value: 4, doubtful: false, confidence: 0.93 } },
  };
  return { page: scanned, crops: { [`statements.JC0${String(page)}`]: new Blob(['crop']) }, thumb: null };
}

describe('scanned pages on this device', () => {
  it('keeps read pages in the order they were read, each survey its own, until HR clears them', async () => {
    const db = freshDb();
    await addScannedPage('7', scan('b', 'ABCDEFGHJK', 2), db, 2000);
    await addScannedPage('7', scan('a', 'ABCDEFGHJK', 1), db, 1000);
    await addScannedPage('8', scan('c', 'BBBBBBBBB2', 1), db, 1500);
    expect((await loadScans('7', db)).map((s) => s.page.id)).toEqual(['a', 'b']);
    expect((await loadScans('7', db))[0]?.page.items).toEqual({ 'statements.JC01': { value: 4, doubtful: false, confidence: 0.93 } });
    await clearScans('7', db);
    expect(await loadScans('7', db)).toEqual([]);
    expect((await loadScans('8', db)).map((s) => s.page.id)).toEqual(['c']);
  });

  it("queues a form and deletes its pages in one step; the other forms' pages stay", async () => {
    const db = freshDb();
    const check = await installed(db, 'ABCDEFGHJK');
    for (const [i, s] of [scan('p1', 'ABCDEFGHJK', 1), scan('p2', 'ABCDEFGHJK', 2), scan('q1', 'BBBBBBBBB2', 1)].entries()) await addScannedPage('7', s, db, 1000 + i);
    await submitScannedForm('7', { code: check.code, hash: check.hash, answers: { statements: { JC01: 4, JC02: 4 } }, no_answer: [] }, ['p1', 'p2'], db, 5000);
    expect((await entryQueue(7, db)).pending).toBe(1);
    expect((await loadScans('7', db)).map((s) => s.page.id)).toEqual(['q1']);
  });

  it('keeps the pages when the form cannot be queued (its code already keyed here), so nothing is lost', async () => {
    const db = freshDb();
    const check = await installed(db, 'ABCDEFGHJK');
    const form = { code: check.code, hash: check.hash, answers: {}, no_answer: [] };
    await addScannedPage('7', scan('p1', 'ABCDEFGHJK', 1), db, 1000);
    await submitScannedForm('7', form, [], db);
    await expect(submitScannedForm('7', form, ['p1'], db)).rejects.toThrow('code-used');
    expect((await loadScans('7', db)).map((s) => s.page.id)).toEqual(['p1']);
    expect((await entryQueue(7, db)).pending).toBe(1);
  });

  it('reads back only usable pages: unknown problems dropped, malformed answers left out', () => {
    expect(normaliseScannedPage(null)).toBeNull();
    expect(normaliseScannedPage({ id: 'x', source: 's' })).toBeNull();
    const page = normaliseScannedPage({
      id: 'x',
      source: 's',
      mark: { code: 'ABCDEFGHJK', page: 1, pages: 2, layout: 1 },
      problem: 'on-fire',
      items: { a: { value: [1, 2], doubtful: true }, b: { value: { no: 1 }, doubtful: false }, c: { value: 3 } },
    });
    expect(page).toEqual({ id: 'x', source: 's', mark: { code: 'ABCDEFGHJK', survey: null, page: 1, pages: 2, layout: 1 }, problem: null, items: { a: { value: [1, 2], doubtful: true, confidence: 0 } } });
  });
});

describe("HR's answers to a scan's doubts and texts", () => {
  it('are kept for a reload, "no answer" too, and leave with their form or when the scans are cleared', async () => {
    const db = freshDb();
    const check = await installed(db, 'ABCDEFGHJK');
    await addScannedPage('7', scan('p1', 'ABCDEFGHJK', 1), db, 1000);
    await addScannedPage('7', scan('q1', 'BBBBBBBBB2', 1), db, 1001);
    await saveDecisions(
      '7',
      { 'ABCDEFGHJK|statements.JC01': { value: 3 }, 'ABCDEFGHJK|comment': { value: { text: 'Več kave' } }, 'ABCDEFGHJK|gender': { value: undefined }, 'BBBBBBBBB2|statements.JC01': { value: [1, 2] } },
      db,
    );
    const kept = await loadDecisions('7', db);
    expect(kept).toEqual({ 'ABCDEFGHJK|statements.JC01': { value: 3 }, 'ABCDEFGHJK|comment': { value: { text: 'Več kave' } }, 'ABCDEFGHJK|gender': { value: undefined }, 'BBBBBBBBB2|statements.JC01': { value: [1, 2] } });
    expect('ABCDEFGHJK|gender' in kept).toBe(true);

    await submitScannedForm('7', { code: check.code, hash: check.hash, answers: {}, no_answer: [] }, ['p1'], db);
    expect(await loadDecisions('7', db)).toEqual({ 'BBBBBBBBB2|statements.JC01': { value: [1, 2] } });
    await clearScans('7', db);
    expect(await loadDecisions('7', db)).toEqual({});
    expect(await db.meta.get('scan-decisions:7')).toBeUndefined();
  });

  it('drop what cannot be an answer when read back', async () => {
    const db = freshDb();
    await db.meta.put({ key: 'scan-decisions:7', value: [['a|x', { nope: 1 }], ['a|y', 2], [3, 4], 'junk'] });
    expect(await loadDecisions('7', db)).toEqual({ 'a|y': { value: 2 } });
  });
});
