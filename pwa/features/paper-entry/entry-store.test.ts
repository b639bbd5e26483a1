import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { IzzDb, normaliseOutbox } from '../../db/db';
import { codeHash } from '../../lib/code-hash';
import { checkEntryCode, entryQueue, installEntry, loadEntry, queueForm, updateSettings, type PaperEntryPackage } from './entry-store';

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
    expect(await entryQueue(7, db)).toEqual({ pending: 1, sent: 0, rejected: [] });
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
    expect(await entryQueue(7, db)).toEqual({ pending: 0, sent: 0, rejected: [{ id, code: 'ABCDEFGHJK', reject_code: 'access-code-used', created_at: 5 }] });
  });
});
