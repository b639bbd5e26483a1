import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the built PWA (run `npm run build` first). Each worker starts its own
 * server in-process (pwa/e2e/fixtures.ts), so there is no webServer block and no shared state.
 * Debian's Chromium is used; never run `playwright install`.
 */
export default defineConfig({
  testDir: 'pwa/e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Budgets for CI's 2 busy cores, not for a quiet machine: every wait is for a state (never a
  // sleep), so a larger budget costs nothing when the state comes early. A full-page axe run on
  // the report, or a page's first paint while the other worker renders a PDF, can take longer than
  // 30 s / 7 s when the machine is shared.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The JSON report gives scripts/run-tests.ts each spec file's time.
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never' }], ['json', { outputFile: 'test-results/playwright.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    // A failed test keeps its trace (actions with their timing, network, console, sources), a screenshot and the page's
    // accessibility snapshot (error-context.md). The trace's screencast and DOM snapshots are left out: recording them
    // costs every passing test too (the screencast's frame encoding a sixth of the phase's CPU, the DOM snapshot
    // before and after each action another 6 % of its time).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
    screenshot: 'only-on-failure',
    locale: 'sl-SI',
    timezoneId: 'Europe/Ljubljana',
    // The service worker's install fetches every chunk (some 200 files) in each test's fresh context: the specs that
    // are about it (offline, kiosk, install and update toasts) allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
