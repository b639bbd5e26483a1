/**
 * On a phone the 1–4 agreement scale was laid out 2 × 2 and read as two pairs. It is one ordered row at
 * 390 and 320 px, in the longest question languages (German, Macedonian): the four options side by side, in order,
 * each with its number, none of them wider than its box and nothing wider than the screen.
 */
import { expect, test } from './fixtures';
import { QuestionnairePage, createIzzSurvey } from './pages/questionnaire-page';
import { lookAt } from './pages/look';

for (const locale of ['de', 'mk'] as const) {
  for (const width of [390, 320]) {
    test(`the agreement scale is one ordered row at ${String(width)} px (${locale})`, async ({ page, server }) => {
      await page.setViewportSize({ width, height: 740 });
      const survey = await createIzzSurvey(server.handle.db, { languages: [locale] });
      const q = new QuestionnairePage(page, locale);
      await q.openEntry();
      await q.enterCode(await survey.code());
      await q.startIntro();
      const statement = q.main.locator('.qf-form fieldset[data-path^="statements."]').first();
      await expect(statement).toBeVisible();
      const options = statement.locator('.q-option');
      await expect(options).toHaveCount(4);
      await expect(statement.locator('.q-option-value')).toHaveText(['1', '2', '3', '4']);
      const box = await statement.boundingBox();
      if (!box) throw new Error('no statement box');
      const boxes = await options.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, right: r.right, overflow: el.scrollWidth - el.clientWidth };
        }),
      );
      for (let i = 0; i < boxes.length; i++) {
        const b = boxes[i]!;
        expect(Math.abs(b.y - boxes[0]!.y), `option ${String(i + 1)} on the first option's row`).toBeLessThanOrEqual(1);
        if (i > 0) expect(b.x, `option ${String(i + 1)} right of option ${String(i)}`).toBeGreaterThan(boxes[i - 1]!.right - 1);
        expect(b.overflow, `option ${String(i + 1)}'s words fit its box`).toBeLessThanOrEqual(0);
        expect(b.right).toBeLessThanOrEqual(box.x + box.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The values in order: the first option is 1 (the least agreement), the last 4.
      await expect(statement.locator('input[type=radio]')).toHaveCount(4);
      expect(await statement.locator('input[type=radio]').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).toEqual(['1', '2', '3', '4']);
      await options.nth(2).click();
      await expect(statement.locator('input[type=radio]').nth(2)).toBeChecked();
      await lookAt(page, `test-results/screenshots/questionnaire-scale-${locale}-${String(width)}.png`);
    });
  }
}
