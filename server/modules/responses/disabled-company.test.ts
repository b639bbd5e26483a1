// A disabled company's kiosk and paper-entry items at sync (docs/decisions/0009-offline-answers-and-sync.md "Offline answers and sync"):
// the package refuses the company's devices, so sync does too, without losing anything: each item is answered
// 'deferred' with the reason 'company-disabled', nothing is checked, stored or consumed, and the device keeps it; once
// the administrator enables the company again the same items are stored.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal, type PublicJwk } from '../../../pwa/features/questionnaire/kiosk/crypto.js';
import type { SubmitResult } from '../../../shared/schemas/questionnaire.js';
import { adminCookie, call, demoIzzAnswers, demoSessionCookie, demoSurveyAndForeignCopy, json, postResponses, startTestServer, type TestServer } from '../../test/helpers.js';
import type { KioskSetup } from '../kiosk/kiosk.service.js';
import type { PaperEntryPackage } from '../paper-entry/paper-entry.service.js';

describe('a disabled company at sync', () => {
  let t: TestServer;
  let admin: string;
  let demoCookie: string;
  let demoSurvey: number;
  let other: Awaited<ReturnType<typeof demoSurveyAndForeignCopy>>['other'];
  let otherSurvey: number;
  const now = '2026-01-01T00:00:00Z';
  const addCode = async (surveyId: number, code: string, channel: 'online' | 'paper') =>
    await t.handle.db.run('INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, ?, 1, 1, ?)', [surveyId, code, channel, now]);
  const uses = async (code: string) => (await t.handle.db.get<{ uses: number }>('SELECT uses FROM access_codes WHERE code = ?', [code]))?.uses;
  const stored = async (id: string) => (await t.handle.db.get('SELECT 1 AS x FROM responses WHERE id = ?', [id])) !== undefined;
  const budgets = async () => (await t.handle.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM kiosk_guesses'))?.n ?? 0;
  const sync = (items: unknown[]): Promise<SubmitResult[]> => postResponses(t, items);
  const companyAction = async (action: 'disable' | 'enable') => {
    const res = await call(t, 'POST', `/api/admin/companies/${String(other.companyId)}/${action}`, { cookie: admin });
    expect(res.status).toBe(200);
  };

  async function kioskSetup(cookie: string, surveyId: number, password: string): Promise<KioskSetup> {
    const res = await call(t, 'POST', '/api/kiosk/setup', { cookie, body: { survey_id: surveyId, password } });
    expect(res.status).toBe(200);
    return (await json<{ data: KioskSetup }>(res)).data;
  }
  async function paperPackage(cookie: string, surveyId: number): Promise<PaperEntryPackage> {
    const res = await call(t, 'GET', `/api/paper-entry/surveys/${String(surveyId)}`, { cookie });
    expect(res.status).toBe(200);
    return (await json<{ data: PaperEntryPackage }>(res)).data;
  }
  async function kioskItem(setup: KioskSetup, code: string) {
    const id = randomUUID();
    const sealed = await seal({ code, answers: demoIzzAnswers() }, setup.public_key as PublicJwk, `${String(setup.package.survey_id)}:${id}`);
    return { id, token: setup.token, answers: { sealed } };
  }
  const paperItem = (pkg: PaperEntryPackage, code: string) => ({ id: randomUUID(), token: pkg.token, answers: { code, answers: demoIzzAnswers() } });

  beforeAll(async () => {
    t = await startTestServer();
    admin = await adminCookie(t);
    demoCookie = await demoSessionCookie(t.handle);
    ({ demoSurveyId: demoSurvey, other, otherSurveyId: otherSurvey } = await demoSurveyAndForeignCopy(t, now));
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps a disabled company's kiosk and paper items unstored with the reason 'company-disabled', and stores the same items once it is enabled again", async () => {
    await addCode(otherSurvey, 'DSBKSKAAA2', 'online');
    await addCode(otherSurvey, 'DSBPPRAAA2', 'paper');
    await addCode(demoSurvey, 'DSBDEMXAA2', 'online');
    const kiosk = await kioskSetup(other.cookie, otherSurvey, other.password);
    const paper = await paperPackage(other.cookie, otherSurvey);
    const demoKiosk = await kioskSetup(demoCookie, demoSurvey, 'demo1234');
    const k = await kioskItem(kiosk, 'DSBKSKAAA2');
    const p = paperItem(paper, 'DSBPPRAAA2');
    // wrong codes too: while disabled nothing is checked, so they cost no guessing budget
    const kWrong = await kioskItem(kiosk, 'DSBWRXNGA2');
    const pWrong = paperItem(paper, 'DSBWRXNGA3');
    const demo = await kioskItem(demoKiosk, 'DSBDEMXAA2');
    await companyAction('disable');
    const budgetsBefore = await budgets();

    const results = await sync([k, p, kWrong, pWrong, demo]);
    expect(results).toEqual([
      { id: k.id, status: 'deferred', code: 'company-disabled' },
      { id: p.id, status: 'deferred', code: 'company-disabled' },
      { id: kWrong.id, status: 'deferred', code: 'company-disabled' },
      { id: pWrong.id, status: 'deferred', code: 'company-disabled' },
      // another company's kiosk in the same batch goes on
      { id: demo.id, status: 'applied' },
    ]);
    for (const item of [k, p, kWrong, pWrong]) expect(await stored(item.id)).toBe(false);
    expect(await uses('DSBKSKAAA2')).toBe(0);
    expect(await uses('DSBPPRAAA2')).toBe(0);
    expect(await budgets()).toBe(budgetsBefore);
    // sent again while still disabled: the same answer
    expect((await sync([k]))[0]).toEqual({ id: k.id, status: 'deferred', code: 'company-disabled' });

    // The administrator enables the company: the items the devices kept are stored now.
    await companyAction('enable');
    expect(await sync([k, p])).toEqual([
      { id: k.id, status: 'applied' },
      { id: p.id, status: 'applied' },
    ]);
    expect(await uses('DSBKSKAAA2')).toBe(1);
    expect(await uses('DSBPPRAAA2')).toBe(1);
    expect((await sync([kWrong, pWrong])).map((r) => r.code)).toEqual(['access-code-invalid', 'access-code-invalid']);
  });

  it('answers a stored item as a duplicate even while its company is disabled (a lost reply checks nothing)', async () => {
    await addCode(otherSurvey, 'DSBKSKDUP2', 'online');
    const kiosk = await kioskSetup(await loginAgain(), otherSurvey, other.password);
    const k = await kioskItem(kiosk, 'DSBKSKDUP2');
    expect(await sync([k])).toEqual([{ id: k.id, status: 'applied' }]);
    await companyAction('disable');
    expect(await sync([k])).toEqual([{ id: k.id, status: 'duplicate' }]);
    await companyAction('enable');
  });

  /** Disabling the company ended its sessions: a fresh one. */
  async function loginAgain(): Promise<string> {
    const res = await call(t, 'POST', '/api/auth/login', { body: { email: other.email, password: other.password } });
    expect(res.status).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }
});
