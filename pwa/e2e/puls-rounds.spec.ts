/**
 * PULS rounds: a monthly PULS survey of three rounds, approved on 1 September 2030. The company's
 * survey page and the administrator's application page list the rounds (dates, state, responses); the
 * administrator ends round 1 early (the company sees it ended early, its report is available, round 2 keeps its
 * schedule), then closes the whole survey (the dialog names the rounds that will not run); the report says which
 * rounds ran and which did not. Axe on both pages; screenshots at 390 and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE_NAME } from '../../shared/constants';
import { PULS_QUESTIONS } from '../../shared/question-banks';
import { localizedPath } from '../../shared/routes';
import { createVerifiedAccount, signIn } from './pages/account-pages';
import { AdminPage, logInAs } from './pages/admin-page';
import { ReportPage } from './pages/report-page';
import { resizeTo, ShellPage } from './pages/shell-page';
import { expect, test, type E2eServer } from './fixtures';

/** One API call as the user with this e-mail (a session of their own), expecting success. */
async function apiAs(server: E2eServer, email: string, method: string, path: string, body?: unknown): Promise<Response> {
  const user = await server.handle.db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', [email]);
  const session = await server.handle.services.auth.createSession(user?.id ?? 0);
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: `${SESSION_COOKIE_NAME}=${session.token}`, Origin: server.url, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res;
}

/** A monthly PULS of three rounds (10–16 September, October, November 2030), sent by the company and approved. */
async function approvedPuls(server: E2eServer, email: string): Promise<number> {
  const id = ((await (await apiAs(server, email, 'POST', '/api/applications', { type: 'puls' })).json()) as { data: { id: number } }).data.id;
  const details = {
    name: 'Utrip 2030',
    start_date: '2030-09-10',
    end_date: '2030-09-16',
    employees: 10,
    online_respondents: 10,
    offline_respondents: 0,
    code_type: 'identical',
    invitation_date: '2030-09-10',
    invitation_time: '09:00',
    languages: ['en'],
    respondent_emails: [{ email: 'pulse-rounds@firma.test', language: 'en' }],
    cadence: 'monthly',
    rounds: 3,
  };
  await apiAs(server, email, 'PUT', `/api/applications/${String(id)}/draft`, { draft: { details, questions: PULS_QUESTIONS.slice(0, 3).map((q) => q.id) } });
  await apiAs(server, email, 'POST', `/api/applications/${String(id)}/submit`);
  await apiAs(server, server.handle.config.adminEmail, 'POST', `/api/admin/applications/${String(id)}/approve`);
  return id;
}

async function respond(server: E2eServer, id: number, round: number, n: number) {
  const answers = JSON.stringify({ language: 'en', statements: {}, demographics: {}, extra: {}, puls: { [PULS_QUESTIONS[0]!.id]: 4 } });
  for (let i = 0; i < n; i++) await server.handle.db.run("INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, 'online', ?, ?)", [randomUUID(), id, answers, round]);
}

test.describe('PULS rounds', () => {
  // axe-core is injected as an inline script, which the server's CSP rightly forbids.
  test.use({ bypassCSP: true });

  test('both pages show the rounds; the administrator ends round 1 early, then closes the survey; the report says which rounds ran', async ({ page, context, server }) => {
    test.setTimeout(120_000);
    server.clock.set('2030-09-01T08:00:00Z');
    const account = await createVerifiedAccount(server, 'en', 'puls-rounds');
    const id = await approvedPuls(server, account.email);
    // 10 September 09:00: round 1 opens and invites; five responses come in.
    server.clock.set('2030-09-10T07:00:00Z');
    await server.runDueJobs();
    await respond(server, id, 1, 5);

    const shell = new ShellPage(page);
    const report = new ReportPage(page, 'en');
    await report.closeToastsWhenInTheWay();
    const severe = async () => (await shell.axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const companyPage = localizedPath('profilePulsDetail', 'en', { id: String(id) });
    const asCompany = async () => {
      await context.clearCookies();
      await signIn(context, server, account.email);
      await shell.goto(companyPage);
      return page.getByTestId('puls-rounds');
    };
    const asAdmin = async () => {
      await context.clearCookies();
      await logInAs(context, server);
      await new AdminPage(page).goto(`/en/admin/applications/${String(id)}`);
      return page.getByTestId('application-rounds');
    };

    // The company: every round with its dates, state and responses (the open round counts as it goes).
    let rounds = await asCompany();
    await expect(rounds.getByTestId('puls-round-1')).toContainText('10.09.2030 – 16.09.2030');
    await expect(rounds.getByTestId('puls-round-1')).toContainText('Open');
    await expect(rounds.getByTestId('puls-round-1').locator('td').last()).toHaveText('5');
    await expect(rounds.getByTestId('puls-round-2')).toContainText('10.10.2030 – 16.10.2030');
    await expect(rounds.getByTestId('puls-round-3')).toContainText('10.11.2030 – 16.11.2030');
    await expect(rounds.getByTestId('puls-round-3')).toContainText('Not started');
    await expect(rounds.getByRole('button')).toHaveCount(0);
    expect(await severe()).toEqual([]);
    for (const width of [390, 1280]) {
      await resizeTo(page, width, 844);
      await expect(rounds).toBeVisible();
      await shell.screenshot(`puls-rounds-company-open-${String(width)}`);
    }

    // The administrator ends round 1 on 12 September: the dialog says round 2 keeps its schedule.
    server.clock.set('2030-09-12T10:00:00Z');
    rounds = await asAdmin();
    await expect(rounds.getByTestId('round-1')).toContainText('Open');
    await expect(rounds.getByTestId('round-2')).toContainText('Not started');
    expect(await severe()).toEqual([]);
    for (const width of [390, 1280]) {
      await resizeTo(page, width, 844);
      await expect(rounds).toBeVisible();
      await shell.screenshot(`puls-rounds-admin-open-${String(width)}`);
    }
    await rounds.getByRole('button', { name: 'End round 1 now' }).click();
    const dialog = page.getByRole('dialog', { name: 'End round 1 of “Utrip 2030” now?' });
    await expect(dialog).toContainText('Round 1 closes now instead of on 16.09.2030');
    await expect(dialog).toContainText('Round 2 keeps its schedule: it opens on 10.10.2030.');
    await dialog.getByRole('button', { name: 'End round 1 now' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Round 1 is closed' })).toContainText('its report is available, and the next round keeps its schedule');
    await expect(rounds.getByTestId('round-1')).toContainText('Ended early');
    await expect(rounds.getByTestId('round-1')).toContainText('ended early on 12.09.2030');
    await expect(rounds.getByRole('button')).toHaveCount(0);
    expect(await server.handle.db.get('SELECT state, closed_at FROM survey_rounds WHERE survey_id = ? AND number = 1', [id])).toEqual({ state: 'closed', closed_at: '2030-09-12T10:00:00.000Z' });
    expect((await server.handle.scheduler.findByDedupeKey(`puls-round:${String(id)}:2:open`))?.status).toBe('pending');

    // The company sees round 1 ended early; its report is there and says what became of every round.
    rounds = await asCompany();
    await expect(rounds.getByTestId('puls-round-1')).toContainText('Ended early');
    await expect(rounds.getByTestId('puls-round-1')).toContainText('ended early on 12.09.2030');
    for (const width of [390, 1280]) {
      await resizeTo(page, width, 844);
      await expect(rounds).toBeVisible();
      await shell.screenshot(`puls-rounds-company-ended-${String(width)}`);
    }
    await page.getByTestId('open-report').click();
    await report.settings.getByLabel(report.t('labels.reportLanguage')).selectOption('en');
    await report.apply();
    const schedule = page.getByTestId('round-schedule');
    await expect(schedule.locator('li[data-outcome="ended-early"]')).toHaveText('Round 1 (10.09.2030 – 16.09.2030): Ended early on 12.09.2030');
    await expect(schedule.locator('li[data-outcome="pending"]')).toHaveCount(2);
    await expect(page.getByTestId('round-1')).toContainText('Round 1 (10.09.2030 – 12.09.2030)');

    // The administrator closes the whole survey: the dialog names the rounds that will not run.
    server.clock.set('2030-09-20T10:00:00Z');
    rounds = await asAdmin();
    await page.getByRole('button', { name: 'Close the survey', exact: true }).click();
    const close = page.getByRole('dialog', { name: 'Close “Utrip 2030”?' });
    await expect(close.getByTestId('close-rounds-note')).toHaveText('2 rounds have not started and will not run (rounds 2 and 3); the report will say so.');
    await resizeTo(page, 390, 844);
    await shell.screenshot('puls-rounds-admin-close-dialog-390');
    await close.getByRole('button', { name: 'Close the survey', exact: true }).click();
    await expect(close).toBeHidden();
    await expect(rounds.getByTestId('round-2')).toContainText('Cancelled');
    await expect(rounds.getByTestId('round-3')).toContainText('Cancelled');
    for (const width of [390, 1280]) {
      await resizeTo(page, width, 844);
      await expect(rounds).toBeVisible();
      await shell.screenshot(`puls-rounds-admin-closed-${String(width)}`);
    }

    // The company's page and the report say that rounds 2 and 3 did not run.
    rounds = await asCompany();
    await expect(page.getByTestId('puls-rounds-cancelled')).toHaveText('2 rounds will not run (rounds 2 and 3): the survey was closed before them.');
    await page.getByTestId('open-report').click();
    await report.settings.getByLabel(report.t('labels.reportLanguage')).selectOption('en');
    await report.apply();
    await expect(schedule.locator('li[data-outcome="not-run"]')).toHaveText([
      'Round 2 (10.10.2030 – 16.10.2030): Did not run: the survey was closed before this round',
      'Round 3 (10.11.2030 – 16.11.2030): Did not run: the survey was closed before this round',
    ]);
    for (const width of [390, 1280]) {
      await resizeTo(page, width, 844);
      await expect(schedule).toBeVisible();
      await shell.screenshot(`puls-rounds-report-${String(width)}`);
    }
  });
});
