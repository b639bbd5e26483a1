/**
 * A finished survey's "Start a new survey" starts a new application carried over from it; the basic
 * report opens on its results with the settings beside them; the comments are counted, searchable and grouped by question.
 */
import { expect, test } from './fixtures';
import { signIn } from './pages/account-pages';
import { demoFinishedSurveyId, ReportPage } from './pages/report-page';
import { localeText } from './pages/texts';
import { localizedPath } from '../../shared/routes';
import { lookAt } from './pages/look';

const DEMO = 'demo@example.com';
const PAIRS = [
  ['en', 1280],
  ['de', 390],
] as const;

/** A text with {{placeholders}} as a pattern that accepts any value there. */
const pattern = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '(.+)')}$`);

// Each language at one width (en on a desktop, de on a phone): the texts do not depend on the width, nor the layout on
// the language.
for (const [locale, width] of PAIRS) {
  test(`${locale} ${String(width)}px: the basic report opens on its results, the settings beside them; comments counted, searched and grouped`, async ({ page, context, server }) => {
    await page.setViewportSize({ width, height: 900 });
    const surveyId = await demoFinishedSurveyId(server);
    await signIn(context, server, DEMO);
    const report = new ReportPage(page, locale);
    await report.goto(surveyId);

    // The results with the default settings, without pressing anything.
    await expect(report.report).toBeVisible();
    await expect(page.getByTestId('report-defaults')).toHaveText(report.t('settings.defaults'));
    const panel = page.getByTestId('settings-panel');
    const summary = panel.locator(':scope > summary');
    await expect(summary).toHaveText(report.t('settings.toggle'));
    if (width >= 1024) {
      // Desktop: an open side column left of the report.
      await expect(report.settings).toBeVisible();
      const [p, r] = [await panel.boundingBox(), await report.report.boundingBox()];
      expect(p && r && p.x + p.width <= r.x).toBe(true);
    } else {
      // Phone: closed, above the report; opens on a tap.
      await expect(report.settings).toBeHidden();
      const [p, r] = [await panel.boundingBox(), await report.report.boundingBox()];
      expect(p && r && p.y + p.height <= r.y).toBe(true);
      await summary.click();
      await expect(report.settings).toBeVisible();
      await summary.click();
    }

    // Comments: a count, grouped by the question they answer, a search that filters as you type.
    const comments = report.section('comments');
    await comments.scrollIntoViewIfNeeded();
    const countText = (await page.getByTestId('comments-count').textContent()) ?? '';
    const total = Number((pattern(report.t('comments.count')).exec(countText)?.[1] ?? '').replace(/\D/g, ''));
    expect(total).toBeGreaterThan(10);
    const headings = comments.getByRole('heading', { level: 3 });
    await expect(headings.first()).toContainText(report.t('comments.question', { q: report.t('comments.praise') }));
    await expect(headings).toHaveCount(2); // praise and criticism, and the company's text question
    const items = comments.locator('[data-testid="comment-group"] li');
    await expect(items).toHaveCount(total);

    await page.getByLabel(report.t('comments.search')).fill('plač');
    const matches = page.getByTestId('comments-matches');
    await expect(matches).toHaveText(pattern(report.t('comments.matches')));
    const shown = await items.allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(total);
    for (const c of shown) expect(c.toLowerCase()).toContain('plač');
    expect(await matches.textContent()).toContain(String(shown.length));
    await page.getByLabel(report.t('comments.search')).fill('zzzz');
    await expect(matches).toHaveText(report.t('comments.noMatch', { q: 'zzzz' }));
    await expect(items).toHaveCount(0);
    await page.getByLabel(report.t('comments.search')).fill('plač');

    await lookAt(page, `test-results/screenshots/report-comments-${locale}-${String(width)}.png`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await lookAt(page, `test-results/screenshots/report-open-${locale}-${String(width)}.png`);
  });

  test(`${locale}: "Start a new survey" on a finished survey opens a new application carried over from it`, async ({ page, context, server }) => {
    const db = server.handle.db;
    const surveyId = await demoFinishedSurveyId(server);
    const company = (await db.get<{ company_id: number }>('SELECT company_id FROM applications WHERE id = ?', [surveyId]))?.company_id;
    const open = await db.all<{ id: number; state: string }>("SELECT id, state FROM applications WHERE company_id = ? AND type = 'izz' AND state <> 'finished'", [company]);
    await signIn(context, server, DEMO);
    const report = new ReportPage(page, locale);
    await report.closeToastsWhenInTheWay();
    const t = (key: string) => localeText(locale, 'applications', key);
    let createdId: number | null = null;
    try {
      await page.goto(localizedPath('profileIzzDetail', locale, { id: String(surveyId) }));
      const start = page.getByTestId('start-new');
      await expect(start).toHaveText(t('status.startNew.izz'));
      await expect(page.getByText(t('status.startNewHint.izz'))).toBeVisible();

      if (open.length > 0) {
        // While another survey is open, the server refuses: said, with the way to the board.
        await start.click();
        await expect(page.getByRole('alert')).toContainText(t('status.toBoard'));
        for (const o of open) await db.run("UPDATE applications SET state = 'finished' WHERE id = ?", [o.id]);
        await page.reload();
      }

      await page.getByTestId('start-new').click();
      await expect(page).toHaveURL((url) => /\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${String(surveyId)}`));
      createdId = Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
      await lookAt(page, `test-results/screenshots/start-new-${locale}.png`);

      const rows = await db.all<{ id: number; state: string; draft: string }>('SELECT id, state, draft FROM applications WHERE id IN (?, ?)', [surveyId, createdId]);
      const finished = JSON.parse(rows.find((r) => r.id === surveyId)?.draft ?? '{}') as Record<string, unknown> & { details: Record<string, unknown> };
      const created = rows.find((r) => r.id === createdId);
      expect(created?.state).toBe('draft');
      const draft = JSON.parse(created?.draft ?? '{}') as Record<string, unknown> & { details: Record<string, unknown> };
      // The company's own questions, demographics, chosen statements and languages come along; name and dates do not.
      expect(draft.extra_questions).toEqual(finished.extra_questions);
      expect(draft.demographics).toEqual(finished.demographics);
      expect(draft.report_questions).toEqual(finished.report_questions);
      expect(draft.details.languages).toEqual(finished.details.languages);
      expect(draft.details.name).toBeUndefined();
      expect(draft.details.start_date).toBeUndefined();
      // The form is open on its first step.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      if (createdId) await db.run('DELETE FROM applications WHERE id = ?', [createdId]);
      for (const o of open) await db.run('UPDATE applications SET state = ? WHERE id = ?', [o.state, o.id]);
    }
  });
}
