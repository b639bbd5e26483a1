import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME } from '../../../shared/constants.js';
import { currentUserSchema } from '../../../shared/schemas/user.js';
import { DEMO_USER } from '../../seed/seed.js';
import { demoSessionCookie, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { createAuthService } from './auth.service.js';
import { verifyPassword } from './password.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const sessionIdOf = (cookie: string) => {
  const token = cookie.split('=')[1] as string;
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid as string;
};

describe('the seeded demo user', () => {
  it('exists, is verified, belongs to the demo company and has the scrypt password demo1234', async () => {
    const user = await t.handle.services.auth.findUserByEmail('DEMO@example.com');
    expect(user).toBeDefined();
    expect(user?.email_verified_at).not.toBeNull();
    expect(user?.company_id).not.toBeNull();
    expect(await verifyPassword(DEMO_USER.password, user?.password_hash as string)).toBe(true);
    expect(await verifyPassword('wrong', user?.password_hash as string)).toBe(false);
  });
});

describe('GET /api/me', () => {
  it('answers 401 unauthenticated without a session, in sl and en', async () => {
    const sl = await t.fetch('/api/me?lang=sl');
    expect(sl.status).toBe(401);
    expect(await sl.json()).toEqual({ error: { code: 'unauthenticated', message: 'Za nadaljevanje se prijavite.' } });
    const en = await t.fetch('/api/me', { headers: { 'Accept-Language': 'en-US' } });
    expect(await en.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please log in to continue.' } });
  });

  it('answers the current user for a live session cookie', async () => {
    const cookie = await demoSessionCookie(t.handle);
    const res = await t.fetch('/api/me?lang=en', { headers: { Cookie: `other=1; ${cookie}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await json<{ data: unknown }>(res);
    const user = currentUserSchema.strict().parse(body.data);
    expect(user).toMatchObject({ email: DEMO_USER.email, name: DEMO_USER.name, scope: ['company'] });
    expect(user.email_verified_at).not.toBeNull();
    const row = await t.handle.db.get<{ user_agent: string; device: string }>('SELECT user_agent, device FROM sessions WHERE id = ?', [sessionIdOf(cookie)]);
    expect(row).toEqual({ user_agent: 'vitest', device: 'desktop' });
  });

  it('refuses a revoked, an expired, a tampered and a foreign-signed session', async () => {
    const revoked = await demoSessionCookie(t.handle);
    expect(await t.handle.services.auth.revokeSession(sessionIdOf(revoked))).toBe(true);
    expect((await t.fetch('/api/me', { headers: { Cookie: revoked } })).status).toBe(401);

    const expired = await demoSessionCookie(t.handle);
    await t.handle.db.run("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", [sessionIdOf(expired)]);
    expect((await t.fetch('/api/me', { headers: { Cookie: expired } })).status).toBe(401);

    const good = await demoSessionCookie(t.handle);
    const tampered = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
    expect((await t.fetch('/api/me', { headers: { Cookie: tampered } })).status).toBe(401);

    const foreign = createAuthService({ db: t.handle.db, config: { ...t.handle.config, sessionSecret: 'another-secret-that-is-long-enough-1234' } });
    const user = await t.handle.services.auth.findUserByEmail(DEMO_USER.email);
    const forged = await foreign.createSession(user?.id as number);
    expect((await t.fetch('/api/me', { headers: { Cookie: `${SESSION_COOKIE_NAME}=${forged.token}` } })).status).toBe(401);
    expect((await t.fetch('/api/me', { headers: { Cookie: `${SESSION_COOKIE_NAME}=garbage` } })).status).toBe(401);
  });

  it('answers 422 for an unknown ?lang=', async () => {
    const cookie = await demoSessionCookie(t.handle);
    const res = await t.fetch('/api/me?lang=xx', { headers: { Cookie: cookie, 'Accept-Language': 'sl' } });
    expect(res.status).toBe(422);
    const body = await json<ErrorJson>(res);
    expect(body.error.code).toBe('validation-failed');
    expect(body.error.message).toBe('Nekateri podatki niso veljavni. Preverite označena polja.');
    expect(body.error.details?.[0]).toMatchObject({ location: 'query', path: 'lang' });
  });
});

describe('session cookie', () => {
  async function setCookieHeader(isProduction: boolean): Promise<string> {
    const auth = createAuthService({ db: t.handle.db, config: { ...t.handle.config, isProduction } });
    const user = await auth.findUserByEmail(DEMO_USER.email);
    const app = express();
    app.get('/login', async (_req, res) => {
      auth.setSessionCookie(res, await auth.createSession(user?.id as number));
      res.end();
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/login`);
      return res.headers.get('set-cookie') ?? '';
    } finally {
      server.close();
    }
  }

  it('is HttpOnly, SameSite=Lax, and Secure only in production', async () => {
    const dev = await setCookieHeader(false);
    expect(dev).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=ey`));
    expect(dev).toContain('HttpOnly');
    expect(dev).toContain('SameSite=Lax');
    expect(dev).toContain('Path=/');
    expect(dev).not.toContain('Secure');
    expect(await setCookieHeader(true)).toContain('Secure');
  });
});
