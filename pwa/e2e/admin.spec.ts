/**
 * Administrator journeys: companies (search, open, verify), the outbox (list, view in a sandboxed
 * frame), login-as-client with the banner and back (refused for a disabled company), the audit log; access for company users and
 * guests; axe on the companies and outbox pages; screenshots of the companies list and detail.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type E2eServer } from './fixtures';
import { createVerifiedAccount, LoginPage, signIn } from './pages/account-pages';
import { AdminPage, logInAs } from './pages/admin-page';
import { resizeTo, ShellPage } from './pages/shell-page';
import { lookAt } from './pages/look';

const DEMO_EMAIL = 'demo@example.com';
const DEMO_COMPANY = 'Demo podjetje d.o.o.';
/** Set by the fixture's config (ADMIN_PASSWORD). */
const ADMIN_PASSWORD = 'admin-e2e-password';

/** A pending testimonial with a photo for the demo company (the photo is the app icon). */
async function seedTestimonial(server: E2eServer) {
  const db = server.handle.db;
  const company = await db.get<{ id: number }>('SELECT id FROM companies WHERE name = ?', [DEMO_COMPANY]);
  if (!company || await db.get('SELECT id FROM testimonials WHERE company_id = ?', [company.id])) return;
  const now = new Date().toISOString();
  const assetId = randomUUID();
  await db.run('INSERT INTO assets (id, content_type, bytes, etag, created_at) VALUES (?, ?, ?, ?, ?)', [
    assetId,
    'image/png',
    fs.readFileSync(path.resolve('pwa/public/icons/icon-192.png')),
    'e2e-photo',
    now,
  ]);
  await db.run(
    `INSERT INTO testimonials (company_id, name, title, comment, photo_asset_id, status, created_at, updated_at)
     VALUES (?, 'Mojca Novak', 'HR director', 'The survey showed us exactly where to start.', ?, 'pending', ?, ?)`,
    [company.id, assetId, now, now],
  );
}

test.describe('administration', () => {
  test.use({ bypassCSP: true });

  test('company user gets the error page and a guest is sent to login', async ({ page, context, server }) => {
    await page.goto('/en/admin/companies');
    await expect(page).toHaveURL((url) => url.pathname === '/en/login' && url.searchParams.get('next') === '/en/admin/companies');

    await logInAs(context, server, DEMO_EMAIL);
    await page.goto('/en/admin/companies');
    await expect(page.getByTestId('error-page')).toBeVisible();
    await expect(page.getByTestId('admin-nav')).toHaveCount(0);
    // The API agrees.
    const res = await page.request.get('/api/admin/companies');
    expect(res.status()).toBe(403);
  });

  test('the administrator logs in with the form and lands in the administration', async ({ page, server }) => {
    await page.goto('/en/login');
    const login = new LoginPage(page, 'en');
    await login.logIn(server.handle.config.adminEmail, ADMIN_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/en/admin');
    const admin = new AdminPage(page);
    await expect(admin.nav).toBeVisible();
    await expect(admin.main.getByRole('link', { name: /Companies/ })).toBeVisible();
    // A company page is not for an administrator: back to the administration.
    await page.goto('/en/profile/edit');
    await expect(page).toHaveURL((url) => url.pathname === '/en/admin');
    await admin.nav.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/en');
    await page.goto('/en/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/en/login');
  });

  test('search, open and verify a company; act as the client and stop; the audit log has it all', async ({ page, context, server }) => {
    // The demo company starts unverified here, so there is something to verify.
    await server.handle.db.run('UPDATE companies SET verified_at = NULL WHERE name = ?', [DEMO_COMPANY]);
    await logInAs(context, server);
    const admin = new AdminPage(page);

    await admin.goto('/en/admin');
    await admin.nav.getByRole('link', { name: 'Companies' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    await admin.searchCompanies('demo');
    const table = admin.table('companies-table');
    await expect(table.getByRole('link', { name: DEMO_COMPANY, exact: true })).toBeVisible();
    // Other tests on this worker's server may have registered more companies matching 'demo': look at the demo's own row.
    const demoRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: DEMO_COMPANY, exact: true }) });
    await expect(demoRow.getByText('Not verified')).toBeVisible();
    await table.getByRole('link', { name: DEMO_COMPANY, exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: DEMO_COMPANY })).toBeVisible();
    await expect(admin.main.getByRole('table', { name: 'Users of this company' })).toContainText(DEMO_EMAIL);
    await admin.confirmAction('Verify');
    await expect(admin.main.getByText('The company is verified.')).toBeVisible();
    await expect(admin.main.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);

    // Act as the client: the banner appears and the company's profile opens.
    await admin.main.getByRole('button', { name: 'Log in as this client' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/en/profile/izz');
    await expect(admin.actingBanner).toContainText(`You are acting as ${DEMO_EMAIL}`);
    await expect(page.locator('header.profile-header')).toBeVisible();
    await expect(admin.main.locator('h1').first()).toBeVisible();
    const me = await page.request.get('/api/me');
    expect((await me.json()).data).toMatchObject({ email: DEMO_EMAIL, acting_admin: { email: server.handle.config.adminEmail } });

    // The banner stays on a full page load of another profile page.
    await page.goto('/en/profile/edit');
    await expect(admin.actingBanner).toBeVisible();

    await admin.actingBanner.getByRole('button', { name: 'Stop' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/en/admin/companies');
    await expect(admin.actingBanner).toHaveCount(0);
    await expect(admin.nav).toBeVisible();

    await admin.nav.getByRole('link', { name: 'Audit log' }).click();
    const log = admin.table('audit-table');
    await expect(log.locator('tbody tr').first()).toHaveAttribute('data-action', 'login-as-client.stop');
    await expect(log.locator('tr[data-action="login-as-client.start"]')).toContainText('Started acting as a client');
    await expect(log.locator('tr[data-action="login-as-client.stop"]')).toContainText('Stopped acting as a client');
    await expect(log.locator('tr[data-action="company.verify"]')).toContainText('Verified a company');
    await expect(log.locator('tr[data-action="company.verify"]')).toContainText(server.handle.config.adminEmail);
    // DD.MM.YYYY HH:mm
    await expect(log.locator('tbody tr').first().locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  });

  test('a disabled company: login-as-client is refused with a clear message, and its sessions (own and acted) end', async ({ page, context, browser, server }) => {
    const client = await createVerifiedAccount(server, 'en', 'disabled-client');
    const companyId = (await server.handle.db.get<{ id: number }>('SELECT id FROM companies WHERE name = ?', [client.company]))?.id;
    // The client is logged in on their own device.
    const clientContext = await browser.newContext({ baseURL: server.url });
    await signIn(clientContext, server, client.email);
    const clientPage = await clientContext.newPage();
    await clientPage.goto('/en/profile/izz');
    await expect(clientPage.locator('header.profile-header')).toBeVisible();

    await logInAs(context, server);
    const admin = new AdminPage(page);
    const shell = new ShellPage(page);
    await admin.goto(`/en/admin/companies/${String(companyId)}`);
    await expect(shell.cookieBanner).toHaveCount(0); // not asked in the administration
    const loginAs = admin.main.getByRole('button', { name: 'Log in as this client' });
    await expect(loginAs).toBeVisible();
    // Meanwhile the company is disabled (another administrator, another tab): this page still offers the button.
    expect((await page.request.post(`/api/admin/companies/${String(companyId)}/disable`, { headers: { Origin: server.url } })).status()).toBe(200);
    await loginAs.click();
    await expect(admin.main.getByRole('alert')).toHaveText('This company is disabled, so you cannot log in as its user. Enable it first.');
    await expect(page).toHaveURL((url) => url.pathname === `/en/admin/companies/${String(companyId)}`);
    await expect(admin.actingBanner).toHaveCount(0);
    // The page reloads the company: disabled, with Enable and without the button; the message stays.
    await expect(admin.main.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();
    await expect(loginAs).toHaveCount(0);
    await expect(admin.main.getByRole('alert')).toBeVisible();
    for (const width of [390, 1280]) {
      await resizeTo(page, width, 844);
      await shell.screenshot(`admin-login-as-disabled-${width}`);
    }

    // The client's own session has ended: the next page load goes to the login.
    await clientPage.goto('/en/profile/izz');
    await expect(clientPage).toHaveURL((url) => url.pathname === '/en/login');
    await clientContext.close();

    // Acting as a client whose company is disabled meanwhile: the banner goes, the administration stays.
    await server.handle.db.run('UPDATE companies SET disabled_at = NULL WHERE id = ?', [companyId]);
    await admin.goto(`/en/admin/companies/${String(companyId)}`);
    await loginAs.click();
    await expect(admin.actingBanner).toContainText(`You are acting as ${client.email}`);
    expect((await page.request.post(`/api/admin/companies/${String(companyId)}/disable`, { headers: { Origin: server.url } })).status()).toBe(200);
    await page.goto('/en/profile/izz');
    await expect(page).toHaveURL((url) => url.pathname === '/en/admin');
    await expect(admin.actingBanner).toHaveCount(0);
    await expect(admin.nav).toBeVisible();
  });

  test('outbox: list, filter, view a mail in a sandboxed frame, retry', async ({ page, context, server }) => {
    const now = new Date().toISOString();
    await server.handle.db.run(
      `INSERT INTO mail_outbox (to_address, subject, html, text, locale, status, attempts, next_attempt_at, last_error, created_at)
       VALUES (?, ?, ?, ?, 'en', 'failed', 6, ?, 'connect ECONNREFUSED', ?)`,
      ['someone@example.com', 'E2E failed mail', '<h1>Hello from HTML</h1><script>document.title="pwned"</script>', 'Hello from text', '2999-01-01T00:00:00.000Z', now],
    );
    await logInAs(context, server);
    const admin = new AdminPage(page);
    await admin.goto('/en/admin/outbox');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('failed');
    await expect(page).toHaveURL(/status=failed/);
    const table = admin.table('outbox-table');
    const row = table.locator('tr', { hasText: 'E2E failed mail' });
    await expect(row).toContainText('Failed');

    await row.getByRole('button', { name: /^View/ }).click();
    const dialog = page.getByRole('dialog', { name: 'E2E failed mail' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('connect ECONNREFUSED');
    await expect(dialog.locator('pre')).toHaveText('Hello from text');
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator('dialog iframe').getByRole('heading', { name: 'Hello from HTML' })).toBeVisible();
    expect(await page.title()).not.toBe('pwned');
    await lookAt(page, 'test-results/screenshots/admin-outbox-mail-1280.png');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await row.getByRole('button', { name: /^Send again/ }).click();
    await expect(admin.main.getByText('The e-mail is queued again.')).toBeVisible();
  });

  test('testimonials: approve and hide, with the photo shown', async ({ page, context, server }) => {
    await seedTestimonial(server);
    await logInAs(context, server);
    const admin = new AdminPage(page);
    await admin.goto('/en/admin/testimonials?status=pending');
    const item = admin.main.getByTestId('admin-testimonial').filter({ hasText: 'Mojca Novak' });
    await expect(item).toContainText('Waiting');
    const photo = item.getByRole('img', { name: 'Photo of Mojca Novak' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await item.getByRole('button', { name: 'Approve the testimonial of Mojca Novak' }).click();
    await expect(admin.main.getByText('The testimonial is approved.')).toBeVisible();
    await expect(item).toHaveCount(0); // no longer pending
    const publicList = await page.request.get('/api/testimonials');
    expect(JSON.stringify(await publicList.json())).toContain('Mojca Novak');

    await page.getByRole('combobox', { name: 'Status' }).selectOption('approved');
    await expect(item).toContainText('Approved');
    await item.getByRole('button', { name: 'Hide the testimonial of Mojca Novak' }).click();
    await expect(admin.main.getByText('The testimonial is hidden.')).toBeVisible();
    const after = await page.request.get('/api/testimonials');
    expect(JSON.stringify(await after.json())).not.toContain('Mojca Novak');
  });

  test('axe: companies and outbox pages have no serious or critical violations', async ({ page, context, server }) => {
    await logInAs(context, server);
    const shell = new ShellPage(page);
    for (const path of ['/en/admin/companies', '/admin/podjetja', '/en/admin/outbox']) {
      await shell.goto(path);
      await expect(page.locator('main table, main .empty-state').first()).toBeVisible();
      const serious = (await shell.axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, `${path}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
    }
  });

  test('screenshots: companies list and company detail at 390 and 1280 px', async ({ page, context, server }) => {
    await logInAs(context, server);
    const shell = new ShellPage(page);
    const id = (await server.handle.db.get<{ id: number }>('SELECT id FROM companies WHERE name = ?', [DEMO_COMPANY]))?.id;
    await shell.goto('/en/admin/companies');
    await expect(shell.cookieBanner).toHaveCount(0); // not asked in the administration
    for (const width of [390, 1280]) {
      await resizeTo(page, width, 844);
      await shell.goto('/en/admin/companies');
      await expect(page.getByTestId('companies-table')).toBeVisible();
      await shell.screenshot(`admin-companies-${width}`);
      await shell.goto(`/en/admin/companies/${id}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Company data' })).toBeVisible();
      await shell.screenshot(`admin-company-${width}`);
    }
    // A look at the other pages on a phone.
    await resizeTo(page, 390, 844);
    await seedTestimonial(server);
    await shell.goto('/en/admin/testimonials');
    await expect(page.getByTestId('admin-testimonial').first()).toBeVisible();
    await shell.screenshot('admin-testimonials-390');
    await shell.goto('/en/admin/outbox');
    await expect(page.locator('main table, main .empty-state').first()).toBeVisible();
    await shell.screenshot('admin-outbox-390');
    await shell.goto('/en/admin/audit-log');
    await shell.screenshot('admin-audit-log-390');
    await shell.goto(`/en/admin/companies/${id}`);
    await page.getByRole('button', { name: 'Log in as this client' }).click();
    await expect(page.getByTestId('acting-banner')).toBeVisible();
    await shell.screenshot('admin-acting-banner-390');
    await page.getByTestId('acting-banner').getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByTestId('acting-banner')).toHaveCount(0);
  });
});
