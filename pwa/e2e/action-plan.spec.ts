/**
 * From results to action in a real browser: the demo company opens its finished survey, picks three focus
 * areas (two suggested, one chosen from the list), adds an action to each, publishes the results page for employees,
 * opens it signed out on a 390 px phone in mk and sl (server-rendered: also without JavaScript), and downloads the A4
 * poster, whose text is checked. A PULS application made from a focus area carries the area's pulse questions.
 * Screenshots at 390 and 1280 px: test-results/screenshots/action-plan-*.png and results-page-*.png.
 */
import fs from 'node:fs';
import { pdfText } from '../../print/pdf-text';
import { localizedPath } from '../../shared/routes';
import { pulseQuestionsFor } from '../../shared/schemas/actions';
import { expect, test } from './fixtures';
import { signIn } from './pages/account-pages';
import { demoFinishedSurveyId } from './pages/report-page';
import { resizeTo, ShellPage } from './pages/shell-page';
import { lookAt } from './pages/look';

const DEMO = 'demo@example.com';

test.describe.configure({ mode: 'serial' });

test('the demo company picks three focus areas, adds actions, publishes the results page and prints the poster', async ({ page, context, browser, server }) => {
  test.setTimeout(180_000);
  const id = await demoFinishedSurveyId(server);
  await server.handle.db.run('DELETE FROM focus_areas WHERE survey_id = ?', [id]);
  await server.handle.db.run('DELETE FROM results_pages WHERE survey_id = ?', [id]);
  await signIn(context, server, DEMO);
  const shell = new ShellPage(page);
  await resizeTo(page, 1280, 900);
  await shell.goto(`/profil/izz/${String(id)}`);
  await page.getByTestId('open-actions').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Področja ukrepanja in ukrepi' })).toBeVisible();

  // Two of the suggested lowest categories, then a statement from the list.
  const lowest = page.getByTestId('suggest-lowest');
  await lowest.getByRole('button').first().click();
  await expect(page.getByTestId('focus-area')).toHaveCount(1);
  await lowest.getByRole('button').first().click();
  await expect(page.getByTestId('focus-area')).toHaveCount(2);
  await page.getByLabel('Vrsta').selectOption('statement');
  await page.getByLabel('Kategorija ali trditev').selectOption('DM01');
  await page.getByRole('button', { name: 'Dodaj področje' }).click();
  await expect(page.getByTestId('focus-area')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Področja ukrepanja: 3 od 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dodaj področje' })).toBeDisabled();

  const titles = ['Mesečni sestanek z vodstvom', 'Pregled plačnih razredov', 'Coaching za vodje'];
  for (const [i, title] of titles.entries()) {
    const card = page.getByTestId('focus-area').nth(i);
    await card.getByLabel('Ukrep', { exact: true }).fill(title);
    await card.getByLabel('Nosilec (ime)').fill('Ana Novak');
    await card.getByLabel('Rok').fill('2031-03-01');
    await card.getByRole('button', { name: 'Dodaj ukrep' }).click();
    await expect(card.getByTestId('action')).toHaveCount(1);
    await expect(card.getByTestId('action')).toContainText(title);
  }

  // The message and publishing.
  await page.getByLabel('Sporočilo zaposlenim (neobvezno)').fill('Hvala vsem za odgovore. Skupaj gremo naprej.');
  await page.getByRole('button', { name: 'Shrani sporočilo' }).click();
  await page.getByTestId('publish').click();
  await expect(page.getByTestId('share-state')).toContainText('Objavljeno');
  const link = page.getByTestId('public-link');
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  const token = /\/rezultati\/([A-Za-z0-9_-]{43})$/.exec(href)![1]!;
  await page.getByTestId('preview-toggle').click();
  await expect(page.getByTestId('preview').getByTestId('results-focus')).toHaveCount(3);
  await shell.screenshot('action-plan-sl-1280');
  await page.getByTestId('focus-area').first().scrollIntoViewIfNeeded();
  await lookAt(page, 'test-results/screenshots/action-plan-sl-1280-focus.png');

  // The poster: an A4 PDF with the figures, the focus areas, the actions and the link.
  const wait = page.waitForEvent('download');
  await page.getByTestId('poster').click();
  const pdf = fs.readFileSync((await (await wait).path())!);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  fs.mkdirSync('test-results/screenshots', { recursive: true });
  fs.writeFileSync('test-results/screenshots/results-poster-sl.pdf', pdf);
  const text = pdfText(new Uint8Array(pdf), { joinLines: true });
  expect(text).toContain('Vaši odgovori – naši ukrepi');
  expect(text).toContain('Odzivnost');
  for (const title of titles) expect(text).toContain(title);
  expect(text).toContain('Hvala vsem za odgovore.');
  expect(text).toContain(`rezultati/${token}`);
  expect(text).not.toContain('Ana Novak');

  await resizeTo(page, 390, 844);
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await shell.screenshot('action-plan-sl-390');
  await page.getByTestId('focus-area').first().scrollIntoViewIfNeeded();
  await lookAt(page, 'test-results/screenshots/action-plan-sl-390-focus.png');
  await page.getByTestId('share-results').scrollIntoViewIfNeeded();
  await lookAt(page, 'test-results/screenshots/action-plan-sl-390-share.png');

  // Signed out, on a phone: Macedonian and Slovenian.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.url });
  const guest = await phone.newPage();
  const guestShell = new ShellPage(guest);
  await guestShell.goto(localizedPath('employeeResults', 'mk', { token }));
  await guestShell.acceptAllCookies();
  await expect(guest.getByRole('heading', { level: 1, name: 'Вашите одговори – нашите мерки' })).toBeVisible();
  await expect(guest.getByTestId('results-focus')).toHaveCount(3);
  await expect(guest.getByTestId('results-category-communication')).toContainText('Комуникација');
  await expect(guest.getByText('Hvala vsem za odgovore.')).toBeVisible();
  await expect(guest.getByText('Ana Novak')).toHaveCount(0);
  const { scroll, client } = await guest.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  await guestShell.screenshot('results-page-mk-390');
  await guestShell.goto(localizedPath('employeeResults', 'sl', { token }));
  await expect(guest.getByRole('heading', { level: 1, name: 'Vaši odgovori – naši ukrepi' })).toBeVisible();
  await expect(guest.getByTestId('results-esi')).not.toHaveText('–');
  await guestShell.screenshot('results-page-sl-390');
  await resizeTo(guest, 1280, 900);
  await guestShell.screenshot('results-page-sl-1280');
  await phone.close();

  // The server's page, before any script: the same content (a phone on a slow line, a link preview).
  const noScript = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.url, javaScriptEnabled: false });
  const bare = await noScript.newPage();
  const response = await bare.goto(localizedPath('employeeResults', 'mk', { token }));
  expect(response!.status()).toBe(200);
  await expect(bare.getByRole('heading', { level: 1, name: 'Вашите одговори – нашите мерки' })).toBeVisible();
  await expect(bare.getByTestId('results-focus')).toHaveCount(3);
  expect((await bare.goto(`/rezultati/${'x'.repeat(43)}`))!.status()).toBe(404);
  await noScript.close();
});

test('a PULS application made from a focus area carries its pulse questions', async ({ page, context, server }) => {
  test.setTimeout(120_000);
  const id = await demoFinishedSurveyId(server);
  // One open PULS application per company: the demo's own seeded one is closed first.
  await server.handle.db.run("UPDATE applications SET state = 'finished' WHERE type = 'puls' AND state <> 'finished'");
  const area = await server.handle.db.get<{ id: number }>("SELECT id FROM focus_areas WHERE survey_id = ? AND item_id = 'DM01'", [id]);
  expect(area).toBeDefined();
  await signIn(context, server, DEMO);
  const shell = new ShellPage(page);
  await shell.goto(`/en/profile/izz/${String(id)}/actions`);
  const card = page.getByTestId('focus-area').filter({ has: page.getByTestId('apply-pulse') }).nth(2);
  await card.getByTestId('apply-pulse').click();
  await expect(page).toHaveURL(/\/en\/profile\/puls\/\d+$/);
  await expect(page.getByTestId('puls-form')).toBeVisible();
  await page.locator('.step-link').nth(2).click();
  const expected = pulseQuestionsFor('statement', 'DM01');
  for (const q of expected) await expect(page.locator(`#puls-q-${q}`)).toBeChecked();
  await expect(page.locator('input[id^="puls-q-"]:checked')).toHaveCount(expected.length);
});
