/**
 * Test helpers: a real server on an ephemeral port over a temp DATA_DIR (and a tiny fake PWA build),
 * a session cookie for the seeded demo user, and an altcha solver.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { SESSION_COOKIE_NAME } from '../../shared/constants.js';
import type { AltchaChallenge } from '../../shared/schemas/contact.js';
import { createApp, type AppHandle, type AppOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { DEMO_USER } from '../db/seed.js';

export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="sl">
  <head><meta charset="utf-8"><title>Izbor zaposlovalca</title><script type="module" src="/assets/index-abc123.js"></script></head>
  <body><div id="root"></div></body>
</html>
`;

/** The administrator every test server creates. */
export const ADMIN = { email: 'admin@example.com', password: 'admin-secret-1' } as const;

export function makeTempDir(prefix = 'izz-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A fake `vite build` output: index.html, a hashed asset, sw.js and the manifest. */
export function makeFakeDist(root: string): string {
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), FAKE_INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});\n');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"IZZ"}\n');
  return dist;
}

export interface TestServer {
  handle: AppHandle;
  server: Server;
  baseUrl: string;
  dataDir: string;
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Starts createApp(config) with a temp DATA_DIR and listens on port 0. `env` overrides variables. */
export async function startTestServer(env: Record<string, string> = {}, options: AppOptions = {}): Promise<TestServer> {
  const dataDir = makeTempDir();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    STATIC_DIR: makeFakeDist(dataDir),
    LOG_LEVEL: 'silent',
    OPERATOR_EMAIL: 'operator@example.com',
    OPERATOR_LOCALE: 'sl',
    ALTCHA_MAX_NUMBER: '1000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ACCOUNT_RATE_LIMIT: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    ...env,
  });
  const handle = createApp(config, { startMailWorker: false, ...options });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = handle.app.listen(0, '127.0.0.1', (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    handle,
    server,
    baseUrl,
    dataDir,
    fetch: (pathname, init) => fetch(baseUrl + pathname, init),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Cookie header value for a fresh session of the seeded demo user (demo@example.com). */
export async function demoSessionCookie(handle: AppHandle): Promise<string> {
  const user = handle.services.auth.findUserByEmail(DEMO_USER.email);
  if (!user) throw new Error('The demo user is not seeded (SEED_DEMO=false?)');
  const session = await handle.services.auth.createSession(user.id, { userAgent: 'vitest', platform: 'test', device: 'desktop' });
  return `${SESSION_COOKIE_NAME}=${session.token}`;
}

/** Solves an altcha challenge like the browser widget does; returns the base64 payload for `altcha`. */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('altcha challenge could not be solved');
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface ErrorJson {
  error: { code: string; message: string; details?: { location: string; path: string; code?: string; message: string }[] };
}
