import { defineConfig } from 'vitest/config';

// Unit and API tests. Browser journeys are Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'print/**/*.test.ts', 'scripts/**/*.test.ts'],
          pool: 'forks',
          // One throwaway PostgreSQL cluster for the run: inject('pgUrl') (null without PostgreSQL, outside CI).
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
