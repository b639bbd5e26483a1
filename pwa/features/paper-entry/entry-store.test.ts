import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { IzzDb, normaliseOutbox } from '../../db/db';
import { codeHash } from '../../lib/code-hash';
import type { EntryFlow } from './entry-flow';
import { checkEntryCode, dropForm, entryQueue, installEntry, keepForm, loadEntry, loadKeptForm, queueForm, updateSettings, type PaperEntryPackage } from './entry-store';

const open: IzzDb[] = [];
function freshDb(): IzzDb {
  const db = new IzzDb(`paper-entry-test-${Math.random()}`);
  open.push(db);
  return db;
}
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const pkg = { survey_id: 7, type: 'izz', name: 'IZZ 2026', company_name: 'Demo', logo_url: null, languages: ['sl', 'en'], end_date: '2030-12-31', statement_ids: [], demographic_ids: [], departments: [], locations: [], extra_questions: [], puls_question_ids: [], round: null } as QuestionnairePackage;

async function entryPackage(codes: string[]): Promise<PaperEntryPackage> {
  const salt = 'c2FsdHNhbHQ';
  return { token: 'tok.en.sig', expires_at: '2031-01-02T00:00:00Z', package: pkg, salt, hashes: await Promise.all(codes.map((c) => codeHash(salt, c))) };
}

describe('paper entry store', () => {
  it('checks codes offline: a paper code of the package once, case and dash insensitive; anything else is invalid', async () => {
    const db = freshDb();
    const config = await installEntry(7, await entryPackage(['ABCDEFGHJK', 'BBBBBBBBB2']), db);
    expect(await checkEntryCode(config, 'abcde-fghjk')).toMatchObject({ ok: true, code: 'ABCDEFGHJK' });
    expect(await checkEntryCode(config, 'ZZZZZ-ZZZZZ')).toEqual({ ok: false, reason: 'invalid' });
    expect(await checkEntryCode(config, 'nonsense')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('queues a form and marks its code keyed in one step; the same code is then refused on this device', async () => {
    const db = freshDb();
    const config = await installEntry(7, await entryPackage(['ABCDEFGHJK']), db, 1000);
    const check = await checkEntryCode(config, 'ABCDE-FGHJK');
    if (!check.ok) throw new Error('code refused');
    const id = await queueForm(7, { code: check.code, hash: check.hash, answers: { language: 'sl' }, no_answer: ['enps_grade'] }, db, 2000);
    const row = normaliseOutbox(await db.outbox.get(id));
    expect(row).toMatchObject({ token: 'tok.en.sig', status: 'pending', survey_id: 'paper:7', answers: { code: 'ABCDEFGHJK', answers: { language: 'sl' }, no_answer: ['enps_grade'] } });
    const after = await loadEntry(7, db);
    expect(await checkEntryCode(after!, 'ABCDEFGHJK')).toEqual({ ok: false, reason: 'used' });
    await expect(queueForm(7, { code: check.code, hash: check.hash, answers: {}, no_answer: [] }, db)).rejects.toThrow('code-used');
    expect(await db.outbox.count()).toBe(1);
    expect(await entryQueue(7, db)).toEqual({ pending: 1, deferred: [], sent: 0, rejected: [] });
  });

  it('a fresh online open replaces the package but keeps the codes keyed here and the settings', async () => {
    const db = freshDb();
    const config = await installEntry(7, await entryPackage(['ABCDEFGHJK']), db);
    const check = await checkEntryCode(config, 'ABCDEFGHJK');
    if (!check.ok) throw new Error('code refused');
    await queueForm(7, { code: check.code, hash: check.hash, answers: {}, no_answer: [] }, db);
    await updateSettings(7, { double_entry: true, language: 'en' }, db);
    const fresh = await installEntry(7, { ...(await entryPackage(['BBBBBBBBB2'])), token: 'new.to.ken' }, db);
    expect(fresh).toMatchObject({ token: 'new.to.ken', double_entry: true, language: 'en' });
    expect(fresh.used).toEqual([check.hash]);
  });

  it('lists refused forms with their code and reason', async () => {
    const db = freshDb();
    const config = await installEntry(7, await entryPackage(['ABCDEFGHJK']), db);
    const check = await checkEntryCode(config, 'ABCDEFGHJK');
    if (!check.ok) throw new Error('code refused');
    const id = await queueForm(7, { code: check.code, hash: check.hash, answers: {}, no_answer: [] }, db, 5);
    await db.outbox.update(id, { status: 'rejected', reject_code: 'access-code-used' });
    expect(await entryQueue(7, db)).toEqual({ pending: 0, deferred: [], sent: 0, rejected: [{ id, code: 'ABCDEFGHJK', reject_code: 'access-code-used', created_at: 5 }] });
  });
});

/** A double entry between its two keyings: the first keying done, the second just started. */
const secondKeying = (code: string, hash: string): EntryFlow => ({
  phase: { step: 'keying', pass: 2, code, hash, first: { 'statements.JC01': 4, 'statements.JC02': { blank: true }, praise_critique: { text: 'Več kave' } }, backToReview: false },
  keying: { cursor: 1, buffer: '3', values: { 'statements.JC01': 3 }, error: 'out-of-range' },
});

describe('paper entry store: the form in progress', () => {
  it('keeps the form being keyed, so a reload (a new connection to the same database) resumes it with the first keying', async () => {
    const db = freshDb();
    const config = await installEntry(7, await entryPackage(['ABCDEFGHJK']), db);
    const check = await checkEntryCode(config, 'ABCDEFGHJK');
    if (!check.ok) throw new Error('code refused');
    expect(await loadKeptForm(7, db)).toBeNull();
    await keepForm(7, secondKeying(check.code, check.hash), db, 1000);

    db.close();
    const again = new IzzDb(db.name);
    expect(await loadKeptForm('7', again)).toEqual({
      phase: secondKeying(check.code, check.hash).phase,
      cursor: 1,
      values: { 'statements.JC01': 3 },
    });
    expect(await again.paperForms.get('7')).toMatchObject({ survey_id: '7', updated_at: 1000 });
    // One form per survey: keeping the next state replaces it
    await keepForm(7, { ...secondKeying(check.code, check.hash), keying: { cursor: 2, buffer: '', values: { 'statements.JC01': 3, 'statements.JC02': 1 }, error: null } }, again);
    expect(await again.paperForms.count()).toBe(1);
    expect((await loadKeptForm(7, again))?.cursor).toBe(2);
    expect(await loadKeptForm(8, again)).toBeNull();
    again.close(); // the afterEach deletes the database by name
  });

  it('saving the form deletes it in the same step as queueing it', async () => {
    const db = freshDb();
    const config = await installEntry(7, await entryPackage(['ABCDEFGHJK']), db);
    const check = await checkEntryCode(config, 'ABCDEFGHJK');
    if (!check.ok) throw new Error('code refused');
    await keepForm(7, secondKeying(check.code, check.hash), db);
    await queueForm(7, { code: check.code, hash: check.hash, answers: {}, no_answer: [] }, db);
    expect(await db.paperForms.count()).toBe(0);
    expect(await loadKeptForm(7, db)).toBeNull();
  });

  it('a queueing that fails keeps the form: nothing of the transaction stays', async () => {
    const db = freshDb();
    await keepForm(7, secondKeying('ABCDEFGHJK', 'h'), db);
    await expect(queueForm(7, { code: 'ABCDEFGHJK', hash: 'h', answers: {}, no_answer: [] }, db)).rejects.toThrow('package is gone');
    expect(await db.paperForms.count()).toBe(1);
  });

  it('discarding deletes only the form of that code; the code step keeps nothing', async () => {
    const db = freshDb();
    await installEntry(7, await entryPackage(['ABCDEFGHJK']), db);
    await keepForm(7, secondKeying('ABCDEFGHJK', 'h'), db);
    await dropForm(7, 'other', db); // another tab's form
    expect(await db.paperForms.count()).toBe(1);
    await dropForm(7, 'h', db);
    expect(await db.paperForms.count()).toBe(0);
    await keepForm(7, { phase: { step: 'code' }, keying: { cursor: 0, buffer: '', values: {}, error: null } }, db);
    expect(await db.paperForms.count()).toBe(0);
  });

  it('does not resume a form whose code was keyed on this device meanwhile, or an unusable row', async () => {
    const db = freshDb();
    const config = await installEntry(7, await entryPackage(['ABCDEFGHJK', 'BBBBBBBBB2']), db);
    const check = await checkEntryCode(config, 'ABCDEFGHJK');
    if (!check.ok) throw new Error('code refused');
    await keepForm(7, secondKeying(check.code, check.hash), db);
    // e.g. another tab saved the same code
    await db.meta.update('paper-entry:7', { value: { ...(await loadEntry(7, db)), used: [check.hash] } });
    expect(await loadKeptForm(7, db)).toBeNull();
    await db.paperForms.put({ survey_id: '7', form: { phase: 'keying' }, updated_at: 1 });
    expect(await loadKeptForm(7, db)).toBeNull();
  });

  it('upgrades a version-2 database to the current version: every row is kept and the new tables are empty', async () => {
    const name = `paper-entry-upgrade-${Math.random()}`;
    const v2 = new Dexie(name);
    v2.version(1).stores({ drafts: 'id, survey_id, updated_at', outbox: 'id, status, next_attempt_at, survey_id', meta: 'key' });
    v2.version(2).stores({ kiosk: 'key' });
    await v2.table('drafts').add({ id: 'd1', survey_id: '1', language: 'sl', current_page: 2, answers: { a: 1 }, updated_at: 5 });
    await v2.table('outbox').add({ id: 'o1', token: 't', answers: {}, created_at: 1, status: 'pending', attempts: 0, next_attempt_at: 0, last_error: null, reject_code: null, survey_id: 'paper:7' });
    await v2.table('meta').add({ key: 'paper-entry:7', value: { x: 1 } });
    await v2.table('kiosk').add({ key: 'config', value: { y: 2 } });
    v2.close();
    const db = new IzzDb(name);
    open.push(db);
    expect(await db.drafts.get('d1')).toMatchObject({ current_page: 2 });
    expect(await db.outbox.get('o1')).toMatchObject({ survey_id: 'paper:7' });
    expect(await db.meta.get('paper-entry:7')).toEqual({ key: 'paper-entry:7', value: { x: 1 } });
    expect(await db.kiosk.get('config')).toEqual({ key: 'config', value: { y: 2 } });
    expect(await db.paperForms.count()).toBe(0);
    expect(await db.scanPages.count()).toBe(0);
    expect(db.verno).toBe(4);
  });
});
