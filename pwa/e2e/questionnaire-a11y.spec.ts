import type { Page } from '@playwright/test';
import path from 'node:path';
import { expect, test } from './fixtures';
import { QuestionnairePage, createIzzSurvey, createPulsSurvey } from './pages/questionnaire-page';
import { ShellPage } from './pages/shell-page';
import { lookAt } from './pages/look';

// axe-core is injected as an inline script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true });

async function expectNoSevere(page: Page, where: string) {
  const violations = await new ShellPage(page).axeViolations();
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe, `${where}: ${JSON.stringify(severe, null, 2)}`).toEqual([]);
}

const shot = (page: Page, name: string) => lookAt(page, path.join('test-results', 'screenshots', `${name}.png`), { fullPage: true });

for (const width of [375, 1280] as const) {
  test(`axe on every IZZ questionnaire page, screenshots at ${width}px`, async ({ page, server }) => {
    // Up to sixteen full-page axe runs: ~1 minute on a quiet machine, 2 minutes on CI's two busy cores (it ran out of a
    // 2-minute budget there twice); every step waits for its state, the budget covers the work.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
    const q = new QuestionnairePage(page, 'en');
    await q.openEntry();
    await expectNoSevere(page, 'code entry');
    await shot(page, `questionnaire-code-${width}`);
    await q.enterCode(await survey.code());
    await expect(page.getByRole('button', { name: q.ql('intro.start') })).toBeVisible();
    await expectNoSevere(page, 'intro');
    await shot(page, `questionnaire-intro-${width}`);
    await q.startIntro();
    await q.answerPage({ skip: ['statements.JC02'] });
    await q.next();
    await expect(q.main.getByText(q.ql('flow.mandatory'))).toBeVisible();
    await expectNoSevere(page, 'category page with the mandatory message');
    await shot(page, `questionnaire-mandatory-${width}`);
    await q.answerPage();
    await q.next();
    for (let p = 2; p <= 13; p++) {
      await q.expectPage(p, 13);
      // Pages 2–11 are the same agreement-scale page with other statements: every one on the phone, where the layout
      // is tightest; on the desktop the last category page and the closing pages (eNPS, demographics, comments).
      if (width === 375 || p >= 11) await expectNoSevere(page, `page ${p}`);
      await q.answerPage();
      await q.next();
    }
    await expect(page.getByRole('heading', { level: 1, name: q.ql('review.title') })).toBeVisible();
    await expectNoSevere(page, 'review');
    await shot(page, `questionnaire-review-${width}`);
    await q.submit();
    await expect(q.delivery()).toHaveAttribute('data-delivery', 'received');
    await expectNoSevere(page, 'success');
    await shot(page, `questionnaire-success-${width}`);
    // The resume offer on the entry page.
    await page.goto('/en/employee-satisfaction-page');
    await expect(q.codeInput()).toBeVisible();
    await expectNoSevere(page, 'employee-satisfaction-page');
  });
}

test('axe on the PULS pages and the resume offer (sl, phone)', async ({ page, server }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const survey = await createPulsSurvey(server.handle.db, { languages: ['sl', 'en'], questions: ['P01', 'P02'] });
  const q = new QuestionnairePage(page, 'sl');
  await q.openEntry(undefined, 'questionnairePuls');
  await expectNoSevere(page, 'PULS code entry');
  await q.enterCode(await survey.code());
  await expect(page.getByRole('button', { name: q.ql('intro.start') })).toBeVisible();
  await expectNoSevere(page, 'PULS login-review');
  await q.startIntro();
  await q.next();
  await expectNoSevere(page, 'PULS questions with the mandatory message');
  await q.openEntryResume('questionnairePuls');
  await expectNoSevere(page, 'resume offer');
  await page.getByRole('button', { name: q.t('entry.continue') }).click();
  await q.answerAllPages();
  await expectNoSevere(page, 'PULS review');
  await q.submit();
  await expectNoSevere(page, 'PULS success');
});
