/**
 * What a new HR user stumbled over, checked where it is visible:
 * - the status board's times are the platform's (09:00 invitation in a browser set to UTC), labelled with the zone;
 * - each channel against what was planned, the total against the population;
 * - a finished survey offers no paper forms; kiosk setup is in the profile navigation;
 * - the application steps and the profile navigation are not cut off; the cookie banner hides nothing;
 * - an application the administrator opens shows "in review" on the company's board;
 * - guest and respondent pages ask no /api/me and log no error.
 */
import type { Page } from '@playwright/test';
import { localizedPath } from '../../shared/routes';
import { generateAccessCode } from '../../server/modules/applications/access-codes';
import { expect, test, type E2eServer } from './fixtures';
import { appText } from './pages/applications-page';
import { createVerifiedAccount, signIn } from './pages/account-pages';
import { logInAs } from './pages/admin-page';
import { demoFinishedSurveyId } from './pages/report-page';
import { resizeTo, ShellPage } from './pages/shell-page';
import { localeText } from './pages/texts';

test.use({ timezoneId: 'UTC' });

async function demoIds(server: E2eServer): Promise<{ running: number; finished: number; puls: number }> {
  const rows = await server.handle.db.all<{ id: number; type: string; state: string }>(
    "SELECT a.id, a.type, a.state FROM applications a JOIN users u ON u.company_id = a.company_id WHERE u.email = 'demo@example.com' ORDER BY a.id",
  );
  // the pilot, running unless another spec of this worker closed it (the first IZZ application of the demo company)
  const running = rows.find((r) => r.type === 'izz');
  const puls = rows.find((r) => r.type === 'puls');
  if (!running || !puls) throw new Error('demo surveys missing');
  return { running: running.id, finished: await demoFinishedSurveyId(server), puls: puls.id };
}

/**
 * A running copy of the demo's pilot (5 employees, 3 online respondents, 2 paper forms, invitation at 09:00) for a new
 * company of its own: another spec of the same worker may close the demo's (the administrator's review does).
 */
async function ownPilot(server: E2eServer, pilotId: number): Promise<{ email: string; surveyId: number }> {
  const db = server.handle.db;
  const account = await createVerifiedAccount(server, 'en', 'pilot');
  const user = await db.get<{ company_id: number }>('SELECT company_id FROM users WHERE email = ?', [account.email]);
  const pilot = await db.get<{ draft: string; created_at: string; submitted_at: string; approved_at: string; started_at: string }>(
    'SELECT draft, created_at, submitted_at, approved_at, started_at FROM applications WHERE id = ?',
    [pilotId],
  );
  if (!user || !pilot) throw new Error('no pilot to copy');
  const surveyId = await db.insert(
    `INSERT INTO applications (company_id, type, state, draft, code_batch, created_at, updated_at, submitted_at, approved_at, started_at)
     VALUES (?, 'izz', 'in_progress', ?, 1, ?, ?, ?, ?, ?)`,
    [user.company_id, pilot.draft, pilot.created_at, pilot.created_at, pilot.submitted_at, pilot.approved_at, pilot.started_at],
  );
  const now = new Date().toISOString();
  for (const channel of ['online', 'online', 'online', 'paper', 'paper'] as const) {
    await db.run('INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, ?, 1, 1, ?)', [surveyId, generateAccessCode(), channel, now]);
  }
  return { email: account.email, surveyId };
}

/** Every element of `selector` lies inside the viewport's width (nothing cut off at the edge). */
async function allInside(page: Page, selector: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.right).toBeLessThanOrEqual(width);
  }
}

test('the status board: platform times with their zone, each channel against its plan, the total against the population; no paper forms once finished', async ({ page, context, server }) => {
  const ids = await demoIds(server);
  const pilot = await ownPilot(server, ids.running);
  await signIn(context, server, pilot.email);
  const shell = new ShellPage(page);
  await shell.goto(localizedPath('profileIzzDetail', 'en', { id: String(pilot.surveyId) }));
  await expect(shell.cookieBanner).toHaveCount(0); // not asked on the profile
  // The browser is in UTC; the invitation is at 09:00 Ljubljana time and shown so.
  await expect(page.getByTestId('invitation-at')).toHaveText(/ 09:00$/);
  await expect(page.getByTestId('time-zone')).toContainText('Central European');
  // The pilot: 5 employees, 3 online respondents, 2 paper forms, nothing answered yet.
  await expect(page.getByTestId('occupancy-online')).toHaveText(`0.0% (${appText('en', 'status.responsesOf', { responses: 0, employees: 3 })})`);
  await expect(page.getByTestId('occupancy-offline')).toHaveText(`0.0% (${appText('en', 'status.responsesOf', { responses: 0, employees: 2 })})`);
  await expect(page.getByTestId('occupancy-total')).toHaveText(`0.0% (${appText('en', 'status.responsesOf', { responses: 0, employees: 5 })})`);
  await expect(page.getByTestId('paper-forms-hint')).toContainText(appText('en', 'paperForms.hint', { count: 2 }).slice(0, 10));
  await expect(page.getByTestId('paper-forms-download')).toBeEnabled();
  // The paper forms' heading stands apart from the codes' buttons above it.
  const codesBottom = await page.getByTestId('codes-csv').evaluate((el) => el.getBoundingClientRect().bottom);
  const paperTop = await page.getByTestId('paper-forms').getByRole('heading').evaluate((el) => el.getBoundingClientRect().top);
  expect(paperTop - codesBottom).toBeGreaterThanOrEqual(24);
  // Kiosk setup is reachable from the profile navigation.
  await expect(page.getByRole('navigation', { name: localeText('en', 'common', 'header.profileNav') }).getByRole('link', { name: localeText('en', 'common', 'nav.kioskSetup') })).toBeVisible();
  await shell.screenshot('status-board-1280');

  // Last year's finished combined survey of the demo company: no paper forms to print or answer.
  await signIn(context, server, 'demo@example.com');
  await shell.goto(localizedPath('profileIzzDetail', 'en', { id: String(ids.finished) }));
  await expect(page.getByTestId('paper-forms-hint')).toHaveText(appText('en', 'paperForms.closed'));
  await expect(page.getByTestId('paper-forms-download')).toBeDisabled();
  // Its board agrees with its report: its codes (the unused ones were revoked at the finish), all used, 92.5 % of 320;
  // no code downloads for codes that open nothing any more.
  await expect(page.getByText(appText('en', 'status.codesValue', { online: 252, offline: 44, used: 296 }))).toBeVisible();
  await expect(page.getByTestId('occupancy-total')).toHaveText(`92.5% (${appText('en', 'status.responsesOf', { responses: 296, employees: 320 })})`);
  await expect(page.getByTestId('codes-closed')).toHaveText(appText('en', 'status.codesClosed'));
  await expect(page.getByTestId('codes-csv')).toHaveCount(0);
});

test('nothing is cut off: the seven application steps at 1280 px, the profile navigation at 768 and 390 px; the cookie banner hides no content', async ({ page, context, server }) => {
  await signIn(context, server, 'demo@example.com');
  const shell = new ShellPage(page);
  // The profile navigation at 768 and 390 px.
  for (const width of [768, 390]) {
    await resizeTo(page, width, 900);
    await shell.goto(localizedPath('profileIzz', 'mk'));
    await allInside(page, '.profile-nav-link');
  }
  // The cookie banner is asked on public pages only: there the page reserves its height.
  await expect(shell.cookieBanner).toHaveCount(0);
  await shell.goto(localizedPath('blogs', 'mk'));
  const banner = await page.getByTestId('cookie-banner').boundingBox();
  const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
  expect(padding).toBeGreaterThanOrEqual(Math.floor(banner?.height ?? 1));
  await shell.acceptAllCookies();
  expect(await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom))).toBe(0);

  // The application steps: a new company's first IZZ form.
  const account = await createVerifiedAccount(server, 'en', 'steps');
  await signIn(context, server, account.email);
  await resizeTo(page, 1280, 900);
  await shell.goto(localizedPath('profileIzz', 'de'));
  await page.getByRole('button', { name: appText('de' as 'en', 'board.izz.start') }).click();
  await expect(page.locator('.steps .step-link')).toHaveCount(7);
  await allInside(page, '.steps .step-link');
  await shell.screenshot('steps-de-1280');
  await resizeTo(page, 390, 900);
  await allInside(page, '.steps .step-link');
  await shell.screenshot('steps-de-390');
});

test('an application the administrator opens is "in review" on the company board', async ({ page, context, server, browser }) => {
  const ids = await demoIds(server);
  // A submitted PULS application of a company of its own (a copy of the demo's draft): another spec of the same worker
  // may review the demo's.
  const db = server.handle.db;
  const account = await createVerifiedAccount(server, 'en', 'review');
  const user = await db.get<{ company_id: number }>('SELECT company_id FROM users WHERE email = ?', [account.email]);
  const draft = await db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = ?', [ids.puls]);
  const now = new Date().toISOString();
  const pulsId = await db.insert("INSERT INTO applications (company_id, type, state, draft, created_at, updated_at, submitted_at) VALUES (?, 'puls', 'submitted', ?, ?, ?, ?)", [
    user!.company_id,
    draft!.draft,
    now,
    now,
    now,
  ]);
  const admin = await browser.newContext();
  await logInAs(admin, server);
  const adminPage = await admin.newPage();
  await adminPage.goto(`${server.url}${localizedPath('adminApplication', 'en', { id: String(pulsId) })}`);
  await expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible();
  await admin.close();

  await signIn(context, server, account.email);
  const shell = new ShellPage(page);
  await shell.goto(localizedPath('profilePuls', 'en'));
  await expect(page.getByTestId('current-application')).toContainText(appText('en', 'state.in_review'));
});

test('guest and respondent pages ask no /api/me and log no error', async ({ page }) => {
  const errors: string[] = [];
  const me: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/me') me.push(r.url());
  });
  const shell = new ShellPage(page);
  for (const path of [localizedPath('home', 'sl'), localizedPath('questionnaire', 'en'), localizedPath('register', 'mk'), localizedPath('questionnairePuls', 'sl')]) {
    await shell.goto(path);
  }
  expect(me).toEqual([]);
  expect(errors).toEqual([]);
});
