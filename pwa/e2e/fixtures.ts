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
  /** Resolves with the first mail (already received or arriving later) to `to` that matches; rejects after `timeoutMs`. */
  waitForMail(to: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
}

export interface E2eServer {
  /** http://127.0.0.1:<port> */
  url: string;
  dataDir: string;
  handle: AppHandle;
  mail: MailBox;
}

const STATIC_DIR = path.resolve(process.cwd(), 'dist/pwa');

function createMailBox(): { box: MailBox; add(mail: ReceivedMail): void } {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  return {
    add(mail) {
      mails.push(mail);
      for (const w of [...waiters]) w(mail);
    },
    box: {
      mails,
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

async function startSmtp(onMail: (mail: ReceivedMail) => void): Promise<{ port: number; close(): Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (smtp.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

export const test = base.extend<object, { server: E2eServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      if (!fs.existsSync(path.join(STATIC_DIR, 'index.html'))) {
        throw new Error(`${STATIC_DIR}/index.html is missing: run \`npm run build\` before the browser tests.`);
      }
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-e2e-'));
      const mailbox = createMailBox();
      const smtp = await startSmtp(mailbox.add);

      // Listen first, so the app knows its own URL (PUBLIC_URL: the links in its mails) before it is built.
      const server = http.createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
      const handle = createApp(config);
      server.on('request', handle.app);

      await provide({ url, dataDir, handle, mail: mailbox.box });

      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, provide) => {
    await provide(server.url);
  },
});

export { expect };
