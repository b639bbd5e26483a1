import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', '.build-test-*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // One-way imports (style.md): shared/ imports nothing from the other parts.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/pwa/**', '**/print/**'] }],
    },
  },
  {
    // print/ renders what it is given: it imports only shared/ (its tests may build figures with the server's helpers).
    files: ['print/**/*.ts'],
    ignores: ['print/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/pwa/**'] }],
    },
  },
  {
    // The PWA talks to the server over HTTP only (the e2e specs start a server, so they may import it);
    // it loads the locale files itself (shared/i18n/node and shared/errors/node read them from disk, for the server and print).
    files: ['pwa/**/*.{ts,tsx}'],
    ignores: ['pwa/e2e/**', 'pwa/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/print/**', '**/shared/i18n/node', '**/shared/errors/node'] }],
    },
  },
  {
    // One-way imports in the PWA: lib/, components/, db/, sync/, session/ and i18n/ sit below features/ and app/.
    files: ['pwa/{lib,components,db,sync,session,i18n}/**/*.{ts,tsx}'],
    ignores: ['pwa/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/app/**', '**/features/**', '**/server/**', '**/print/**', '**/shared/i18n/node'] }],
    },
  },
  {
    // The database is async (server/db/connection.ts): a promise that is neither awaited nor handled is a bug, so the
    // server, its tests, the scripts and the browser tests (which reach the database) are linted with type information.
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'pwa/e2e/**/*.ts', 'print/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  // A feature does not import another feature: what two features need moves down to components/, lib/, db/ or sync/.
  ...featureBoundaries(),
  // A server module uses another only through its public entry (server/modules/<module>/index.ts).
  ...serverModuleBoundaries(),
  {
    // The layers below the modules (middleware, lib, jobs, db, seed) and the composition root (app.ts, index.ts) use a
    // module only through its public entry.
    files: ['server/{middleware,lib,jobs,db,seed}/**/*.ts', 'server/app.ts', 'server/index.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/modules/*/*', '!**/modules/*/index.js'] }],
    },
  },
);

function featureBoundaries() {
  const features = fs.readdirSync(`${import.meta.dirname}/pwa/features`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return features.map((feature) => ({
    files: [`pwa/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['pwa/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...features.filter((f) => f !== feature).flatMap((f) => [`**/features/${f}/**`, `../${f}/**`, `../${f}`]),
            // features sit below app/: the shell's state and guards are in session/, error pages in components/
            '**/app/**',
            '**/server/**',
            '**/print/**',
            '**/shared/i18n/node',
            '**/shared/errors/node',
          ],
        },
      ],
    },
  }));
}

function serverModuleBoundaries() {
  const modules = fs.readdirSync(`${import.meta.dirname}/server/modules`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return modules.map((module) => ({
    files: [`server/modules/${module}/**/*.ts`],
    ignores: ['server/**/*.test.ts', 'server/**/testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: modules
            .filter((m) => m !== module)
            .flatMap((m) => ['../', '../../', '../../../'].flatMap((up) => [`${up}${m}/**`, `!${up}${m}/index.js`])),
        },
      ],
    },
  }));
}
