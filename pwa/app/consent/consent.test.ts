import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_NAME } from '../../../shared/constants';
import { planTrackers } from './analytics';
import {
  cookieNames,
  deleteOtherCookies,
  domainVariants,
  makeConsent,
  parseConsent,
  pathVariants,
  readConsent,
  writeConsent,
} from './consent';

function clearAll() {
  for (const name of cookieNames(document.cookie)) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('cookie consent storage', () => {
  afterEach(clearAll);

  it('writes and reads the consent cookie', () => {
    expect(readConsent()).toBeNull();
    writeConsent(makeConsent({ analytics: true, marketing: false }, new Date('2025-05-01T10:00:00Z')));
    expect(readConsent()).toEqual({ v: 1, necessary: true, analytics: true, marketing: false, at: '2025-05-01T10:00:00.000Z' });
    expect(cookieNames(document.cookie)).toContain(COOKIE_CONSENT_NAME);
  });

  it('treats a malformed or old-format value as no choice', () => {
    expect(parseConsent('not-json')).toBeNull();
    expect(parseConsent(encodeURIComponent(JSON.stringify({ v: 0, analytics: true, marketing: true })))).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
  });
});

describe('deleteOtherCookies', () => {
  afterEach(clearAll);

  it('deletes every cookie except the necessary ones (the consent cookie and the session hint)', () => {
    document.cookie = 'izz_signed_in=1; Path=/';
    document.cookie = '_ga=GA1.1.123; Path=/';
    document.cookie = 'theme=dark; Path=/';
    document.cookie = 'tracking=1; Path=/';
    writeConsent(makeConsent({ analytics: false, marketing: false }));
    const deleted = deleteOtherCookies();
    expect(deleted.sort()).toEqual(['_ga', 'theme', 'tracking']);
    expect(cookieNames(document.cookie).sort()).toEqual([COOKIE_CONSENT_NAME, 'izz_signed_in'].sort());
    document.cookie = 'izz_signed_in=; Path=/; Max-Age=0';
  });

  it('keeps the names it is told to keep', () => {
    document.cookie = 'a=1; Path=/';
    document.cookie = 'b=2; Path=/';
    deleteOtherCookies(document, ['b']);
    expect(cookieNames(document.cookie)).toEqual(['b']);
  });

  it('expires cookies on every domain and path variant', () => {
    const writes: string[] = [];
    const fake = {
      get cookie() {
        return 'x=1; cookie_consent=abc';
      },
      set cookie(value: string) {
        writes.push(value);
      },
      location: { hostname: 'www.example.com', pathname: '/en/blogs' },
    } as unknown as Document;
    expect(deleteOtherCookies(fake)).toEqual(['x']);
    expect(writes.every((w) => w.startsWith('x=;') && w.includes('Max-Age=0'))).toBe(true);
    expect(writes).toContain('x=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/');
    expect(writes).toContain('x=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/; Domain=.example.com');
    expect(writes).toContain('x=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/en/blogs; Domain=www.example.com');
  });

  it('computes the variants', () => {
    expect(domainVariants('127.0.0.1')).toEqual([null]);
    expect(domainVariants('a.b.c')).toEqual([null, 'a.b.c', '.a.b.c', 'b.c', '.b.c', 'c', '.c']);
    expect(pathVariants('/en/blogs')).toEqual(['/', '/en', '/en/', '/en/blogs', '/en/blogs/']);
  });
});

describe('planTrackers', () => {
  const config = { analytics_id: 'G-ABC123', tag_manager_id: 'GTM-XYZ' };
  const all = makeConsent({ analytics: true, marketing: true });

  it('loads nothing without consent, outside production or without configuration', () => {
    expect(planTrackers(null, config, true)).toEqual({ analytics: null, tagManager: null });
    expect(planTrackers(all, config, false)).toEqual({ analytics: null, tagManager: null });
    expect(planTrackers(all, { analytics_id: null, tag_manager_id: null }, true)).toEqual({ analytics: null, tagManager: null });
  });

  it('loads only what was consented to', () => {
    expect(planTrackers(all, config, true)).toEqual({ analytics: 'G-ABC123', tagManager: 'GTM-XYZ' });
    expect(planTrackers(makeConsent({ analytics: true, marketing: false }), config, true)).toEqual({ analytics: 'G-ABC123', tagManager: null });
  });

  it('refuses ids that could break out of the script URL', () => {
    expect(planTrackers(all, { analytics_id: 'G-1"><script>', tag_manager_id: null }, true).analytics).toBeNull();
  });
});
