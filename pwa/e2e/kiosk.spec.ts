/**
 * Kiosk mode on a shared tablet: a company user sets up the kiosk and is logged out; offline,
 * a wrong code is refused and three respondents answer one after another, each leaving nothing visible
 * or reachable by Back; online again, exactly three kiosk responses arrive and the codes are consumed;
 * leaving kiosk mode needs the company password. Also: inactivity deletes a half-answered draft
 * (page.clock), axe on the kiosk pages, screenshots at 768 and 375 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { signIn } from './pages/account-pages';
import { KioskPage, kioskCompany } from './pages/kiosk-page';
import { deviceRows, ShellPage } from './pages/shell-page';
import { lookAt } from './pages/look';

// The service worker is part of what these journeys check (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// axe-core is injected as an inline script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true, viewport: { width: 768, height: 1024 } });

const severe = (violations: Awaited<ReturnType<ShellPage['axeViolations']>>) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

async function shot(page: Page, name: string) {
  fs.mkdirSync(path.join('test-results', 'screenshots'), { recursive: true });
  await lookAt(page, path.join('test-results', 'screenshots', `${name}.png`), { fullPage: true });
}

test('three respondents in a row offline on one kiosk; back online three responses arrive and the codes are consumed', async ({ page, context, server }) => {
  // three whole IZZ questionnaires (13 pages each) answered in the browser
  test.setTimeout(300_000);
  const company = await kioskCompany(server, 'kiosk');
  const codes = [await company.code(), await company.code(), await company.code()];
  const db = server.handle.db;
  const uses = () => Promise.all(codes.map(async (c) => (await db.get<{ uses: number }>('SELECT uses FROM access_codes WHERE code = ?', [c]))?.uses));
  const kioskResponses = async () => (await db.get<{ n: number }>("SELECT count(*) AS n FROM responses WHERE survey_id = ? AND channel = 'kiosk'", [company.surveyId]))?.n ?? 0;

  const kiosk = new KioskPage(page, 'en');
  const shell = new ShellPage(page);
  await kiosk.setUp(context, server, company);

  // The tablet holds no session any more
  expect((await page.request.get('/api/me')).status()).toBe(401);
  const user = await db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', [company.account.email]);
  expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL', [user?.id]))?.n).toBe(0);
  // The device stores no code
  const stored = JSON.stringify(await deviceRows(page, 'kiosk'));
  for (const code of codes) expect(stored).not.toContain(code);
  expect(stored).not.toContain(company.account.password);
  expect(severe(await shell.axeViolations())).toEqual([]);
  await shot(page, 'kiosk-code-768');

  await context.setOffline(true);
  await page.reload();
  await expect(kiosk.codeScreen()).toBeVisible();

  // A wrong code is refused offline, in the kiosk's language
  await kiosk.enterCode('ZZZZZ-ZZZZZ');
  await expect(kiosk.codeError()).toHaveText(kiosk.t('code.invalid'));
  await expect(kiosk.codeScreen()).toBeVisible();
  await kiosk.enterCode('nonsense');
  await expect(kiosk.codeError()).toHaveText(kiosk.t('code.invalid'));

  for (const [i, code] of codes.entries()) {
    kiosk.questionnaire.given.clear();
    await kiosk.answerAsRespondent(i === 1 ? code.toLowerCase() : `${code.slice(0, 5)}-${code.slice(5)}`);
    const typed = [...kiosk.questionnaire.given.values()].filter((v): v is string => typeof v === 'string' && v.startsWith('Odgovor'));
    expect(typed.length).toBeGreaterThan(0);
    await kiosk.expectNothingOfPreviousRespondent(typed);
    await kiosk.nextPerson();
    await expect(kiosk.codeInput()).toHaveValue('');
    await kiosk.expectNothingOfPreviousRespondent(typed);
    // Back reaches nothing of the previous respondent and never leaves the kiosk
    await page.goBack();
    await expect(kiosk.codeScreen()).toBeVisible();
    await kiosk.expectNothingOfPreviousRespondent(typed);
    await expect(kiosk.pending()).toHaveText(kiosk.t('code.pending', { count: i + 1 }));
  }
  // A single-use code is refused the second time on this kiosk
  await kiosk.enterCode(codes[0] ?? '');
  await expect(kiosk.codeError()).toHaveText(kiosk.t('code.used'));
  expect(await kioskResponses()).toBe(0);

  // Back online: the queued responses are sent (the online event wakes the sync engine)
  await context.setOffline(false);
  await expect.poll(kioskResponses, { timeout: 15_000 }).toBe(3);
  expect(await uses()).toEqual([1, 1, 1]);
  await expect(kiosk.pending()).toHaveText('');
  const answers = await db.all<{ answers: string }>('SELECT answers FROM responses WHERE survey_id = ?', [company.surveyId]);
  for (const row of answers) for (const code of codes) expect(row.answers).not.toContain(code);

  // HR: a wrong password is refused; the right one opens the panel, then leaves kiosk mode
  await kiosk.openHr('wrong-password');
  await expect(page.getByTestId('kiosk-hr-error')).toHaveText(kiosk.t('hr.wrongPassword'));
  await expect(kiosk.hrPanel()).toHaveCount(0);
  await page.getByLabel(kiosk.t('hr.password'), { exact: true }).fill(company.account.password);
  await page.getByRole('button', { name: kiosk.t('hr.open') }).click();
  await expect(kiosk.hrPanel()).toBeVisible();
  await expect(page.getByTestId('kiosk-hr-pending')).toHaveText('0');
  await expect(page.getByTestId('kiosk-hr-conflicts')).toContainText(kiosk.t('hr.conflictsNone'));
  expect(severe(await shell.axeViolations())).toEqual([]);
  await shot(page, 'kiosk-hr-768');
  await page.getByRole('button', { name: kiosk.t('hr.exit') }).click();
  await expect(page).toHaveURL(/\/en$/);
  await page.goto(localizedPath('questionnaireKiosk', 'en'));
  await expect(page.getByRole('heading', { level: 1, name: kiosk.t('notKiosk.title') })).toBeVisible();
});

test('inactivity mid-questionnaire deletes the draft after a warning; conflicts reach HR, never the respondent', async ({ page, context, server }) => {
  test.setTimeout(180_000);
  await page.clock.install();
  const company = await kioskCompany(server, 'kiosk-idle');
  const [first, second] = [await company.code(), await company.code()];
  const kiosk = new KioskPage(page, 'en');
  await kiosk.setUp(context, server, company);

  await kiosk.enterCode(first);
  await kiosk.questionnaire.startIntro();
  await kiosk.questionnaire.answerPage();
  await expect(page.locator('main input[type=radio]:checked').first()).toBeVisible();
  await page.clock.runFor(3 * 60_000 - 20_000);
  const warning = page.getByRole('alertdialog', { name: kiosk.t('idle.title') });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(kiosk.t('idle.text', { count: 20 }));
  await page.clock.runFor(21_000);
  await expect(kiosk.codeScreen()).toBeVisible();
  await kiosk.expectNothingOfPreviousRespondent([]);
  const drafts = (await deviceRows(page, 'drafts')).length;
  expect(drafts).toBe(0);

  // The abandoned code was not used: it starts a clean questionnaire
  await kiosk.enterCode(first);
  await kiosk.questionnaire.startIntro();
  await expect(page.locator('main input[type=radio]:checked')).toHaveCount(0);

  // The kiosk loses its network and meanwhile the second code is used on someone's own phone: offline the kiosk
  // cannot know (online it would refuse the code at entry, kiosk-online.spec.ts), so its response is refused at sync
  await page.getByRole('button', { name: kiosk.t('cancel') }).click();
  await expect(kiosk.codeScreen()).toBeVisible();
  await context.setOffline(true);
  await server.handle.db.run('UPDATE access_codes SET uses = max_uses WHERE code = ?', [second]);
  await kiosk.answerAsRespondent(second);
  await kiosk.nextPerson();
  await context.setOffline(false);
  await expect
    .poll(async () => (await server.handle.db.get<{ count: number }>('SELECT count FROM kiosk_conflicts WHERE survey_id = ?', [company.surveyId]))?.count ?? 0, { timeout: 15_000 })
    .toBe(1);
  // The respondent screen stays clean
  await expect(kiosk.codeScreen()).not.toContainText(kiosk.t('hr.conflictsTitle'));
  await expect(kiosk.codeError()).toHaveText('');
  await kiosk.openHr(company.account.password);
  await expect(page.getByTestId('kiosk-hr-conflicts')).toContainText(kiosk.t('hr.conflictsLocal', { count: 1 }));
  await expect(page.getByTestId('kiosk-hr-conflicts')).toContainText(kiosk.t('hr.conflictsSurvey', { count: 1 }));

  // The company sees the count on its survey page (and a way to set up a kiosk)
  await signIn(context, server, company.account.email);
  await page.goto(localizedPath('profileIzzDetail', 'en', { id: String(company.surveyId) }));
  await expect(page.getByTestId('kiosk-conflicts')).toHaveText(kiosk.t('company.conflicts', { count: 1 }));
  await expect(page.getByRole('link', { name: kiosk.t('company.link') })).toHaveAttribute('href', `${localizedPath('kioskSetup', 'en')}?survey=${String(company.surveyId)}`);
});

test('screenshots and axe at 375 px: setup, code screen, HR panel', async ({ page, context, server }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const company = await kioskCompany(server, 'kiosk-375');
  const code = await company.code(); // codes made after the setup are not in the kiosk's package
  const kiosk = new KioskPage(page, 'sl');
  const shell = new ShellPage(page);
  await signIn(context, server, company.account.email);
  await page.goto(`${localizedPath('kioskSetup', 'sl')}?survey=${String(company.surveyId)}`);
  await expect(page.getByRole('heading', { level: 1, name: kiosk.t('setup.title') })).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toBeVisible();
  if (await shell.cookieBanner.isVisible()) await shell.acceptAllCookies();
  expect(severe(await shell.axeViolations())).toEqual([]);
  await shot(page, 'kiosk-setup-375');
  await kiosk.setUp(context, server, company);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sl');
  await kiosk.enterCode('ZZZZZ-ZZZZZ');
  await expect(kiosk.codeError()).toHaveText(kiosk.t('code.invalid'));
  expect(severe(await shell.axeViolations())).toEqual([]);
  await shot(page, 'kiosk-code-375');
  // The intro and the first page of questions on the kiosk
  await kiosk.enterCode(code);
  await expect(page.getByRole('button', { name: kiosk.questionnaire.ql('intro.start') })).toBeVisible();
  expect(severe(await shell.axeViolations())).toEqual([]);
  await kiosk.questionnaire.startIntro();
  expect(severe(await shell.axeViolations())).toEqual([]);
  await page.getByRole('button', { name: kiosk.t('cancel') }).click();
  await expect(kiosk.codeScreen()).toBeVisible();

  await kiosk.openHr(company.account.password);
  await expect(kiosk.hrPanel()).toBeVisible();
  expect(severe(await shell.axeViolations())).toEqual([]);
  await shot(page, 'kiosk-hr-375');
});
