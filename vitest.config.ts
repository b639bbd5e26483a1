import { defineConfig } from 'vitest/config';

/** Server tests that do not touch the database, or are about the SQLite file itself: they run once, on SQLite. */
const POSTGRES_EXCLUDED = [
  'server/db/migrations.test.ts',
  'server/db/migrations-postgres.test.ts',
  'server/jobs/wal-truncation.test.ts',
  'server/lib/**',
  'server/middleware/**',
  'server/modules/reports/figures/**',
  'server/modules/reports/excel/**',
  'server/index.test.ts',
  'server/modules/pages/page-renderer.test.ts',
  'server/config.test.ts',
  // They run their instances on PostgreSQL themselves.
  'server/multi-instance.test.ts',
  'server/claims-sigkill.test.ts',
];

// Unit and API tests. Browser journeys are Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'print/**/*.test.ts', 'scripts/**/*.test.ts', 'omr/**/*.test.ts'],
          pool: 'forks',
          // Budgets for CI's 2 busy cores, which also run the PostgreSQL project beside this one; not speed checks.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One throwaway PostgreSQL cluster for the run: inject('pgUrl') (null without PostgreSQL, outside CI).
          globalSetup: ['server/test/pg-global-setup.ts'],
        },
      },
      {
        // The same API and repository tests on PostgreSQL (server/test/helpers.ts: TEST_ENGINE). Left out: what
        // is about SQLite itself (its file, pragmas and migrations) and what uses no database.
        test: {
          name: 'node-pg',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: POSTGRES_EXCLUDED,
          pool: 'forks',
          env: { TEST_DATABASE: 'postgres' },
          // Budgets for CI's 2 busy cores (each test server creates, migrates and seeds its own database), not speed checks.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['server/test/pg-global-setup.ts'],
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'pwa',
          environment: 'jsdom',
          include: ['pwa/**/*.test.{ts,tsx}'],
          exclude: ['pwa/e2e/**'],
        },
      },
    ],
  },
});
