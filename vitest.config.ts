import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** The PWA's unit test files (`.test.ts` and `.test.tsx` under pwa/, not the browser journeys in pwa/e2e). */
function pwaTestFiles(dir = 'pwa'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return file === 'pwa/e2e' || entry.name === 'node_modules' ? [] : pwaTestFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The PWA's files share one module graph per worker (`isolate: false`: importing React, the texts and the app again
 * for each file cost more than the tests). A file that mocks a module (vi.mock) would leave the mock in the modules it
 * imported for the files after it, so those files run isolated, each in its own graph.
 */
const PWA_MOCKING = pwaTestFiles().filter((file) => /\bvi\.mock\(/.test(fs.readFileSync(file, 'utf8')));

/**
 * What runs again on PostgreSQL: what differs by engine. The database seam and its migrations, the seeds, the jobs and
 * their claims, the write path of responses and what a copy of the stored rows shows, and one API test per module
 * (each module's main routes test reaches every SQL statement of its repository). The rest (rules, renderers, rate
 * limits, texts, figures over the reporting base, guessing budgets) runs on SQLite only: it runs the same statements
 * the module's PostgreSQL test already covers. docs/testing.md lists what runs where.
 */
const POSTGRES_INCLUDED = [
  'server/db/connection.test.ts',
  'server/seed/seed.test.ts',
  'server/db/shared-enumerations.test.ts',
  'server/jobs/claims.test.ts',
  'server/jobs/mail-outbox.test.ts',
  'server/jobs/scheduler.test.ts',
  'server/modules/admin/admin.routes.test.ts',
  'server/modules/applications/applications.routes.test.ts',
  'server/modules/applications/applications.jobs.test.ts',
  'server/modules/applications/admin-close.test.ts',
  'server/modules/applications/respondent-emails.test.ts',
  'server/modules/applications/puls-rounds.test.ts',
  'server/modules/assets/assets.routes.test.ts',
  'server/modules/auth/auth.routes.test.ts',
  'server/modules/auth/account.routes.test.ts',
  'server/modules/award/award.routes.test.ts',
  'server/modules/blogs/blogs.routes.test.ts',
  'server/modules/contact/contact.routes.test.ts',
  'server/modules/kiosk/kiosk.test.ts',
  // the guessing budget's table, shared with paper entry
  'server/modules/kiosk/kiosk.guesses.test.ts',
  'server/modules/pages/pages.routes.test.ts',
  'server/modules/paper-entry/paper-entry.test.ts',
  'server/modules/pricing/pricing.routes.test.ts',
  'server/modules/profile/profile.routes.test.ts',
  'server/modules/questionnaire/questionnaire.test.ts',
  'server/modules/questionnaire/group-commit.test.ts',
  'server/modules/questionnaire/no-join.test.ts',
  'server/modules/questionnaire/stored-answers.test.ts',
  'server/modules/questionnaire/stored-copies.test.ts',
  'server/modules/questionnaire/code-guesses.test.ts',
  'server/modules/reports/reports.routes.test.ts',
  'server/modules/reports/comparison.routes.test.ts',
  'server/modules/responses/disabled-company.test.ts',
  'server/modules/site/site.routes.test.ts',
];

// Unit and API tests. Browser journeys are Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    // Both cores of CI's machine (vitest's default, cpus − 1, is one worker there).
    maxWorkers: 2,
    // The run's per-file timings for scripts/run-tests.ts (test-results/ is not committed).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'print/**/*.test.ts', 'scripts/**/*.test.ts', 'omr/**/*.test.ts'],
          pool: 'forks',
          isolate: false,
          // Budgets for CI's 2 busy cores, which also run the PostgreSQL project beside this one; not speed checks.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One throwaway PostgreSQL cluster for the run: inject('pgUrl') (null without PostgreSQL, outside CI).
          globalSetup: ['server/test/pg-global-setup.ts'],
        },
      },
      {
        // The engine's own tests again on PostgreSQL (server/test/helpers.ts: TEST_ENGINE). multi-instance.test.ts,
        // claims-sigkill.test.ts and migrations-postgres.test.ts start their PostgreSQL databases themselves.
        test: {
          name: 'node-pg',
          environment: 'node',
          include: POSTGRES_INCLUDED,
          pool: 'forks',
          isolate: false,
          env: { TEST_DATABASE: 'postgres' },
          // Budgets for CI's 2 busy cores (each test server creates, migrates and seeds its own database), not speed checks.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['server/test/pg-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'pwa',
          environment: 'jsdom',
          include: ['pwa/**/*.test.{ts,tsx}'],
          exclude: ['pwa/e2e/**', ...PWA_MOCKING],
          setupFiles: ['pwa/test/setup.ts'],
          isolate: false,
          // A file's first render loads its texts and components; on CI's busy 2 cores that alone can pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'pwa-isolated',
          environment: 'jsdom',
          include: PWA_MOCKING,
          setupFiles: ['pwa/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
