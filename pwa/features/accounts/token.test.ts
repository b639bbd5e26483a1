import { describe, expect, it } from 'vitest';
import { tokenExpired } from './token';

const b64url = (v: unknown) => btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (payload: object) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

describe('tokenExpired', () => {
  it('tells an expired link early and leaves every other case to the server', () => {
    const now = Date.UTC(2030, 0, 1);
    expect(tokenExpired(jwt({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(tokenExpired(jwt({ exp: now / 1000 + 3600 }), now)).toBe(false);
    expect(tokenExpired(jwt({}), now)).toBe(false);
    expect(tokenExpired('not-a-jwt', now)).toBe(false);
  });
});
