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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'sl-SI',
    timezoneId: 'Europe/Ljubljana',
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
