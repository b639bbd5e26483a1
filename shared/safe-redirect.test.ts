import { describe, expect, it } from 'vitest';
import { isSafeLocalPath, safeRedirect } from './safe-redirect.js';

const hostile = [
  '//evil.com',
  '///evil.com',
  'https://evil.com',
  'http://evil.com/profile',
  '/\\evil.com',
  '\\\\evil.com',
  '%2F%2Fevil.com',
  '/%2F/evil.com',
  '%2f%2fevil.com',
  '/%5Cevil.com',
  '%252F%252Fevil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/\t/evil.com',
  '/\n/evil.com',
  ' //evil.com',
  'evil.com',
  '',
  '/%E0%A4%A',
  `/${'a'.repeat(3000)}`,
];

const safe = ['/', '/profil/izz', '/en/profile/izz?tab=codes', '/en/blogs/best-employer-2025#top', '/hr/profile/puls/12'];

describe('safe redirect', () => {
  it.each(hostile)('refuses %j', (value) => {
    expect(isSafeLocalPath(value)).toBe(false);
    expect(safeRedirect(value, '/profil/izz')).toBe('/profil/izz');
  });

  it.each(safe)('accepts %j', (value) => {
    expect(isSafeLocalPath(value)).toBe(true);
    expect(safeRedirect(value, '/')).toBe(value);
  });

  it('refuses values that are not strings', () => {
    for (const value of [undefined, null, 42, {}, ['/profil']]) expect(isSafeLocalPath(value)).toBe(false);
  });
});
