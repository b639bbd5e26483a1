/**
 * Playwright fixtures. Every worker starts its own server in-process: createApp(config) over a
 * fresh temp DATA_DIR, serving the built dist/pwa, listening on an ephemeral port; `baseURL`
 * points at it, so specs use relative URLs (page.goto('/en/blogs')).
 *
 * Each worker also runs a real SMTP server (smtp-server on 127.0.0.1, any port) that the app's
 * mail worker delivers to (SMTP_URL, polling every 100 ms); every mail is parsed with mailparser
 * into server.mail, and specs wait for one with server.mail.waitForMail(to, predicate).
 *
 *   import { test, expect } from './fixtures';
 *   test('…', async ({ page, server }) => { server.url; server.dataDir; server.handle.db; await server.mail.waitForMail('a@b.si'); });
 *
 * Time: the server runs on server.clock, which follows the real time until a test sets it
 * (server.clock.set('2030-03-04T08:00:00Z'), .advance(ms)); then it stands still where it was put.
 * Nothing polls on it for the test: `await server.runDueJobs()` runs the scheduler's due jobs and
 * then sends the mail they queued (the mail worker's own 100 ms timer keeps running too). After
 * every test the clock goes back to the real time.
 *
 * SMTP outage: `await server.mail.stop()` closes the SMTP server (connections are refused), and
 * `await server.mail.start()` listens again on the same port; a stopped server is restarted after
 * the test.
 *
 * Server crash: `await server.stop()` kills the HTTP server and the app (connections dropped, database
 * closed) and `await server.restart()` starts a new app on the same port and DATA_DIR (server.handle
 * then is the new one); a stopped server is restarted after the test.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createApp, type AppHandle } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';

export interface ReceivedMail {
  /** Lower-cased recipient addresses from the SMTP envelope. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  receivedAt: number;
}

export interface MailBox {
  readonly mails: readonly ReceivedMail[];
  /** Stops the SMTP server: sending fails (connection refused) until start(). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  readonly running: boolean;
  /** Resolves with the first mail (already received or arriving later) to `to` that matches; rejects after `timeoutMs`. */
  waitForMail(to: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
}

/** The server's clock: the real time until set, then fixed (and moved only by set/advance). */
export interface E2eClock {
  (): Date;
  /** Stops the clock at this instant. */
  set(to: Date | string): void;
  /** Moves the (stopped) clock forward by ms; a running clock stops at now + ms. */
  advance(ms: number): void;
  /** Back to the real time. */
  reset(): void;
}

export function createE2eClock(): E2eClock {
  let fixed: number | null = null;
  const clock = (() => new Date(fixed ?? Date.now())) as E2eClock;
  clock.set = (to) => {
    const time = new Date(to).getTime();
    if (Number.isNaN(time)) throw new Error(`clock.set: invalid time ${String(to)}`);
    fixed = time;
  };
  clock.advance = (ms) => {
    fixed = (fixed ?? Date.now()) + ms;
  };
  clock.reset = () => {
    fixed = null;
  };
  return clock;
}

export interface E2eServer {
  /** http://127.0.0.1:<port> */
  url: string;
  dataDir: string;
  handle: AppHandle;
  mail: MailBox;
  /** The server's clock (createApp(config, { clock })). */
  clock: E2eClock;
  /** Runs every job due at server.clock now, then delivers the mail queued so far. Resolves with how many jobs ran. */
  runDueJobs(): Promise<number>;
  /** Kills the HTTP server and the app (connections dropped, database closed), as a crash would. */
  stop(): Promise<void>;
  /** Starts the app again on the same port and DATA_DIR (server.handle is the new app). */
  restart(): Promise<void>;
  /** False between stop() and restart(); a stopped server is restarted after the test. */
  readonly running: boolean;
}

const STATIC_DIR = path.resolve(process.cwd(), 'dist/pwa');

function createMailBox(smtp: { stop(): Promise<void>; start(): Promise<void>; readonly running: boolean }): { box: MailBox; add(mail: ReceivedMail): void } {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  return {
    add(mail) {
      mails.push(mail);
      for (const w of [...waiters]) w(mail);
    },
    box: {
      mails,
      stop: () => smtp.stop(),
      start: () => smtp.start(),
      get running() {
        return smtp.running;
      },
      waitForMail(to, predicate = () => true, timeoutMs = 15_000) {
        const address = to.toLowerCase();
        const matches = (m: ReceivedMail) => m.to.includes(address) && predicate(m);
        const found = mails.find(matches);
        if (found) return Promise.resolve(found);
        return new Promise<ReceivedMail>((resolve, reject) => {
          const waiter = (m: ReceivedMail) => {
            if (!matches(m)) return;
            waiters.delete(waiter);
            clearTimeout(timer);
            resolve(m);
          };
          const timer = setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`));
          }, timeoutMs);
          waiters.add(waiter);
        });
      },
    },
  };
}

interface SmtpControl {
  port: number;
  readonly running: boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1; stop() and start() close it and listen again on the same port. */
async function startSmtp(onMail: (mail: ReceivedMail) => void): Promise<SmtpControl> {
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // stop(): the port is closed at once; a connection still open is ended after 200 ms.
      closeTimeout: 200,
      onData(stream, session, callback) {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        simpleParser(stream).then(
          (parsed) => {
            const headers: Record<string, string> = {};
            for (const [k, v] of parsed.headers) headers[k] = typeof v === 'string' ? v : JSON.stringify(v);
            onMail({ to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '', headers, receivedAt: Date.now() });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  const listen = (smtp: SMTPServer, port: number) =>
    new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(port, '127.0.0.1', () => {
        smtp.off('error', reject);
        resolve();
      });
    });
  let smtp: SMTPServer | null = create();
  await listen(smtp, 0);
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    port,
    get running() {
      return smtp !== null;
    },
    async stop() {
      const current = smtp;
      if (!current) return;
      smtp = null;
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (smtp) return;
      const next = create();
      await listen(next, port);
      smtp = next;
    },
  };
}

export const test = base.extend<{ serverReset: void }, { server: E2eServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      if (!fs.existsSync(path.join(STATIC_DIR, 'index.html'))) {
        throw new Error(`${STATIC_DIR}/index.html is missing: run \`npm run build\` before the browser tests.`);
      }
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-e2e-'));
      let deliver: (mail: ReceivedMail) => void = () => undefined;
      const smtp = await startSmtp((mail) => deliver(mail));
      const mailbox = createMailBox(smtp);
      deliver = mailbox.add;
      const clock = createE2eClock();

      // Listen first, so the app knows its own URL (PUBLIC_URL: the links in its mails) before it is built.
      const listen = (srv: http.Server, port: number) =>
        new Promise<void>((resolve, reject) => {
          srv.once('error', reject);
          srv.listen(port, '127.0.0.1', () => resolve());
        });
      let server = http.createServer();
      await listen(server, 0);
      const port = (server.address() as AddressInfo).port;
      const url = `http://127.0.0.1:${port}`;
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        STATIC_DIR,
        LOG_LEVEL: 'silent',
        MARKET: 'hr',
        OPERATOR_EMAIL: 'operator@example.com',
        ALTCHA_MAX_NUMBER: '1000',
        PUBLIC_URL: url,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_POLL_INTERVAL_MS: '100',
        MAIL_RETRY_BASE_MS: '100',
        ADMIN_PASSWORD: 'admin-e2e-password',
        // Several journeys per worker register and reset from the same address.
        ACCOUNT_RATE_LIMIT: '100',
      });
      let handle = await createApp(config, { clock });
      server.on('request', handle.app);
      let running = true;
      const runDueJobs = async () => {
        const ran = await handle.scheduler.tick();
        await handle.mailWorker.tick();
        return ran;
      };
      const stop = async () => {
        if (!running) return;
        running = false;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await handle.close();
      };
      const restart = async () => {
        await stop();
        handle = await createApp(config, { clock });
        server = http.createServer(handle.app);
        await listen(server, port);
        running = true;
      };

      await provide({
        url,
        dataDir,
        get handle() {
          return handle;
        },
        mail: mailbox.box,
        clock,
        runDueJobs,
        stop,
        restart,
        get running() {
          return running;
        },
      });

      await stop();
      await smtp.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, provide) => {
    await provide(server.url);
  },
  // After every test: the real time again and a listening SMTP server, whatever the test did.
  serverReset: [
    async ({ server }, provide) => {
      await provide();
      server.clock.reset();
      await server.mail.start();
      if (!server.running) await server.restart();
    },
    { auto: true },
  ],
});

export { expect };
