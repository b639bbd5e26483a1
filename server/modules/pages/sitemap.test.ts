import { describe, expect, it } from 'vitest';
import { disallowedPrefixes, robotsTxt, routePage, sitemapXml } from './sitemap.js';

describe('sitemap', () => {
  it('lists a page in every locale with its hreflang alternates and x-default', () => {
    const xml = sitemapXml('https://izz.example.com', [routePage('calculator'), routePage('pastWinners', { slug: '2025' }, '2025-12-15T09:00:00Z')]);
    expect(xml).toContain('<loc>https://izz.example.com/kalkulator</loc>');
    expect(xml).toContain('<loc>https://izz.example.com/mk/calculator</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="hr" href="https://izz.example.com/hr/calculator"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://izz.example.com/kalkulator"/>');
    expect(xml).toContain('<loc>https://izz.example.com/pretekli-nagrajenci/2025</loc>');
    expect(xml).toContain('<lastmod>2025-12-15</lastmod>');
    expect(xml.match(/<url>/g)).toHaveLength(16);
  });

  it('lists a page only in the locales it exists in', () => {
    // Without a Slovenian version, x-default is the English one.
    const xml = sitemapXml('https://x.test', [{ paths: { en: '/en/blogs/eNPS', hr: '/hr/blogs/enps' } }]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('hreflang="x-default" href="https://x.test/en/blogs/eNPS"');
    expect(xml).not.toContain('hreflang="sl"');
  });
});

describe('robots.txt', () => {
  it('closes the profile, administration, questionnaire, kiosk and report routes in every locale', () => {
    const rules = disallowedPrefixes();
    for (const p of ['/profil', '/en/profile', '/admin', '/mk/admin', '/vprasalnik', '/de/questionnaire', '/kiosk', '/porocilo', '/fr/report/']) expect(rules).toContain(p);
  });

  it('keeps every public page open, also where a closed route shares the start of its path', () => {
    const rules = disallowedPrefixes();
    const open = ['/', '/porocila', '/en/reports', '/blogi', '/en/blogs', '/pretekli-nagrajenci/2025', '/hr/award-conditions', '/puls', '/en/puls'];
    const blocks = (path: string) => rules.some((r) => (r.endsWith('$') ? path === r.slice(0, -1) : path.startsWith(r)));
    for (const p of open) expect(blocks(p), p).toBe(false);
    expect(blocks('/en/report/basic')).toBe(true);
    expect(robotsTxt('https://izz.example.com')).toMatch(/Disallow: \/api\/\n[\s\S]*Sitemap: https:\/\/izz\.example\.com\/sitemap\.xml\n$/);
  });
});
