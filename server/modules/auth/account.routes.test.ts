/** Accounts API: register, confirm (and resend), login/logout with device metadata, forgot/reset password, tokens. */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentUserSchema } from '../../../shared/schemas/user.js';
import type { MailRow } from '../mail/mail.repo.js';
import {
  accountSnapshot,
  call,
  challengeFor,
  createCompanyAccount,
  json,
  loginCookie,
  registerViaApi,
  registrationBody,
  startTestServer,
  tokenFromMail,
  type ErrorJson,
  type TestServer,
} from '../../test/helpers.js';

// Logins hash with scrypt; under a loaded parallel run a test with many of them needs more than 5 s.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const mailsTo = async (to: string) => await t.handle.db.all<MailRow>('SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY id', [to]);
const userRow = async (email: string) => await t.handle.db.get<Record<string, unknown>>('SELECT * FROM users WHERE email = ?', [email]);
const liveSessions = async (userId: number) =>
  (await t.handle.db.all<{ id: string }>('SELECT id FROM sessions WHERE user_id = ? AND revoked_at IS NULL', [userId])).map((r) => r.id);

describe('POST /api/auth/register', () => {
  it('creates the company and an unverified user, queues the confirmation in the chosen language, and does not log in', async () => {
    const res = await registerViaApi(t, { email: 'Reg.One@Example.org', locale: 'en', tax_number: 'HR 694-351-515-30' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ data: { status: 'confirmation-sent' } });
    expect(res.headers.get('set-cookie')).toBeNull();
    const user = await userRow('reg.one@example.org');
    expect(user).toMatchObject({ email: 'reg.one@example.org', email_verified_at: null, scope: '["company"]', locale: 'en', first_name: 'Ana', name: 'Ana Horvat' });
    expect(String(user?.password_hash)).toMatch(/^scrypt\$/);
    const company = await t.handle.db.get<Record<string, unknown>>('SELECT * FROM companies WHERE id = ?', [user?.company_id]);
    expect(company).toMatchObject({ name: 'Primjer d.o.o.', country: 'hr', tax_number: '69435151530', industry: 'J', city: 'Zagreb', verified_at: null });
    const [mail] = await mailsTo('reg.one@example.org');
    expect(mail?.locale).toBe('en');
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect(mail?.text).toContain(`${t.handle.config.origin}/en/confirm-email?token=`);
    expect(mail?.html).toContain('#0b4f5c');
  });

  it('writes the mail in Slovenian for locale sl, with the Slovenian path', async () => {
    expect((await registerViaApi(t, { email: 'sl@example.org', locale: 'sl' })).status).toBe(201);
    const [mail] = await mailsTo('sl@example.org');
    expect(mail?.subject).toBe('Potrdite svoj e-poštni naslov');
    expect(mail?.text).toContain('Za dokončanje registracije potrdite svoj e-poštni naslov.');
    expect(mail?.text).toContain(`${t.handle.config.origin}/potrditev-e-poste?token=`);
  });

  it('answers 409 email-taken for a registered address (any case) and changes nothing', async () => {
    const before = await accountSnapshot(t.handle);
    const res = await registerViaApi(t, { email: 'DEMO@example.com' });
    expect(res.status).toBe(409);
    expect((await json<ErrorJson>(res)).error.code).toBe('email-taken');
    // The used proof of work is the only trace.
    expect(await accountSnapshot(t.handle)).toBe(before);
  });

  it('answers 422 bot-check-failed for a missing, forged or reused proof of work', async () => {
    const forged = await call(t, 'POST', '/api/auth/register', { body: registrationBody({ email: 'bot@example.org', altcha: Buffer.from('{"signature":"x"}').toString('base64') }) });
    expect(forged.status).toBe(422);
    expect((await json<ErrorJson>(forged)).error.code).toBe('bot-check-failed');
    const altcha = await challengeFor(t);
    expect((await call(t, 'POST', '/api/auth/register', { body: registrationBody({ email: 'bot1@example.org', altcha }) })).status).toBe(201);
    const replay = await call(t, 'POST', '/api/auth/register', { body: registrationBody({ email: 'bot2@example.org', altcha }) });
    expect(replay.status).toBe(422);
    expect(await userRow('bot2@example.org')).toBeUndefined();
  });

  // Every rule of registrationSchema with a bad value: 422 validation-failed naming the field, in the page's language, nothing stored.
  const badValues: [string, Record<string, unknown>, string, string?][] = [
    ['company name missing', { company_name: '  ' }, 'company_name', 'To polje je obvezno.'],
    ['company name too long', { company_name: 'x'.repeat(201) }, 'company_name', 'Besedilo je predolgo.'],
    ['unknown country', { country: 'xx' }, 'country', 'Izberite eno od možnosti.'],
    ['unknown industry', { industry: 'Z9' }, 'industry', 'Izberite eno od možnosti.'],
    ['activity missing', { activity: '' }, 'activity'],
    ['street missing', { street: '' }, 'street'],
    ['house number too long', { house_number: '1'.repeat(21) }, 'house_number'],
    ['city missing', { city: '' }, 'city'],
    ['OIB with a wrong check digit', { tax_number: '69435151531' }, 'tax_number', 'Davčna številka ni veljavna.'],
    ['OIB with 10 digits', { tax_number: '6943515153' }, 'tax_number'],
    ['Slovenian tax number with a wrong check digit', { country: 'si', tax_number: '12345678' }, 'tax_number'],
    ['tax number missing', { tax_number: '' }, 'tax_number'],
    ['first name missing', { first_name: '' }, 'first_name'],
    ['surname missing', { last_name: '' }, 'last_name'],
    ['phone with letters', { phone: 'call me' }, 'phone', 'Vnesite veljavno telefonsko številko.'],
    ['bad e-mail', { email: 'not-an-email' }, 'email', 'Vnesite veljaven e-poštni naslov.'],
    ['password of 5 characters', { password: '12345', password_confirmation: '12345' }, 'password', 'Geslo mora imeti vsaj 6 znakov.'],
    ['confirmation differs', { password_confirmation: 'secret13' }, 'password_confirmation', 'Gesli se ne ujemata.'],
    ['terms not accepted', { terms_accepted: false }, 'terms_accepted', 'Sprejeti morate pogoje uporabe.'],
    ['unknown locale', { locale: 'xx' }, 'locale'],
    ['altcha missing', { altcha: '' }, 'altcha'],
  ];
  it.each(badValues)('%s -> 422 validation-failed on that field, nothing stored', async (_name, override, path, message) => {
    const before = await accountSnapshot(t.handle);
    const res = await call(t, 'POST', '/api/auth/register?lang=sl', { body: registrationBody({ email: 'invalid@example.org', ...override }) });
    expect(res.status).toBe(422);
    const body = await json<ErrorJson>(res);
    expect(body.error.code).toBe('validation-failed');
    const issue = body.error.details?.find((d) => d.path === path);
    expect(issue).toBeDefined();
    if (message) expect(issue?.message).toBe(message);
    expect(await accountSnapshot(t.handle)).toBe(before);
  });

  it('reports every field error at once, in English for an English page', async () => {
    const res = await call(t, 'POST', '/api/auth/register', { body: {}, headers: { 'X-Locale': 'en' } });
    const body = await json<ErrorJson>(res);
    const paths = body.error.details?.map((d) => d.path) ?? [];
    for (const p of ['company_name', 'country', 'tax_number', 'email', 'password', 'terms_accepted']) expect(paths).toContain(p);
    expect(body.error.details?.find((d) => d.path === 'company_name')?.message).toBe('This field is required.');
  });

  it('is rate-limited per IP', async () => {
    const limited = await startTestServer({ ACCOUNT_RATE_LIMIT: '2' });
    try {
      for (let i = 0; i < 2; i++) expect((await call(limited, 'POST', '/api/auth/register', { body: {} })).status).toBe(422);
      const res = await call(limited, 'POST', '/api/auth/register', { body: {} });
      expect(res.status).toBe(429);
      expect((await json<ErrorJson>(res)).error.code).toBe('rate-limited');
    } finally {
      await limited.close();
    }
  });
});

describe('e-mail confirmation', () => {
  it('confirms once with the mailed link; the same token again, a tampered one, another purpose or an expired one is 400 invalid-token', async () => {
    await registerViaApi(t, { email: 'confirm@example.org' });
    const token = await tokenFromMail(t.handle, 'confirm@example.org');
    const res = await call(t, 'POST', '/api/auth/confirm-email', { body: { token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'confirmed', email: 'confirm@example.org' } });
    expect((await userRow('confirm@example.org'))?.email_verified_at).not.toBeNull();

    const again = await call(t, 'POST', '/api/auth/confirm-email?lang=sl', { body: { token } });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: { code: 'invalid-token', message: 'Neveljaven žeton' } });

    const user = await userRow('confirm@example.org') as { id: number; email: string };
    const tokens = t.handle.services.tokens;
    const tampered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    const wrongPurpose = await tokens.sign('reset-password', { userId: user.id, email: user.email });
    const expired = await tokens.sign('confirm-email', { userId: user.id, email: user.email }, new Date(Date.now() - 49 * 3_600_000));
    for (const bad of [tampered, wrongPurpose, expired, 'x'.repeat(40)]) {
      const r = await call(t, 'POST', '/api/auth/confirm-email', { body: { token: bad } });
      expect(r.status).toBe(400);
      expect((await json<ErrorJson>(r)).error.code).toBe('invalid-token');
    }
    const short = await call(t, 'POST', '/api/auth/confirm-email', { body: { token: 'abc' } });
    expect(short.status).toBe(422);
  });

  it('a token still valid at 47 hours works; the user can log in unverified and /api/me shows email_verified_at null', async () => {
    await registerViaApi(t, { email: 'late@example.org' });
    const cookie = await loginCookie(t, 'late@example.org', 'secret12');
    const me = await json<{ data: unknown }>(await call(t, 'GET', '/api/me', { cookie }));
    expect(currentUserSchema.parse(me.data)).toMatchObject({ email_verified_at: null, locale: 'hr', acting_admin: null, scope: ['company'] });
    const user = await userRow('late@example.org') as { id: number; email: string };
    const token = await t.handle.services.tokens.sign('confirm-email', { userId: user.id, email: user.email }, new Date(Date.now() - 47 * 3_600_000));
    expect((await call(t, 'POST', '/api/auth/confirm-email', { body: { token } })).status).toBe(200);
  });

  it('resend: 202 always; mails only an unverified owner (logged in, or by address)', async () => {
    await registerViaApi(t, { email: 'resend@example.org', locale: 'de' });
    const count = async () => (await mailsTo('resend@example.org')).length;
    expect(await count()).toBe(1);
    const byAddress = await call(t, 'POST', '/api/auth/confirm-email/resend', { body: { email: 'resend@example.org', locale: 'en' } });
    expect(byAddress.status).toBe(202);
    expect(await byAddress.json()).toEqual({ data: { status: 'sent' } });
    expect(await count()).toBe(2);
    expect((await mailsTo('resend@example.org'))[1]?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');

    const cookie = await loginCookie(t, 'resend@example.org', 'secret12');
    expect((await call(t, 'POST', '/api/auth/confirm-email/resend', { cookie, body: { locale: 'de' } })).status).toBe(202);
    expect(await count()).toBe(3);

    const before = await accountSnapshot(t.handle);
    for (const email of ['nobody@example.org', 'demo@example.com']) {
      const r = await call(t, 'POST', '/api/auth/confirm-email/resend', { body: { email, locale: 'en' } });
      expect(r.status).toBe(202);
      expect(await r.json()).toEqual({ data: { status: 'sent' } });
    }
    expect(await accountSnapshot(t.handle)).toBe(before);
    const bad = await call(t, 'POST', '/api/auth/confirm-email/resend', { body: { email: 'x', locale: 'en' } });
    expect(bad.status).toBe(422);
  });
});

describe('login and logout', () => {
  it('logs in with an HttpOnly SameSite=Lax cookie, stores device metadata, and logout revokes the session on the server', async () => {
    const account = await createCompanyAccount(t, { email: 'login@example.org' });
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    const res = await call(t, 'POST', '/api/auth/login', {
      body: { email: 'LOGIN@example.org', password: account.password, device: { screen_width: 1920, screen_height: 1080, platform: 'Win32' } },
      headers: { 'User-Agent': ua },
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^izz_session=ey/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const user = currentUserSchema.strict().parse((await json<{ data: unknown }>(res)).data);
    expect(user).toMatchObject({ email: 'login@example.org', company_id: account.companyId, locale: 'hr' });
    const cookie = setCookie.split(';')[0] as string;
    // The session the cookie names (its token carries the session id).
    const session = await t.handle.db.get<Record<string, unknown>>('SELECT * FROM sessions WHERE user_id = ? AND id = ?', [account.userId, decodeJwt(decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))).sid]);
    expect(session).toMatchObject({ user_agent: ua, browser: 'Chrome', device: 'desktop', platform: 'Win32', screen_width: 1920, screen_height: 1080 });

    expect((await call(t, 'GET', '/api/me', { cookie })).status).toBe(200);
    const out = await call(t, 'POST', '/api/auth/logout', { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/izz_session=;/);
    expect((await t.handle.db.get<{ revoked_at: string | null }>('SELECT revoked_at FROM sessions WHERE id = ?', [session?.id]))?.revoked_at).not.toBeNull();
    expect((await call(t, 'GET', '/api/me', { cookie })).status).toBe(401);
    expect((await call(t, 'POST', '/api/auth/logout')).status).toBe(204);
  });

  it('answers 401 invalid-credentials alike for an unknown address and a wrong password', async () => {
    const a = await call(t, 'POST', '/api/auth/login?lang=en', { body: { email: 'nobody@example.org', password: 'whatever' } });
    const b = await call(t, 'POST', '/api/auth/login?lang=en', { body: { email: 'demo@example.com', password: 'wrong-one' } });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(await a.json()).toEqual(await b.json());
    const bad = await call(t, 'POST', '/api/auth/login', { body: { email: 'demo@example.com', password: '' } });
    expect(bad.status).toBe(422);
    expect((await json<ErrorJson>(bad)).error.details?.[0]?.path).toBe('password');
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await call(t, 'POST', '/api/auth/login', { body: { email: 'demo@example.com', password: 'demo1234' }, headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await json<ErrorJson>(res)).error.code).toBe('invalid-origin');
  });
});

describe('login rate limiting', () => {
  it('trips after 5 failures per account, recovers after the window, and a success resets the count', async () => {
    let now = Date.now();
    const s = await startTestServer({ LOGIN_MAX_FAILURES_PER_IP: '20' }, { now: () => now });
    try {
      const attempt = (email: string, password: string) => call(s, 'POST', '/api/auth/login', { body: { email, password } });
      for (let i = 0; i < 5; i++) expect((await attempt('demo@example.com', 'wrong')).status).toBe(401);
      const blocked = await attempt('demo@example.com', 'demo1234');
      expect(blocked.status).toBe(429);
      expect((await json<ErrorJson>(blocked)).error.code).toBe('rate-limited');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
      now += 14 * 60_000;
      expect((await attempt('demo@example.com', 'demo1234')).status).toBe(429);
      now += 60_000 + 1000;
      expect((await attempt('demo@example.com', 'demo1234')).status).toBe(200);

      // A success resets the account counter: 4 failures, a success, 4 failures is still fine.
      for (let i = 0; i < 4; i++) expect((await attempt('demo@example.com', 'wrong')).status).toBe(401);
      expect((await attempt('demo@example.com', 'demo1234')).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await attempt('demo@example.com', 'wrong')).status).toBe(401);
      expect((await attempt('demo@example.com', 'demo1234')).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('trips per IP across accounts (20 failures per window) and recovers', async () => {
    let now = Date.now();
    const s = await startTestServer({ LOGIN_MAX_FAILURES_PER_IP: '20' }, { now: () => now });
    try {
      for (let i = 0; i < 20; i++) {
        expect((await call(s, 'POST', '/api/auth/login', { body: { email: `x${i}@example.org`, password: 'wrong' } })).status).toBe(401);
      }
      expect((await call(s, 'POST', '/api/auth/login', { body: { email: 'demo@example.com', password: 'demo1234' } })).status).toBe(429);
      now += 15 * 60_000 + 1000;
      expect((await call(s, 'POST', '/api/auth/login', { body: { email: 'demo@example.com', password: 'demo1234' } })).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the address exists', async () => {
    const known = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'demo@example.com', locale: 'sl' } });
    const unknown = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.org', locale: 'sl' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await mailsTo('ghost@example.org')).toHaveLength(0);
    const mail = (await mailsTo('demo@example.com')).at(-1);
    expect(mail?.subject).toBe('Ponastavitev gesla');
    expect(mail?.text).toContain(`${t.handle.config.origin}/ponastavitev-gesla?token=`);
  });

  it('resets once, ends every session of the user, and refuses the link again, after 1 hour, or after another password change', async () => {
    const account = await createCompanyAccount(t, { email: 'reset@example.org', locale: 'en' });
    const second = await loginCookie(t, account.email, account.password);
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: account.email, locale: 'en' } });
    expect((await mailsTo(account.email)).at(-1)?.subject).toBe('Reset your password');
    const token = await tokenFromMail(t.handle, account.email);

    const mismatch = await call(t, 'POST', '/api/auth/reset-password', { body: { token, password: 'newpass1', password_confirmation: 'newpass2' } });
    expect(mismatch.status).toBe(422);

    const res = await call(t, 'POST', '/api/auth/reset-password', { body: { token, password: 'newpass1', password_confirmation: 'newpass1' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'password-reset' } });
    expect(await liveSessions(account.userId)).toEqual([]);
    for (const cookie of [account.cookie, second]) expect((await call(t, 'GET', '/api/me', { cookie })).status).toBe(401);
    await loginCookie(t, account.email, 'newpass1');

    const reuse = await call(t, 'POST', '/api/auth/reset-password?lang=en', { body: { token, password: 'another1', password_confirmation: 'another1' } });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({ error: { code: 'invalid-token', message: 'Invalid token' } });

    const expired = await t.handle.services.tokens.sign('reset-password', { userId: account.userId, email: account.email }, new Date(Date.now() - 61 * 60_000));
    expect((await call(t, 'POST', '/api/auth/reset-password', { body: { token: expired, password: 'another1', password_confirmation: 'another1' } })).status).toBe(400);

    // Issued before the last password change: void.
    const older = await t.handle.services.tokens.sign('reset-password', { userId: account.userId, email: account.email }, new Date(Date.now() - 30 * 60_000));
    expect((await call(t, 'POST', '/api/auth/reset-password', { body: { token: older, password: 'another1', password_confirmation: 'another1' } })).status).toBe(400);
    const confirmToken = await t.handle.services.tokens.sign('confirm-email', { userId: account.userId, email: account.email });
    expect((await call(t, 'POST', '/api/auth/reset-password', { body: { token: confirmToken, password: 'another1', password_confirmation: 'another1' } })).status).toBe(400);
    await loginCookie(t, account.email, 'newpass1');
  });
});

describe('disabled accounts', () => {
  it('cannot log in (403 account-disabled) and lose their sessions', async () => {
    const account = await createCompanyAccount(t, { email: 'disabled@example.org' });
    await t.handle.db.run('UPDATE companies SET disabled_at = ? WHERE id = ?', [new Date().toISOString(), account.companyId]);
    expect((await call(t, 'GET', '/api/me', { cookie: account.cookie })).status).toBe(401);
    const res = await call(t, 'POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
    expect(res.status).toBe(403);
    expect((await json<ErrorJson>(res)).error.code).toBe('account-disabled');
  });
});
