/**
 * The kiosk online and offline:
 * - codes the administrator reissues after the kiosk was set up reach it without anyone logging in on the device
 *   (the kiosk asks for its package with its own token); the revoked codes are refused;
 * - a code used on someone's own phone meanwhile is refused at entry while the kiosk is online, before anybody
 *   answers a question;
 * - offline, the kiosk makes no sends at all, whatever time passes (page.clock), until the network is back.
 * Screenshots of the code screen and the HR panel at 390 and 1280 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { STATEMENTS } from '../../shared/question-banks';
import { expect, test } from './fixtures';
import { resizeTo } from './pages/shell-page';
import { logInAs } from './pages/admin-page';
import { KioskPage, kioskCompany } from './pages/kiosk-page';
import { lookAt } from './pages/look';

// The service worker is part of what these journeys check (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: { width: 1280, height: 800 } });

async function shot(page: Page, name: string) {
  fs.mkdirSync(path.join('test-results', 'screenshots'), { recursive: true });
  for (const width of [390, 1280]) {
    await resizeTo(page, width, width === 390 ? 844 : 800);
    await lookAt(page, path.join('test-results', 'screenshots', `${name}-${String(width)}.png`), { fullPage: true });
  }
}

test('codes reissued after the setup reach the kiosk without a login on the device; the revoked ones are refused', async ({ page, context, browser, server }) => {
  test.setTimeout(120_000);
  const db = server.handle.db;
  const company = await kioskCompany(server, 'kiosk-reissue');
  const old = await company.code();
  const kiosk = new KioskPage(page, 'en');
  await kiosk.setUp(context, server, company);
  const refreshes: { authorization?: string; cookie?: string }[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/kiosk/package') void r.allHeaders().then((h) => refreshes.push({ authorization: h.authorization, cookie: h.cookie }));
  });

  // The administrator reissues the survey's codes in another browser: the unused ones are revoked, new ones made
  const admin = await browser.newContext({ baseURL: server.url });
  await logInAs(admin, server);
  const reissued = await admin.request.post(`/api/admin/applications/${String(company.surveyId)}/reissue-codes`, { headers: { origin: server.url } });
  expect(reissued.status()).toBe(200);
  await admin.close();
  const fresh = await db.get<{ code: string }>("SELECT code FROM access_codes WHERE survey_id = ? AND channel = 'online' AND revoked_at IS NULL ORDER BY id", [company.surveyId]);
  if (!fresh) throw new Error('no reissued code');

  // An employee types a new code at the kiosk: it starts the questionnaire
  await kiosk.enterCode(`${fresh.code.slice(0, 5)}-${fresh.code.slice(5)}`);
  await expect(page.getByRole('button', { name: kiosk.questionnaire.ql('intro.start') })).toBeVisible();
  await page.getByRole('button', { name: kiosk.t('cancel') }).click();
  await expect(kiosk.codeScreen()).toBeVisible();
  // The old code was revoked by the reissue
  await kiosk.enterCode(old);
  await expect(kiosk.codeError()).toHaveText(kiosk.t('code.invalid'));

  // Nobody logged in: the kiosk asked with its token, never a cookie, and the device has no session
  expect(refreshes.length).toBeGreaterThan(0);
  for (const r of refreshes) {
    expect(r.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(r.cookie).toBeUndefined();
  }
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await shot(page, 'kiosk-code-refused');

  // The new code is in the stored package: offline it is taken too, and the revoked one is not
  await context.setOffline(true);
  await kiosk.enterCode(old);
  await expect(kiosk.codeError()).toHaveText(kiosk.t('code.invalid'));
  await kiosk.enterCode(fresh.code);
  await expect(page.getByRole('button', { name: kiosk.questionnaire.ql('intro.start') })).toBeVisible();
  await page.getByRole('button', { name: kiosk.t('cancel') }).click();
  await context.setOffline(false);

  // HR sees when the codes were last brought up to date
  await kiosk.openHr(company.account.password);
  await expect(kiosk.hrPanel()).toBeVisible();
  await expect(page.getByTestId('kiosk-hr-codes-updated')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await shot(page, 'kiosk-hr-codes-updated');
});

test('a code used online meanwhile is refused at entry while the kiosk is online', async ({ page, context, server }) => {
  test.setTimeout(120_000);
  const company = await kioskCompany(server, 'kiosk-used');
  const [usedOnline, other] = [await company.code(), await company.code()];
  const kiosk = new KioskPage(page, 'en');
  await kiosk.setUp(context, server, company);

  // The employee answers on their own phone first (the own-phone journey's two requests)
  const access = await fetch(`${server.url}/api/questionnaire/access`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ code: usedOnline }) });
  expect(access.status).toBe(200);
  const { data } = (await access.json()) as { data: { token: string } };
  const answers = {
    language: 'en',
    statements: Object.fromEntries(STATEMENTS.map((s) => [s.id, 3])),
    enps_grade: 5,
    esi_workplace_satisfaction: 5,
    esi_workplace_expectations: 5,
    esi_ideal_job_comparison: 5,
    extra: { 'x-radio': { value: 1 }, 'x-check': { value: [0] }, 'x-scale': { value: 3 } },
  };
  const sent = await fetch(`${server.url}/api/responses`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ items: [{ id: crypto.randomUUID(), token: data.token, answers }] }) });
  expect(((await sent.json()) as { data: { results: { status: string }[] } }).data.results[0]?.status).toBe('applied');

  // At the kiosk the same code is refused at once: no questionnaire, nothing queued, nothing to drop at sync
  await kiosk.enterCode(usedOnline);
  await expect(kiosk.codeError()).toHaveText(kiosk.t('code.used'));
  await expect(kiosk.codeScreen()).toBeVisible();
  await expect(page.getByRole('button', { name: kiosk.questionnaire.ql('intro.start') })).toHaveCount(0);
  await expect(kiosk.pending()).toHaveText('');
  // another code of the survey is taken
  await kiosk.enterCode(other);
  await expect(page.getByRole('button', { name: kiosk.questionnaire.ql('intro.start') })).toBeVisible();
  await page.getByRole('button', { name: kiosk.t('cancel') }).click();
  await expect(kiosk.codeScreen()).toBeVisible();
  expect(await server.handle.db.get('SELECT count FROM kiosk_conflicts WHERE survey_id = ?', [company.surveyId])).toBeUndefined();
});

test('offline the kiosk makes no sends, however long, until the network is back', async ({ page, context, server }) => {
  test.setTimeout(180_000);
  await page.clock.install();
  const company = await kioskCompany(server, 'kiosk-offline');
  const code = await company.code();
  const kiosk = new KioskPage(page, 'en');
  await kiosk.setUp(context, server, company);
  let sends = 0;
  context.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/responses') sends++;
  });
  const stored = async () => (await server.handle.db.get<{ n: number }>("SELECT count(*) AS n FROM responses WHERE survey_id = ? AND channel = 'kiosk'", [company.surveyId]))?.n ?? 0;

  await context.setOffline(true);
  await kiosk.answerAsRespondent(code);
  await kiosk.nextPerson();
  await expect(kiosk.pending()).toHaveText(kiosk.t('code.pending', { count: 1 }));
  // three and a half minutes offline: the write's debounce, every retry and the refresh timer come and go
  for (let i = 0; i < 7; i++) await page.clock.runFor(30_000);
  await expect(kiosk.pending()).toHaveText(kiosk.t('code.pending', { count: 1 }));
  expect(sends).toBe(0);
  expect(await stored()).toBe(0);

  // the network is back: one send, and the response is there
  await context.setOffline(false);
  await expect.poll(stored, { timeout: 15_000 }).toBe(1);
  await expect(kiosk.pending()).toHaveText('');
  expect(sends).toBe(1);
});
