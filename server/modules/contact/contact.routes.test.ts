import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { altchaChallengeSchema, type AltchaChallenge } from '../../../shared/schemas/contact.js';
import type { MailRow } from '../mail/mail.repo.js';
import { json, solveAltcha, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ CONTACT_RATE_LIMIT: '50' });
});
afterAll(() => t.close());

async function challenge(server: TestServer = t): Promise<AltchaChallenge> {
  const res = await server.fetch('/api/contact/challenge');
  expect(res.status).toBe(200);
  return altchaChallengeSchema.parse(await res.json());
}

const message = {
  name: 'Ana <b>Novak</b>',
  email: 'ana.novak@example.org',
  company: 'Primer & Co. d.o.o.',
  phone: '+386 40 123 456',
  message: 'Zanima me raziskava za 120 zaposlenih. <script>alert(1)</script>',
  locale: 'sl',
};

function post(body: unknown, headers: Record<string, string> = {}, server: TestServer = t): Promise<Response> {
  return server.fetch('/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const outbox = async (server: TestServer = t) => await server.handle.db.all<MailRow>('SELECT * FROM mail_outbox ORDER BY id');

describe('GET /api/contact/challenge', () => {
  it('issues a signed challenge a browser solves quickly, expiring in 10 minutes', async () => {
    const c = await challenge();
    expect(c.algorithm).toBe('SHA-256');
    expect(c.maxnumber).toBe(1000);
    const expires = Number(new URLSearchParams(c.salt.split('?')[1]).get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((await challenge()).challenge).not.toBe(c.challenge);
  });
});

describe('POST /api/contact', () => {
  it('queues one mail to the operator only, reply-to the visitor, with escaped content', async () => {
    const altcha = await solveAltcha(await challenge());
    const res = await post({ ...message, altcha, to: 'victim@example.net', email_to: 'victim@example.net' }, { Origin: t.baseUrl });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ data: { status: 'queued' } });

    const rows = await outbox();
    expect(rows).toHaveLength(1);
    const mail = rows[0] as MailRow;
    expect(mail.to_address).toBe('operator@example.com');
    expect(mail.reply_to).toBe('"Ana <b>Novak</b>" <ana.novak@example.org>');
    expect(mail.status).toBe('queued');
    expect(mail.locale).toBe('sl');
    expect(mail.subject).toBe('Novo sporočilo s kontaktnega obrazca: Ana <b>Novak</b>');
    expect(mail.html).toContain('Ana &lt;b&gt;Novak&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Primer &amp; Co. d.o.o.');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Novak');
    expect(mail.text).toContain('Telefon: +386 40 123 456');
    expect(mail.text).toContain('E-pošta: ana.novak@example.org');
    expect(JSON.stringify(rows)).not.toContain('victim@example.net');

    // The worker captures it as an .eml (no SMTP_URL in tests).
    expect(await t.handle.mailWorker.tick()).toBe(1);
    const captured = (await outbox())[0] as MailRow;
    expect(captured.status).toBe('captured');
    const eml = fs.readFileSync(path.join(t.dataDir, 'outbox', `${String(captured.id).padStart(6, '0')}.eml`), 'utf8');
    expect(eml).toMatch(/^To: operator@example.com$/m);
    expect(eml).toMatch(/^Reply-To: .*ana\.novak@example\.org/m);
  });

  it('refuses a replayed solution', async () => {
    const altcha = await solveAltcha(await challenge());
    expect((await post({ ...message, altcha })).status).toBe(202);
    const replay = await post({ ...message, altcha }, { 'Accept-Language': 'en' });
    expect(replay.status).toBe(422);
    const body = await json<ErrorJson>(replay);
    expect(body.error.code).toBe('bot-check-failed');
    expect(body.error.message).toBe('The security check failed. Please try again.');
  });

  it('refuses a missing, a wrong and a forged solution', async () => {
    const before = (await outbox()).length;
    const missing = await post({ ...message, altcha: undefined }, { 'Accept-Language': 'sl' });
    expect(missing.status).toBe(422);
    const missingBody = await json<ErrorJson>(missing);
    expect(missingBody.error.code).toBe('validation-failed');
    expect(missingBody.error.details?.map((d) => d.path)).toEqual(['altcha']);

    const c = await challenge();
    const good = JSON.parse(Buffer.from(await solveAltcha(c), 'base64').toString()) as { number: number };
    const wrong = Buffer.from(JSON.stringify({ ...good, number: good.number + 1 })).toString('base64');
    const wrongRes = await post({ ...message, altcha: wrong }, { 'Accept-Language': 'sl' });
    expect(wrongRes.status).toBe(422);
    expect(await wrongRes.json()).toEqual({ error: { code: 'bot-check-failed', message: 'Varnostno preverjanje ni uspelo. Poskusite znova.' } });

    const forged = Buffer.from(JSON.stringify({ ...good, signature: 'f'.repeat(64) })).toString('base64');
    expect((await post({ ...message, altcha: forged })).status).toBe(422);
    expect((await post({ ...message, altcha: 'not base64 json' })).status).toBe(422);
    expect((await outbox()).length).toBe(before);
  });

  it('collects every invalid field into details', async () => {
    const res = await post({ name: 'A', email: 'nope', message: 'short', locale: 'xx', altcha: '' }, { 'Accept-Language': 'en' });
    expect(res.status).toBe(422);
    const body = await json<ErrorJson>(res);
    expect(body.error.details?.map((d) => d.path).sort()).toEqual(['altcha', 'email', 'locale', 'message', 'name']);
    for (const d of body.error.details ?? []) expect(d.message.length).toBeGreaterThan(0);
  });

  it('answers 400 for malformed JSON and 415 for a body that is not JSON', async () => {
    const malformed = await post('{"name": ', { 'Accept-Language': 'sl' });
    expect(malformed.status).toBe(400);
    const body = await json<ErrorJson>(malformed);
    expect(body.error.code).toBe('validation-failed');
    expect(body.error.message).toBe('Nekateri podatki niso veljavni. Preverite označena polja.');
    const text = await t.fetch('/api/contact', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(415);
    expect((await json<ErrorJson>(text)).error.code).toBe('unsupported-media-type');
  });

  it('answers 413 payload-too-large for a body over BODY_LIMIT', async () => {
    const res = await post({ ...message, message: 'x'.repeat(200_000), altcha: 'x' }, { 'Accept-Language': 'en' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 'payload-too-large', message: 'The data sent is too large.' } });
  });

  it('answers 403 invalid-origin for a foreign Origin and accepts PUBLIC_URL', async () => {
    const foreign = await post({ ...message, altcha: 'x' }, { Origin: 'https://evil.example', 'Accept-Language': 'sl' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: { code: 'invalid-origin', message: 'Zahteva je prišla s strani, ki je ne sme poslati.' } });
    expect((await post({ ...message, altcha: 'x' }, { Origin: 'null' })).status).toBe(403);
    expect((await post({ ...message, altcha: 'x' }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    // Any state-changing method, even on unknown paths, is checked first.
    expect((await t.fetch('/api/anything', { method: 'DELETE', headers: { Origin: 'https://evil.example' } })).status).toBe(403);
  });
});

describe('POST /api/contact rate limit and PUBLIC_URL origin', () => {
  it('answers 429 rate-limited after CONTACT_RATE_LIMIT attempts per window', async () => {
    const server = await startTestServer({ CONTACT_RATE_LIMIT: '3', PUBLIC_URL: 'https://izz.example.com' });
    try {
      const publicOrigin = await post({ ...message, altcha: 'x' }, { Origin: 'https://izz.example.com' }, server);
      expect(publicOrigin.status).toBe(422);
      expect((await json<ErrorJson>(publicOrigin)).error.code).toBe('bot-check-failed');
      expect((await post({ ...message, altcha: 'x' }, {}, server)).status).toBe(422);
      expect((await post({ ...message, altcha: 'x' }, {}, server)).status).toBe(422);
      const limited = await post({ ...message, altcha: 'x' }, { 'Accept-Language': 'sl' }, server);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ error: { code: 'rate-limited', message: 'Preveč poskusov. Počakajte trenutek in poskusite znova.' } });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Other calls are not limited.
      expect((await server.fetch('/api/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
