/**
 * Playwright fixtures. Every worker starts its own server in-process: createApp(config) over a
 * fresh temp DATA_DIR, serving the built dist/pwa, listening on an ephemeral port; `baseURL`
 * points at it, so specs use relative URLs (page.goto('/en/blogs')).
 *
 *   import { test, expect } from './fixtures';
 *   test('…', async ({ page, server }) => { server.url; server.dataDir; server.handle.db; });
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { createApp, type AppHandle } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';

export interface E2eServer {
  /** http://127.0.0.1:<port> */
  url: string;
  dataDir: string;
  handle: AppHandle;
}

const STATIC_DIR = path.resolve(process.cwd(), 'dist/pwa');

export const test = base.extend<object, { server: E2eServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      if (!fs.existsSync(path.join(STATIC_DIR, 'index.html'))) {
        throw new Error(`${STATIC_DIR}/index.html is missing: run \`npm run build\` before the browser tests.`);
      }
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-e2e-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        STATIC_DIR,
        LOG_LEVEL: 'silent',
        MARKET: 'hr',
        OPERATOR_EMAIL: 'operator@example.com',
        ALTCHA_MAX_NUMBER: '1000',
      });
      const handle = createApp(config, { startMailWorker: false });
      const server = await new Promise<Server>((resolve, reject) => {
        const s = handle.app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
      });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await provide({ url, dataDir, handle });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, provide) => {
    await provide(server.url);
  },
});

export { expect };
