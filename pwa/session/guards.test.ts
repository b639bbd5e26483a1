import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../shared/schemas/user';
import { afterLoginPath, guardRoute, loginPathWithNext } from './guards';

const user: CurrentUser = { id: 1, email: 'a@example.com', name: 'A', email_verified_at: '2025-01-01', scope: [], company_id: 1, locale: 'en', acting_admin: null };
const admin: CurrentUser = { ...user, scope: ['admin'] };

describe('guardRoute', () => {
  it('lets everyone open public pages', () => {
    expect(guardRoute('public', null, 'sl', '/blogi')).toEqual({ kind: 'allow' });
    expect(guardRoute('public', user, 'en', '/en/blogs')).toEqual({ kind: 'allow' });
  });

  it('sends guests on protected pages to the localized login page with a safe next', () => {
    expect(guardRoute('protected', null, 'sl', '/profil/izz')).toEqual({ kind: 'redirect', to: '/prijava?next=%2Fprofil%2Fizz' });
    expect(guardRoute('protected', null, 'en', '/en/profile/izz/5?tab=codes')).toEqual({
      kind: 'redirect',
      to: '/en/login?next=%2Fen%2Fprofile%2Fizz%2F5%3Ftab%3Dcodes',
    });
    expect(guardRoute('admin', null, 'de', '/de/profile/edit')).toEqual({ kind: 'redirect', to: '/de/login?next=%2Fde%2Fprofile%2Fedit' });
  });

  it('drops an unsafe next instead of passing it on', () => {
    expect(guardRoute('protected', null, 'en', '//evil.example/x')).toEqual({ kind: 'redirect', to: '/en/login' });
    expect(loginPathWithNext('sl', 'https://evil.example')).toBe('/prijava');
    expect(loginPathWithNext('sl', '/\\evil.example')).toBe('/prijava');
  });

  it('sends logged-in users away from guest pages to the localized sign-in review', () => {
    expect(guardRoute('guest', user, 'sl', '/prijava')).toEqual({ kind: 'redirect', to: '/pregled-prijave' });
    expect(guardRoute('guest', user, 'en', '/en/register')).toEqual({ kind: 'redirect', to: '/en/login-review' });
    expect(guardRoute('guest', null, 'en', '/en/register')).toEqual({ kind: 'allow' });
  });

  it('lets users open protected pages and only admins open admin pages', () => {
    expect(guardRoute('protected', user, 'sl', '/profil/izz')).toEqual({ kind: 'allow' });
    expect(guardRoute('admin', user, 'sl', '/x')).toEqual({ kind: 'forbidden' });
    expect(guardRoute('admin', admin, 'sl', '/x')).toEqual({ kind: 'allow' });
  });

  it('sends administrators from company pages to the administration, from guest pages to the sign-in review', () => {
    expect(guardRoute('protected', admin, 'en', '/en/profile/izz')).toEqual({ kind: 'redirect', to: '/en/admin' });
    expect(guardRoute('guest', admin, 'sl', '/prijava')).toEqual({ kind: 'redirect', to: '/pregled-prijave' });
    // While acting as a client the session's user is the company user.
    const acting = { ...user, scope: ['company'], acting_admin: { id: 9, email: 'admin@example.com' } };
    expect(guardRoute('protected', acting, 'en', '/en/profile/izz')).toEqual({ kind: 'allow' });
    expect(guardRoute('admin', acting, 'en', '/en/admin')).toEqual({ kind: 'forbidden' });
  });
});

describe('afterLoginPath', () => {
  it('uses next only when it is a safe local path', () => {
    expect(afterLoginPath('/en/profile/puls', 'en')).toBe('/en/profile/puls');
    expect(afterLoginPath('//evil.example', 'en')).toBe('/en/profile/izz');
    expect(afterLoginPath('%2F%2Fevil.example', 'sl')).toBe('/profil/izz');
    expect(afterLoginPath(undefined, 'sl')).toBe('/profil/izz');
  });
});
