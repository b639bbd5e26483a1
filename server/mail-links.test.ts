/**
 * Links the platform hands out (mailed confirmation, reset and e-mail change links, invitations and reminders, the
 * approval mail, the code lists) are built on the configured origin (config.origin: PUBLIC_URL, or
 * http://localhost:PORT without it), never on the Host a request names: a forged `Host: evil.example` must not
 * make the platform mail a victim's token to evil.example.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfText } from '../print/pdf-text.js';
import { adminCookie, call, challengeFor, createCompanyAccount, json, registrationBody, startTestServer, type TestServer } from './test/helpers.js';

const FORGED = 'evil.example';

/**
 * A request with a forged Host (and X-Forwarded-Host / -Proto, which TRUST_PROXY would honour) and the matching
 * Origin, as a script would send it: fetch cannot set Host, node:http can.
 */
function forged(t: TestServer, method: string, pathname: string, options: { body?: unknown; cookie?: string } = {}): Promise<{ status: number; body: Buffer }> {
  const target = new URL(t.baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: pathname,
        headers: {
          Host: FORGED,
          'X-Forwarded-Host': FORGED,
          'X-Forwarded-Proto': 'https',
          Origin: `https://${FORGED}`,
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(options.cookie ? { Cookie: options.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const mailsTo = (t: TestServer, to: string) =>
  t.handle.db.all<{ subject: string; text: string; html: string }>('SELECT subject, text, html FROM mail_outbox WHERE to_address = ? ORDER BY id', [to]);

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('mailed links without PUBLIC_URL (development)', () => {
  it('point at http://localhost:PORT for registration, resend, password reset and e-mail change, whatever Host the request named', async () => {
    t = await startTestServer({ PORT: '4173', TRUST_PROXY: '1' });
    const origin = 'http://localhost:4173';
    expect(t.handle.config.origin).toBe(origin);

    const email = 'forged-host@example.org';
    const registered = await forged(t, 'POST', '/api/auth/register', { body: registrationBody({ email, locale: 'en', altcha: await challengeFor(t) }) });
    expect(registered.status).toBe(201);
    expect((await forged(t, 'POST', '/api/auth/confirm-email/resend', { body: { email, locale: 'en' } })).status).toBe(202);
    expect((await forged(t, 'POST', '/api/auth/forgot-password', { body: { email: 'demo@example.com', locale: 'sl' } })).status).toBe(202);
    const account = await createCompanyAccount(t, { locale: 'en' });
    const changed = await forged(t, 'POST', '/api/profile/email', { cookie: account.cookie, body: { new_email: 'moved-forged@example.org', current_password: account.password, locale: 'en' } });
    expect(changed.status).toBe(202);

    const [confirmation, resent] = await mailsTo(t, email);
    const reset = (await mailsTo(t, 'demo@example.com')).at(-1);
    const [change] = await mailsTo(t, 'moved-forged@example.org');
    expect(confirmation?.text).toContain(`${origin}/en/confirm-email?token=`);
    expect(resent?.text).toContain(`${origin}/en/confirm-email?token=`);
    expect(reset?.text).toContain(`${origin}/ponastavitev-gesla?token=`);
    expect(change?.text).toContain(`${origin}/en/confirm-email?token=`);
    for (const mail of [confirmation, resent, reset, change]) {
      expect(mail?.html).toContain(`href="${origin}/`);
      expect(`${mail?.text ?? ''}${mail?.html ?? ''}`).not.toContain(FORGED);
    }
  });
});

describe('links with PUBLIC_URL', () => {
  it('point at PUBLIC_URL whatever Host the request named', async () => {
    t = await startTestServer({ PUBLIC_URL: 'https://izz.example.com', TRUST_PROXY: '1' });
    expect((await forged(t, 'POST', '/api/auth/forgot-password', { body: { email: 'demo@example.com', locale: 'en' } })).status).toBe(202);
    const reset = (await mailsTo(t, 'demo@example.com')).at(-1);
    expect(reset?.text).toContain('https://izz.example.com/ponastavitev-gesla?token=');
    expect(`${reset?.text ?? ''}${reset?.html ?? ''}`).not.toContain(FORGED);
  });
});

describe('survey links without PUBLIC_URL', () => {
  it('approval mail, invitation and reminder jobs, manual reminders and code lists use the configured origin', async () => {
    const clock = () => new Date('2030-03-01T09:00:00Z');
    t = await startTestServer({ PORT: '4173', TRUST_PROXY: '1', TIME_ZONE: 'Europe/Ljubljana' }, { clock, startScheduler: false });
    const origin = 'http://localhost:4173';
    const company = await createCompanyAccount(t, { locale: 'en' });
    const created = await call(t, 'POST', '/api/applications', { cookie: company.cookie, body: { type: 'izz' } });
    const id = (await json<{ data: { id: number } }>(created)).data.id;
    const draft = {
      details: {
        name: 'Links',
        collection: 'online',
        start_date: '2030-03-10',
        end_date: '2030-03-31',
        employees: 10,
        online_respondents: 3,
        offline_respondents: 0,
        code_type: 'different',
        invitation_date: '2030-03-10',
        invitation_time: '09:00',
        reminder_date: '2030-03-15',
        reminder_time: '09:00',
        languages: ['en'],
        respondent_emails: [
          { email: 'worker-a@links.test', language: 'en' },
          { email: 'worker-b@links.test', language: 'en' },
        ],
      },
    };
    expect((await call(t, 'PUT', `/api/applications/${id}/draft`, { cookie: company.cookie, body: { draft } })).status).toBe(200);
    expect((await call(t, 'POST', `/api/applications/${id}/submit`, { cookie: company.cookie })).status).toBe(200);
    expect((await forged(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: await adminCookie(t) })).status).toBe(200);

    // The approval mail to the company, and the origin the invitation and reminder jobs will build their links on.
    const approval = (await mailsTo(t, company.email)).at(-1);
    expect(approval?.text).toContain(`${origin}/en/profile/izz/${String(id)}`);
    expect(`${approval?.text ?? ''}${approval?.html ?? ''}`).not.toContain(FORGED);
    const jobs = await t.handle.db.all<{ kind: string; payload: string }>("SELECT kind, payload FROM jobs WHERE kind IN ('application.invite', 'application.remind') ORDER BY kind");
    const payloads = jobs.map((j) => ({ kind: j.kind, ...(JSON.parse(j.payload) as { surveyId: number; origin: string }) })).filter((p) => p.surveyId === id);
    expect(payloads.map((p) => [p.kind, p.origin])).toEqual([
      ['application.invite', origin],
      ['application.remind', origin],
    ]);

    // The code slips (the one online code without an e-mail) print the questionnaire's address.
    const slips = await forged(t, 'GET', `/api/applications/${id}/codes?format=pdf`, { cookie: company.cookie });
    expect(slips.status).toBe(200);
    const slipText = pdfText(new Uint8Array(slips.body));
    expect(slipText).toContain('localhost:4173/en/questionnaire');
    expect(slipText).not.toContain(FORGED);

    expect((await forged(t, 'POST', `/api/applications/${id}/reminders`, { cookie: company.cookie })).status).toBe(200);
    for (const to of ['worker-a@links.test', 'worker-b@links.test']) {
      const reminder = (await mailsTo(t, to)).at(-1);
      expect(reminder?.text).toContain(`${origin}/en/questionnaire?code=`);
      expect(`${reminder?.text ?? ''}${reminder?.html ?? ''}`).not.toContain(FORGED);
    }
  });
});
