/** Start-up and graceful shutdown of the real entry point (server/index.ts) in a child process. */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/build-server.js';
import { REPO_ROOT } from './config.js';
import { DEMO_USER } from './seed/seed.js';
import { startServerProcess } from './test/server-process.js';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The entry point from source (through tsx), or a compiled server file run by plain node. */
function startServer(env: Record<string, string>, compiled?: string) {
  const s = startServerProcess(env, compiled ? { compiled } : {});
  children.push(s.child);
  dirs.push(s.dir);
  return s;
}

describe('server/index.ts', () => {
  it('listens, finishes an in-flight request on SIGTERM, closes the database and exits 0', async () => {
    const s = startServer({});
    const port = await s.listening;
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // A slow upload is in flight when SIGTERM arrives: it must still get its answer.
    const body = JSON.stringify({ name: 'Ana', email: 'a@example.org', message: 'Hello there, a message.', locale: 'en', altcha: 'x' });
    const encoder = new TextEncoder();
    let sendRest!: () => void;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(body.slice(0, 10)));
        sendRest = () => {
          controller.enqueue(encoder.encode(body.slice(10)));
          controller.close();
        };
      },
    });
    const inFlight = fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 200));
    s.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    sendRest();
    const killedAt = Date.now();
    const res = await inFlight;
    expect(res.status).toBe(422); // answered (the bot check fails), not cut off
    expect(await s.exited).toBe(0);
    expect(Date.now() - killedAt).toBeLessThan(3000);
    expect(s.output()).toContain('shutdown complete');
    // The database was closed cleanly: the WAL was checkpointed away.
    expect(fs.existsSync(path.join(s.dir, 'izz.sqlite-wal'))).toBe(false);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 20_000);

  it('refuses to start with a bad variable and names it', async () => {
    const s = startServer({ MARKET: 'xx' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('MARKET');
  }, 20_000);
});

describe('the compiled server (npm run build, npm start)', () => {
  it('runs on plain node without a transpiler: migrates, seeds, answers in the request language', async () => {
    // one level below the project, like build/server.js
    const out = fs.mkdtempSync(path.join(REPO_ROOT, '.build-test-'));
    dirs.push(out);
    const file = await buildServer(REPO_ROOT, path.join(out, 'server.js'));
    const s = startServer({ SEED_DEMO_MARKET: 'true' }, file);
    const port = await s.listening;
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(s.output()).toContain('"msg":"seeded the demo market"');
    const me = await fetch(`${base}/api/me`, { headers: { 'X-Locale': 'sl' } });
    expect(me.status).toBe(401);
    expect(((await me.json()) as { error: { message: string } }).error.message).toBe('Za nadaljevanje se prijavite.');
    // the first-start content was seeded: the partner logo, the demo market (above), and the demo user can log in
    expect((await fetch(`${base}/api/partner-logo`)).status).toBe(200);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { Origin: base, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
    });
    expect(login.status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 60_000);
});
