/**
 * The administrator's review of survey applications, against the demo seed (a
 * submitted PULS application and an IZZ survey in progress): request changes with a comment (the
 * company is mailed), the company sends it again, approve (codes summary, mail), issue new codes,
 * close the running IZZ survey; axe on the list and the detail; screenshots at 390 and 1280 px.
 */
import { test, expect, type E2eServer } from './fixtures';
import { SESSION_COOKIE_NAME } from '../../shared/constants';
import { AdminPage, logInAs } from './pages/admin-page';
import { resizeTo, ShellPage } from './pages/shell-page';

const DEMO_EMAIL = 'demo@example.com';
const PULS_NAME = 'PULS četrtletni utrip';

const applicationId = async (server: E2eServer, type: 'izz' | 'puls') =>
  (await server.handle.db.get<{ id: number }>('SELECT a.id FROM applications a JOIN users u ON u.company_id = a.company_id WHERE u.email = ? AND a.type = ? ORDER BY a.id LIMIT 1', [DEMO_EMAIL, type]))?.id ?? 0;

/** Sends the application again as the demo company, through the API. */
async function submitAsCompany(server: E2eServer, id: number) {
  const user = await server.handle.db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', [DEMO_EMAIL]);
  const session = await server.handle.services.auth.createSession(user?.id ?? 0);
  const res = await fetch(`${server.url}/api/applications/${id}/submit`, {
    method: 'POST',
    headers: { Cookie: `${SESSION_COOKIE_NAME}=${session.token}`, Origin: server.url, 'Content-Type': 'application/json' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

test.describe('administrator: survey applications', () => {
  test.use({ bypassCSP: true });

  test('request changes, approve after resubmission, issue new codes, close a running survey', async ({ page, context, server }) => {
    const pulsId = await applicationId(server, 'puls');
    const izzId = await applicationId(server, 'izz');
    await logInAs(context, server);
    const admin = new AdminPage(page);

    // The list shows what waits for review first.
    await admin.goto('/en/admin');
    await admin.nav.getByRole('link', { name: 'Applications' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/en/admin/applications');
    const table = admin.table('applications-table');
    const row = table.locator('tr', { hasText: PULS_NAME });
    await expect(row).toContainText('Submitted');
    await expect(row).toContainText('Demo podjetje d.o.o.');
    await expect(table.locator('tr[data-state="in_progress"]')).toHaveCount(0);
    await row.getByRole('link', { name: PULS_NAME }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/en/admin/applications/${pulsId}`);
    await expect(page.getByRole('heading', { level: 1, name: PULS_NAME })).toBeVisible();
    await expect(page.getByTestId('application-details')).toContainText('Quarterly');
    await expect(page.getByTestId('application-puls-questions')).toContainText('P01');

    // Request changes: a comment is required; the company gets it by e-mail.
    await admin.main.getByRole('button', { name: 'Request changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request changes' });
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter a comment for the company.');
    await dialog.getByRole('textbox', { name: 'Comment to the company' }).fill('Please add the e-mails of the respondents.');
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.main.getByRole('status')).toContainText('returned to the company');
    await expect(admin.main.locator('.admin-detail-state')).toContainText('Changes requested');
    await expect(page.getByTestId('application-company')).toContainText('Please add the e-mails of the respondents.');
    const changesMail = await server.mail.waitForMail(DEMO_EMAIL, (m) => m.text.includes('Please add the e-mails of the respondents.'));
    expect(changesMail.subject).not.toBe('');

    // The company sends it again; the administrator approves it.
    await submitAsCompany(server, pulsId);
    await page.reload();
    // Opened again by the administrator: it is in review.
    await expect(admin.main.locator('.admin-detail-state')).toContainText('In review');
    await admin.confirmAction('Approve');
    await expect(admin.main.getByRole('status')).toContainText('The application is approved');
    await expect(admin.main.locator('.admin-detail-state')).toContainText('Approved');
    const codes = page.getByTestId('application-codes');
    await expect(codes).toContainText('One shared code for up to 3 respondents');
    await expect(codes).toContainText('Still unused');
    await server.mail.waitForMail(DEMO_EMAIL, (m) => m.receivedAt > changesMail.receivedAt && !m.text.includes('Please add the e-mails'));

    // New codes: the dialog explains that unused old codes stop working.
    await admin.main.getByRole('button', { name: 'Issue new codes' }).click();
    const reissue = page.getByRole('dialog', { name: /^Issue new codes for/ });
    await expect(reissue).toContainText('stops working');
    await reissue.getByRole('button', { name: 'Issue new codes' }).click();
    await expect(reissue).toBeHidden();
    await expect(admin.main.getByRole('status')).toContainText('New codes are issued: 1 online and 0 paper codes.');
    await expect(codes).toContainText('Replaced (no longer valid)1');

    // The running IZZ survey: close it.
    await admin.goto('/en/admin/applications?state=in_progress');
    await table.locator('tr', { hasText: 'IZZ' }).first().getByRole('link').click();
    await expect(page).toHaveURL((url) => url.pathname === `/en/admin/applications/${izzId}`);
    await expect(page.getByTestId('application-extra-questions')).toContainText('Would you recommend the job to a friend?');
    await expect(page.getByTestId('application-extra-questions')).toContainText('Ali bi delo priporočili prijatelju?');
    await admin.confirmAction('Close the survey');
    await expect(admin.main.getByRole('status')).toContainText('The survey is finished.');
    await expect(admin.main.locator('.admin-detail-state')).toContainText('Finished');
    expect((await server.handle.db.get<{ state: string }>('SELECT state FROM applications WHERE id = ?', [izzId]))?.state).toBe('finished');

    // The audit log names the actions.
    await admin.nav.getByRole('link', { name: 'Audit log' }).click();
    const log = admin.table('audit-table');
    await expect(log.locator('tr[data-action="application.close"]')).toContainText('Closed a survey');
    await expect(log.locator('tr[data-action="application.approve"]')).toContainText('Approved a survey application');
  });

  test('axe and screenshots: list and detail at 390 and 1280 px', async ({ page, context, server }) => {
    await logInAs(context, server);
    const shell = new ShellPage(page);
    const izzId = await applicationId(server, 'izz');
    const pulsId = await applicationId(server, 'puls');
    for (const path of ['/en/admin/applications', `/en/admin/applications/${pulsId}`, `/admin/prijave/${izzId}`]) {
      await shell.goto(path);
      await expect(page.locator('main table, main .empty-state, main .admin-detail').first()).toBeVisible();
      const serious = (await shell.axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, `${path}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
    }
    await expect(shell.cookieBanner).toHaveCount(0); // not asked in the administration
    for (const width of [390, 1280]) {
      await resizeTo(page, width, 844);
      await shell.goto('/en/admin/applications?state=all');
      await expect(page.getByTestId('applications-table')).toBeVisible();
      await shell.screenshot(`admin-applications-${width}`);
      await shell.goto(`/en/admin/applications/${izzId}`);
      await expect(page.getByTestId('application-details')).toBeVisible();
      await shell.screenshot(`admin-application-izz-${width}`);
      await shell.goto(`/en/admin/applications/${pulsId}`);
      await expect(page.getByTestId('application-details')).toBeVisible();
      await shell.screenshot(`admin-application-puls-${width}`);
    }
  });
});
