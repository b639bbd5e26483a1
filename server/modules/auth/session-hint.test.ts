/**
 * The readable 'signed in' hint beside the HttpOnly session cookie: set with the session,
 * cleared at logout and whenever the session it stands for is gone, and never a secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../seed/seed.js';
import { call, startTestServer, type TestServer } from '../../test/helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const setCookies = (res: Response) => res.headers.getSetCookie();
const hint = (res: Response) => setCookies(res).find((c) => c.startsWith('izz_signed_in='));

describe('the session hint cookie', () => {
  it('comes with a login, readable by scripts and holding no secret, and goes with the logout', async () => {
    const login = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO_USER.email, password: DEMO_USER.password } });
    expect(login.status).toBe(200);
    expect(hint(login)).toMatch(/^izz_signed_in=1;/);
    expect(hint(login)).not.toMatch(/HttpOnly/i);
    expect(setCookies(login).find((c) => c.startsWith('izz_session='))).toMatch(/HttpOnly/i);
    const session = (setCookies(login).find((c) => c.startsWith('izz_session=')) ?? '').split(';')[0] ?? '';
    const logout = await call(t, 'POST', '/api/auth/logout', { cookie: `${session}; izz_signed_in=1` });
    expect(logout.status).toBeLessThan(300);
    expect(hint(logout)).toMatch(/^izz_signed_in=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('is cleared when the session it stands for is gone, and set for a live session that lacks it', async () => {
    const stale = await call(t, 'GET', '/api/config', { cookie: 'izz_session=not-a-session; izz_signed_in=1' });
    expect(hint(stale)).toMatch(/^izz_signed_in=;/);
    const login = await call(t, 'POST', '/api/auth/login', { body: { email: DEMO_USER.email, password: DEMO_USER.password } });
    const session = (setCookies(login).find((c) => c.startsWith('izz_session=')) ?? '').split(';')[0] ?? '';
    expect(hint(await call(t, 'GET', '/api/me', { cookie: session }))).toMatch(/^izz_signed_in=1;/);
    expect(hint(await call(t, 'GET', '/api/me', { cookie: `${session}; izz_signed_in=1` }))).toBeUndefined();
  });
});
