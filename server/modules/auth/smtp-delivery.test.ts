/** End to end over real SMTP: registration queues the confirmation, the outbox worker delivers it to an SMTP server. */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, registerViaApi, startTestServer, type TestServer } from '../../test/helpers.js';

let smtp: SMTPServer;
const received: ParsedMail[] = [];
let waiters: (() => void)[] = [];
// Logins hash with scrypt; under a loaded parallel run a test with many of them needs more than 5 s.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let t: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'IZZ <no-reply@izz.test>', MAIL_POLL_INTERVAL_MS: '100' }, { startMailWorker: true });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const waitFor = async (predicate: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for mail');
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
  waiters = [];
};

describe('confirmation mail over SMTP', () => {
  it('arrives in the registrant language with HTML and text, and its link confirms the address', async () => {
    expect((await registerViaApi(t, { email: 'smtp@example.org', locale: 'sl' })).status).toBe(201);
    await waitFor(() => received.some((m) => m.subject === 'Potrdite svoj e-poštni naslov'));
    const mail = received.find((m) => m.subject === 'Potrdite svoj e-poštni naslov') as ParsedMail;
    expect(mail.from?.text).toContain('no-reply@izz.test');
    expect(JSON.stringify(mail.to)).toContain('smtp@example.org');
    expect(mail.headers.get('content-language')).toBe('sl');
    expect(mail.html).toContain('#0b4f5c');
    const token = /[?&]token=([^&\s"]+)/.exec(mail.text ?? '')?.[1] as string;
    expect(mail.text).toContain(`${t.handle.config.origin}/potrditev-e-poste?token=`);
    const confirmed = await call(t, 'POST', '/api/auth/confirm-email', { body: { token: decodeURIComponent(token) } });
    expect(confirmed.status).toBe(200);
    expect((await t.handle.db.get<{ status: string }>("SELECT status FROM mail_outbox WHERE to_address = 'smtp@example.org'"))?.status).toBe('sent');
  });
});
