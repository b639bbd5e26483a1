/**
 * Pictures for a person to look at (layout at phone and desktop width): written to test-results/screenshots only when
 * E2E_SCREENSHOTS is set (`E2E_SCREENSHOTS=1 npx playwright test …`). Nothing asserts on them, so the suite's own runs
 * skip the rendering and encoding they cost.
 */
import type { Locator, Page } from '@playwright/test';

export const screenshotsWanted = Boolean(process.env.E2E_SCREENSHOTS);

export async function lookAt(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotsWanted) return;
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? false });
  else await target.screenshot({ path: file });
}
