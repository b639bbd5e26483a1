import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionnairePackage } from '../../../../shared/schemas/questionnaire';
import { IzzDb, normaliseDraft, normaliseOutbox } from '../../../db/db';
import { setAnswer } from '../answers-store';
import { checkPassword, codeHash, createPasswordVerifier, openSealed, seal, toBase64Url, type PublicJwk, type SealedEnvelope } from './crypto';
import {
  abandonRespondent,
  checkCode,
  exitKiosk,
  installKiosk,
  isClosed,
  kioskQueue,
  loadKiosk,
  loadSession,
  startRespondent,
  submitRespondent,
  updateSession,
  verifyKioskPassword,
  type KioskSetupResponse,
} from './kiosk-store';

const open: IzzDb[] = [];
function freshDb(): IzzDb {
  const db = new IzzDb(`kiosk-test-${Math.random()}`);
  open.push(db);
  return db;
}
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const pkg = { survey_id: 7, type: 'izz', name: 'IZZ 2026', company_name: 'Demo', logo_url: null, languages: ['sl', 'en'], end_date: '2030-12-31', statement_ids: [], demographic_ids: [], departments: [], locations: [], extra_questions: [], puls_question_ids: [], round: null } as QuestionnairePackage;

async function keyPair(): Promise<{ publicJwk: PublicJwk; privateKey: CryptoKey }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { publicJwk: { kty: 'EC', crv: 'P-256', x: String(jwk.x), y: String(jwk.y) }, privateKey: pair.privateKey };
}

async function setupResponse(publicJwk: PublicJwk): Promise<KioskSetupResponse> {
  const salt = 'c2FsdHNhbHQ';
  return {
    token: 'kiosk.token.value',
    expires_at: '2031-01-02T00:00:00Z',
    package: pkg,
    salt,
    hashes: [
      { h: await codeHash(salt, 'AAAAABBBBB'), n: 1 },
      { h: await codeHash(salt, 'SHAREDKKKK'), n: 2 },
    ],
    public_key: publicJwk,
  };
}

describe('kiosk crypto', () => {
  it('hashes a code as the first 8 hex characters of SHA-256(salt:code)', async () => {
    const full = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('s:AAAAABBBBB')))].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(await codeHash('s', 'AAAAABBBBB')).toBe(full.slice(0, 8));
  });

  it('seals so that only the private key opens it, bound to the survey and response id', async () => {
    const { publicJwk, privateKey } = await keyPair();
    const envelope = await seal({ code: 'AAAAABBBBB', answers: { enps_grade: 9 } }, publicJwk, '7:id-1');
    expect(JSON.stringify(envelope)).not.toContain('AAAAABBBBB');
    expect(JSON.stringify(envelope)).not.toContain('enps');
    expect(await openSealed(envelope, privateKey, '7:id-1')).toEqual({ code: 'AAAAABBBBB', answers: { enps_grade: 9 } });
    await expect(openSealed(envelope, privateKey, '7:id-2')).rejects.toThrow();
    const other = await keyPair();
    await expect(openSealed(envelope, other.privateKey, '7:id-1')).rejects.toThrow();
    const bytes = new TextEncoder().encode(envelope.ct);
    bytes[5] = bytes[5] === 65 ? 66 : 65;
    await expect(openSealed({ ...envelope, ct: new TextDecoder().decode(bytes) }, privateKey, '7:id-1')).rejects.toThrow();
  });

  it('keeps a PBKDF2 verifier of the password, never the password', async () => {
    const verifier = await createPasswordVerifier('demo1234', 1000);
    expect(JSON.stringify(verifier)).not.toContain('demo1234');
    expect(verifier.iterations).toBe(1000);
    expect(await checkPassword('demo1234', verifier)).toBe(true);
    expect(await checkPassword('demo12345', verifier)).toBe(false);
    const again = await createPasswordVerifier('demo1234', 1000);
    expect(again.salt).not.toBe(verifier.salt);
    expect(toBase64Url(new Uint8Array([251, 255]))).toBe('-_8');
  });
});

describe('kiosk store', () => {
  it('checks codes offline: unknown refused, single-use refused the second time on this kiosk, shared code up to its uses', async () => {
    const db = freshDb();
    const { publicJwk } = await keyPair();
    let config = await installKiosk(await setupResponse(publicJwk), 'demo1234', 'en', db);
    expect(await checkCode(config, 'ZZZZZ-ZZZZZ')).toEqual({ ok: false, reason: 'invalid' });
    expect(await checkCode(config, 'nonsense')).toEqual({ ok: false, reason: 'invalid' });
    const ok = await checkCode(config, 'aaaaa-bbbbb');
    expect(ok).toMatchObject({ ok: true, code: 'AAAAABBBBB' });
    if (!ok.ok) throw new Error('unreachable');

    const session = await startRespondent(config, ok, 'sl', db);
    await setAnswer(session.draft_id, 'enps_grade', 9, db);
    await submitRespondent(session.draft_id, db);
    config = (await loadKiosk(db)) ?? config;
    expect(await checkCode(config, 'AAAAA-BBBBB')).toEqual({ ok: false, reason: 'used' });

    for (let i = 0; i < 2; i++) {
      const shared = await checkCode(config, 'SHARE-DKKKK');
      if (!shared.ok) throw new Error('shared code refused');
      const s = await startRespondent(config, shared, 'en', db);
      await submitRespondent(s.draft_id, db);
      config = (await loadKiosk(db)) ?? config;
    }
    expect(await checkCode(config, 'SHAREDKKKK')).toEqual({ ok: false, reason: 'used' });
    expect((await kioskQueue(config, db)).pending).toBe(3);
  });

  it('submit: one outbox row with a sealed envelope, the draft and the code gone from the device', async () => {
    const db = freshDb();
    const { publicJwk, privateKey } = await keyPair();
    const config = await installKiosk(await setupResponse(publicJwk), 'demo1234', 'sl', db);
    const check = await checkCode(config, 'AAAAABBBBB');
    if (!check.ok) throw new Error('refused');
    const session = await startRespondent(config, check, 'sl', db);
    await setAnswer(session.draft_id, 'praise_critique', 'Secret opinion', db);
    const id = await submitRespondent(session.draft_id, db);

    expect(await db.drafts.count()).toBe(0);
    expect(await loadSession(db)).toBeNull();
    const row = normaliseOutbox(await db.outbox.get(id));
    expect(row).toMatchObject({ token: 'kiosk.token.value', status: 'pending', survey_id: '7' });
    // Nothing readable: neither the answer nor the code appears anywhere in the device's tables
    const dump = JSON.stringify([await db.outbox.toArray(), await db.kiosk.toArray(), await db.drafts.toArray(), await db.meta.toArray()]);
    expect(dump).not.toContain('Secret opinion');
    expect(dump).not.toContain('AAAAABBBBB');
    const opened = await openSealed(row?.answers.sealed as SealedEnvelope, privateKey, `7:${id}`);
    expect(opened).toEqual({ code: 'AAAAABBBBB', answers: { language: 'sl', praise_critique: 'Secret opinion' } });
  });

  it('abandoning (inactivity) deletes the draft and the code; a new respondent starts clean', async () => {
    const db = freshDb();
    const { publicJwk } = await keyPair();
    const config = await installKiosk(await setupResponse(publicJwk), 'demo1234', 'sl', db);
    const check = await checkCode(config, 'AAAAABBBBB');
    if (!check.ok) throw new Error('refused');
    const first = await startRespondent(config, check, 'sl', db);
    await setAnswer(first.draft_id, 'enps_grade', 3, db);
    await abandonRespondent(db);
    expect(await db.drafts.count()).toBe(0);
    expect(await loadSession(db)).toBeNull();
    // the code was not used: it is accepted again
    expect(await checkCode(config, 'AAAAABBBBB')).toMatchObject({ ok: true });
    const second = await startRespondent(config, check, 'sl', db);
    expect(normaliseDraft(await db.drafts.get(second.draft_id))?.answers).toEqual({ language: 'sl' });
    await updateSession({ language: 'en', started: true }, db);
    expect(normaliseDraft(await db.drafts.get(second.draft_id))).toMatchObject({ language: 'en', answers: { language: 'en' } });
    expect(await loadSession(db)).toMatchObject({ language: 'en', started: true });
  });

  it('exit needs the password and wipes the kiosk; queued responses stay for the sync engine', async () => {
    const db = freshDb();
    const { publicJwk } = await keyPair();
    const config = await installKiosk(await setupResponse(publicJwk), 'demo1234', 'sl', db);
    const check = await checkCode(config, 'AAAAABBBBB');
    if (!check.ok) throw new Error('refused');
    const s = await startRespondent(config, check, 'sl', db);
    const queued = await submitRespondent(s.draft_id, db);
    await db.outbox.add({ ...(normaliseOutbox(await db.outbox.get(queued)) as NonNullable<ReturnType<typeof normaliseOutbox>>), id: 'refused-1', status: 'rejected', reject_code: 'access-code-used' });
    expect((await kioskQueue(config, db)).rejected).toEqual([{ code: 'access-code-used', count: 1 }]);
    const other = await checkCode(config, 'SHAREDKKKK');
    if (!other.ok) throw new Error('refused');
    await startRespondent(config, other, 'en', db);

    expect(await verifyKioskPassword('wrong', db)).toBe(false);
    expect(await exitKiosk('wrong', db)).toBe(false);
    expect(await loadKiosk(db)).not.toBeNull();
    expect(await exitKiosk('demo1234', db)).toBe(true);
    expect(await loadKiosk(db)).toBeNull();
    expect(await db.kiosk.count()).toBe(0);
    expect(await db.drafts.count()).toBe(0);
    expect((await db.outbox.toArray()).map((r) => r.id)).toEqual([queued]);
  });

  it('upgrades a version-1 database: drafts and outbox rows are kept', async () => {
    const name = `kiosk-upgrade-${Math.random()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores({ drafts: 'id, survey_id, updated_at', outbox: 'id, status, next_attempt_at, survey_id', meta: 'key' });
    await v1.table('drafts').add({ id: 'd1', survey_id: '1', language: 'sl', current_page: 2, answers: { a: 1 }, updated_at: 5 });
    v1.close();
    const db = new IzzDb(name);
    open.push(db);
    expect(normaliseDraft(await db.drafts.get('d1'))).toMatchObject({ current_page: 2, answers: { a: 1 } });
    expect(await db.kiosk.count()).toBe(0);
  });
});

describe('kiosk closing day', () => {
  it('is closed only after the package end date (the last day still takes answers)', () => {
    const at = (d: string) => new Date(`${d}T12:00:00`);
    expect(isClosed({ package: pkg }, at('2030-12-31'))).toBe(false);
    expect(isClosed({ package: pkg }, at('2031-01-01'))).toBe(true);
    expect(isClosed({ package: { ...pkg, end_date: '' } }, at('2031-01-01'))).toBe(false);
  });
});
