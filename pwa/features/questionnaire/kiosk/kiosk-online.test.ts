// The kiosk online: its package follows the server (codes reissued after the setup in, revoked ones out;
// used codes stay in it, so the kiosk keeps counting its own uses), and a typed code is checked with the
// server before a respondent starts.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { KioskPackage } from '../../../../shared/schemas/kiosk';
import type { QuestionnairePackage } from '../../../../shared/schemas/questionnaire';
import { IzzDb } from '../../../db/db';
import { ApiError } from '../../../lib/api';
import { codeHash, type PublicJwk } from './crypto';
import type { OnlineCodeCheck } from './kiosk-api';
import { admitCode, refreshKiosk, type KioskOnlineDeps } from './kiosk-online';
import { checkCode, installKiosk, isClosed, loadKiosk, startRespondent, submitRespondent, type KioskConfig } from './kiosk-store';

const open: IzzDb[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.delete();
});

const SALT = 'c2FsdHNhbHQ';
const pkg = { survey_id: 7, type: 'izz', name: 'IZZ 2026', company_name: 'Demo', logo_url: null, languages: ['sl', 'en'], end_date: '2030-12-31', statement_ids: [], demographic_ids: [], departments: [], locations: [], extra_questions: [], puls_question_ids: [], round: null } as QuestionnairePackage;
const h = (code: string) => codeHash(SALT, code);

async function kiosk(codes: [string, number][]): Promise<{ db: IzzDb; config: KioskConfig }> {
  const db = new IzzDb(`kiosk-online-${Math.random()}`);
  open.push(db);
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const publicJwk: PublicJwk = { kty: 'EC', crv: 'P-256', x: String(jwk.x), y: String(jwk.y) };
  const hashes = await Promise.all(codes.map(async ([code, n]) => ({ h: await h(code), n })));
  const config = await installKiosk({ token: 'kiosk.token.one', expires_at: '2031-01-02T00:00:00Z', package: pkg, salt: SALT, hashes, public_key: publicJwk }, 'demo1234', 'en', db, 1_000);
  return { db, config };
}

/** What the server holds: its packages in order (the last one repeats), the answers of the code check, and the calls. */
function server(packages: (KioskPackage | ApiError)[], checks: Record<string, OnlineCodeCheck> = {}) {
  const calls = { packages: 0, checks: [] as string[] };
  const deps: KioskOnlineDeps = {
    online: () => true,
    now: () => 5_000,
    fetchPackage: async (token) => {
      expect(token).toBe('kiosk.token.one');
      const next = packages[Math.min(calls.packages++, packages.length - 1)];
      if (!next || next instanceof ApiError) throw next ?? new Error('no package');
      return next;
    },
    checkOnline: async (token, code) => {
      expect(token).toBe('kiosk.token.one');
      calls.checks.push(code);
      return checks[code] ?? 'ok';
    },
  };
  return { calls, deps };
}

const fresh = async (codes: [string, number][], over: Partial<QuestionnairePackage> = {}): Promise<KioskPackage> => ({
  package: { ...pkg, ...over },
  salt: SALT,
  hashes: await Promise.all(codes.map(async ([code, n]) => ({ h: await h(code), n }))),
});

describe('kiosk online', () => {
  it('offline: the hash check alone, nothing asked', async () => {
    const { db, config } = await kiosk([['AAAAABBBBB', 1]]);
    const { calls, deps } = server([]);
    const offline = { ...deps, db, online: () => false };
    expect(await admitCode(config, 'AAAAA-BBBBB', offline)).toMatchObject({ ok: true, code: 'AAAAABBBBB' });
    expect(await admitCode(config, 'NEWCX-DEEEE', offline)).toEqual({ ok: false, reason: 'invalid' });
    expect(calls).toEqual({ packages: 0, checks: [] });
  });

  it('a code reissued after the setup is taken: a code missing from the package makes the kiosk refresh it first; the revoked one is refused', async () => {
    const { db, config } = await kiosk([['AAAAABBBBB', 1], ['CCCCCDDDDD', 1]]);
    const { calls, deps } = server([await fresh([['NEWCXDEEEE', 1], ['CCCCCDDDDD', 1]])]);
    const result = await admitCode(config, 'newcx-deeee', { ...deps, db });
    expect(result).toMatchObject({ ok: true, code: 'NEWCXDEEEE' });
    expect(calls).toEqual({ packages: 1, checks: ['NEWCXDEEEE'] });
    const stored = await loadKiosk(db);
    expect(stored?.hashes.map((x) => x.h).sort()).toEqual([await h('NEWCXDEEEE'), await h('CCCCCDDDDD')].sort());
    expect(stored?.refreshed_at).toBe(5_000);
    if (!stored) throw new Error('no kiosk');
    expect(await admitCode(stored, 'AAAAABBBBB', { ...deps, db })).toEqual({ ok: false, reason: 'invalid' });
    // a malformed code is refused without asking anybody
    expect(await admitCode(stored, 'nonsense', { ...deps, db })).toEqual({ ok: false, reason: 'invalid' });
    expect(calls.packages).toBe(2);
  });

  it('a code used meanwhile elsewhere is refused at entry while online; when the server cannot say, the hash check stands', async () => {
    const { db, config } = await kiosk([['AAAAABBBBB', 1], ['CCCCCDDDDD', 1], ['EEEEEFFFFF', 1], ['GGGGGHHHHH', 1]]);
    const { calls, deps } = server([await fresh([['CCCCCDDDDD', 1]])], { AAAAABBBBB: 'used', CCCCCDDDDD: 'unknown', EEEEEFFFFF: 'invalid', GGGGGHHHHH: 'closed' });
    const d = { ...deps, db };
    expect(await admitCode(config, 'AAAAABBBBB', d)).toEqual({ ok: false, reason: 'used' });
    // a used code changes nothing in the package: no refresh for it
    expect(calls.packages).toBe(0);
    expect(await admitCode(config, 'EEEEEFFFFF', d)).toEqual({ ok: false, reason: 'invalid' });
    expect(await admitCode(config, 'GGGGGHHHHH', d)).toEqual({ ok: false, reason: 'closed' });
    expect(await admitCode(config, 'CCCCCDDDDD', d)).toMatchObject({ ok: true, code: 'CCCCCDDDDD' });
    expect(calls.checks).toEqual(['AAAAABBBBB', 'EEEEEFFFFF', 'GGGGGHHHHH', 'CCCCCDDDDD']);
    // a refusal brings the package up to date for the next respondent
    await refreshKiosk(d);
    expect(calls.packages).toBeGreaterThan(0);
    expect((await loadKiosk(db))?.hashes).toEqual([{ h: await h('CCCCCDDDDD'), n: 1 }]);
  });

  it("keeps every use the kiosk made of a code through each refresh, sent or not: the server's n never counts one", async () => {
    const { db, config } = await kiosk([['SHAREDKKKK', 3], ['AAAAABBBBB', 1], ['CCCCCDDDDD', 1]]);
    const answer = async (c: KioskConfig, code: string) => {
      const check = await checkCode(c, code);
      if (!check.ok) throw new Error('refused');
      await submitRespondent((await startRespondent(c, check, 'sl', db)).draft_id, db);
      return (await loadKiosk(db)) as KioskConfig;
    };
    let current = await answer(await answer(await answer(config, 'SHAREDKKKK'), 'SHAREDKKKK'), 'AAAAABBBBB');
    const counted = { [await h('SHAREDKKKK')]: 2, [await h('AAAAABBBBB')]: 1 };
    expect(current.used).toEqual(counted);
    // the server's package is the same before and after the uses: what it answers tells no use apart
    const same = await fresh([['SHAREDKKKK', 3], ['AAAAABBBBB', 1], ['CCCCCDDDDD', 1]]);
    const { deps } = server([same]);
    expect((await refreshKiosk({ ...deps, db })).status).toBe('updated');
    current = (await loadKiosk(db)) as KioskConfig;
    expect(current.used).toEqual(counted);
    // all three were sent: the kiosk still refuses its own single-use code, and takes the shared one once more only
    await db.outbox.toCollection().modify({ status: 'sent', answers: {}, token: '' });
    expect((await refreshKiosk({ ...deps, db })).status).toBe('updated');
    current = (await loadKiosk(db)) as KioskConfig;
    expect(current.used).toEqual(counted);
    expect(await checkCode(current, 'AAAAABBBBB')).toEqual({ ok: false, reason: 'used' });
    current = await answer(current, 'SHAREDKKKK');
    expect(await checkCode(current, 'SHAREDKKKK')).toEqual({ ok: false, reason: 'used' });
    // a code used elsewhere is in the package as before: offline the kiosk takes it (sync refuses it as a conflict)
    expect(await admitCode(current, 'CCCCCDDDDD', { ...deps, db, online: () => false })).toMatchObject({ ok: true, code: 'CCCCCDDDDD' });
    // a code revoked meanwhile leaves the package, and with it the kiosk's count of it
    const { deps: later } = server([await fresh([['SHAREDKKKK', 3], ['CCCCCDDDDD', 1]])]);
    expect((await refreshKiosk({ ...later, db })).status).toBe('updated');
    expect(((await loadKiosk(db)) as KioskConfig).used).toEqual({ [await h('SHAREDKKKK')]: 3 });
  });

  it('409 survey-closed marks the kiosk closed until a later refresh says otherwise; a kiosk set up again meanwhile is left alone', async () => {
    const { db } = await kiosk([['AAAAABBBBB', 1]]);
    const closed = new ApiError(409, 'survey-closed', 'closed');
    const { deps } = server([closed, await fresh([['AAAAABBBBB', 1]], { round: 2 })]);
    expect(await refreshKiosk({ ...deps, db })).toEqual({ status: 'closed' });
    expect(isClosed((await loadKiosk(db)) as KioskConfig)).toBe(true);
    expect((await refreshKiosk({ ...deps, db })).status).toBe('updated');
    expect(isClosed((await loadKiosk(db)) as KioskConfig)).toBe(false);
    expect((await loadKiosk(db))?.package.round).toBe(2);

    // the request is under way when HR sets the device up for another survey: the answer is not stored
    const replaced = await fresh([['ZZZZZYYYYY', 1]], { survey_id: 99 });
    const slow = server([replaced]);
    const pending = refreshKiosk({
      ...slow.deps,
      db,
      fetchPackage: async (token) => {
        await db.kiosk.update('config', { value: { ...((await loadKiosk(db)) as KioskConfig), token: 'kiosk.token.two' } });
        return slow.deps.fetchPackage?.(token) as Promise<KioskPackage>;
      },
    });
    expect(await pending).toEqual({ status: 'failed' });
    expect((await loadKiosk(db))?.package.survey_id).toBe(7);
    // a failed request (offline, expired token) keeps what the kiosk has
    const expired = async (): Promise<KioskPackage> => {
      throw new ApiError(401, 'invalid-token', 'expired');
    };
    expect((await refreshKiosk({ db, fetchPackage: expired })).status).toBe('failed');
    expect((await loadKiosk(db))?.hashes).toEqual([{ h: await h('AAAAABBBBB'), n: 1 }]);
  });
});
