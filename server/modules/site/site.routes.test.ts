import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_LANGUAGES } from '../../../shared/locales.js';
import { partnerLogoSchema } from '../../../shared/schemas/asset.js';
import { availableYearsSchema, siteConfigSchema } from '../../../shared/schemas/config.js';
import { json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import { ensureFooterDefaults } from '../../seed/seed.js';
import { createSiteRepo, SETTING_KEYS } from './site.repo.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ CONTACT_EMAIL: 'info@izz.example', CONTACT_PHONE: '+385 1 555 0100', MARKET: 'si', ANALYTICS_ID: 'G-TEST', MIN_GROUP_SIZE: '7' });
});
afterAll(() => t.close());

describe('GET /api/config', () => {
  it('answers the SiteConfig contract from the configuration', async () => {
    const res = await t.fetch('/api/config');
    expect(res.status).toBe(200);
    const body = await json<{ data: unknown }>(res);
    const config = siteConfigSchema.strict().parse(body.data);
    expect(config).toMatchObject({
      contact_email: 'info@izz.example',
      contact_phone: '+385 1 555 0100',
      market: 'si',
      default_ui_locale: 'sl',
      default_question_language: 'en',
      default_report_language: 'hr',
      survey_types: { IZZ: 1, PULS: 2, PPI: 3 },
      analytics_id: 'G-TEST',
      tag_manager_id: null,
      min_group_size: 7,
    });
    expect(config.question_languages).toEqual(QUESTION_LANGUAGES.map((l) => ({ ...l })));
    expect(config.ui_locales[0]).toBe('sl');
  });
});

describe('GET /api/footer', () => {
  it('serves the seeded footer for each theme as HTML, links hardened', async () => {
    for (const theme of ['light', 'dark']) {
      const res = await t.fetch(`/api/footer?theme=${theme}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toMatch(/^<p>/);
      expect(html).toContain('rel="noopener noreferrer"');
    }
    expect((await t.fetch('/api/footer')).status).toBe(200);
  });

  it('answers in the requested language: every locale has its own default block', async () => {
    const sl = await (await t.fetch('/api/footer?theme=light&lang=sl')).text();
    expect(sl).toContain('Raziskavo zadovoljstva zaposlenih');
    const hr = await (await t.fetch('/api/footer?theme=light', { headers: { 'X-Locale': 'hr' } })).text();
    expect(hr).toContain('Istraživanje zadovoljstva zaposlenika');
    const de = await (await t.fetch('/api/footer?theme=dark&lang=de')).text();
    expect(de).toContain('Mitarbeiterzufriedenheitsbefragung');
    const mk = await (await t.fetch('/api/footer?theme=light&lang=mk')).text();
    expect(mk).toContain('задоволството на вработените');
    expect(mk).not.toContain('employee satisfaction');
    expect((await t.fetch('/api/footer?theme=light&lang=xx')).status).toBe(422);
  });

  it('an installation seeded before a language had its footer gets it at start; an edited block is kept', async () => {
    const repo = createSiteRepo(t.handle.db);
    const mkKey = SETTING_KEYS.footerHtml('light', 'mk');
    const frKey = SETTING_KEYS.footerHtml('light', 'fr');
    await t.handle.db.run('DELETE FROM settings WHERE key = ?', [mkKey]);
    await repo.setSetting(frKey, '<p>Notre propre pied de page</p>');
    await ensureFooterDefaults(t.handle.db);
    expect(await repo.getSetting(mkKey)).toContain('задоволството на вработените');
    expect(await repo.getSetting(frKey)).toBe('<p>Notre propre pied de page</p>');
  });

  it('sanitises what the administrator stored', async () => {
    const repo = createSiteRepo(t.handle.db);
    const original = await repo.getSetting(SETTING_KEYS.footerHtml('dark')) as string;
    await repo.setSetting(
      SETTING_KEYS.footerHtml('dark'),
      `<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a> <a href="https://ok.example/">ok</a>
       <a href="//evil.example/">proto</a><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe><a href="mailto:a@b.c">m</a></p>`,
    );
    try {
      const html = await (await t.fetch('/api/footer?theme=dark')).text();
      expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img|<iframe|evil\.example/i);
      expect(html).toContain('<a href="https://ok.example/" rel="noopener noreferrer">ok</a>');
      expect(html).toContain('<a href="mailto:a@b.c" rel="noopener noreferrer">m</a>');
      expect(html).toContain('<p>Hi ');
    } finally {
      await repo.setSetting(SETTING_KEYS.footerHtml('dark'), original);
    }
  });

  it('refuses an unknown theme with 422 validation-failed, message in the request language', async () => {
    const en = await t.fetch('/api/footer?theme=neon', { headers: { 'Accept-Language': 'en-GB,en;q=0.9' } });
    expect(en.status).toBe(422);
    const enBody = await json<ErrorJson>(en);
    expect(enBody.error.code).toBe('validation-failed');
    expect(enBody.error.message).toBe('Some of the data is not valid. Please check the marked fields.');
    expect(enBody.error.details).toEqual([expect.objectContaining({ location: 'query', path: 'theme', code: 'invalid_value' })]);

    const sl = await json<ErrorJson>(await t.fetch('/api/footer?theme=neon&lang=sl'));
    expect(sl.error.message).toBe('Nekateri podatki niso veljavni. Preverite označena polja.');
    expect(sl.error.details?.[0]?.message).toMatch(/Neveljavn/);

    const viaHeader = await json<ErrorJson>(await t.fetch('/api/footer?theme=neon', { headers: { 'X-Locale': 'hr', 'Accept-Language': 'en' } }));
    expect(viaHeader.error.message).toBe('Neki podaci nisu ispravni. Provjerite označena polja.');
  });
});

describe('GET /api/leaderboards/available-years', () => {
  it('lists only published years, newest first', async () => {
    await t.handle.db.run("INSERT INTO award_years (year, published_at, created_at) VALUES (2026, NULL, '2026-01-01T00:00:00.000Z')");
    await t.handle.db.run("INSERT INTO award_years (year, published_at, created_at) VALUES (2019, '2019-12-01T00:00:00.000Z', '2019-01-01T00:00:00.000Z')");
    await t.handle.db.run("INSERT INTO award_years (year, published_at, created_at) VALUES (2023, '2023-12-15T10:00:00.000Z', '2023-01-01T00:00:00.000Z')");
    const res = await t.fetch('/api/leaderboards/available-years');
    expect(res.status).toBe(200);
    const body = await json<{ data: unknown }>(res);
    // The seed publishes no year (the award module publishes the years it computed).
    expect(availableYearsSchema.parse(body.data).available_years).toEqual([2023, 2019]);
  });
});

describe('GET /api/partner-logo', () => {
  it('points at the seeded logo asset and its dark variant', async () => {
    const body = await json<{ data: unknown }>(await t.fetch('/api/partner-logo'));
    const logo = partnerLogoSchema.parse(body.data);
    expect(logo.variants).toEqual(['dark']);
    const image = await t.fetch(logo.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');
  });
});

describe('GET /api/health and the request id', () => {
  it('answers ok and echoes a sane X-Request-Id (or makes one)', async () => {
    const res = await t.fetch('/api/health', { headers: { 'X-Request-Id': 'trace-1234567890' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toBe('trace-1234567890');
    const generated = await t.fetch('/api/health', { headers: { 'X-Request-Id': '<script>' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers with a strict CSP', async () => {
    const res = await t.fetch('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const directive of ["img-src 'self' data: blob:", "connect-src 'self'", "worker-src 'self'", "manifest-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('GET /api/health without a database', () => {
  it('answers 503 in the error shape once the database is gone', async () => {
    const other = await startTestServer();
    try {
      expect((await other.fetch('/api/health')).status).toBe(200);
      await other.handle.db.close();
      const res = await other.fetch('/api/health');
      expect(res.status).toBe(503);
      expect((await json<ErrorJson>(res)).error.code).toBe('internal-error');
    } finally {
      await other.close();
    }
  });
});

describe('unknown API paths', () => {
  it('answer 404 not-found in the error shape, in sl and en', async () => {
    const sl = await t.fetch('/api/no-such-thing', { headers: { 'Accept-Language': 'sl-SI,sl;q=0.9' } });
    expect(sl.status).toBe(404);
    expect(sl.headers.get('content-type')).toMatch(/application\/json/);
    expect(await sl.json()).toEqual({ error: { code: 'not-found', message: 'Zahtevanega elementa ni bilo mogoče najti.' } });
    const en = await t.fetch('/api/no-such-thing?lang=en', { method: 'DELETE' });
    expect(en.status).toBe(404);
    expect(await en.json()).toEqual({ error: { code: 'not-found', message: 'The requested item was not found.' } });
    expect((await t.fetch('/api')).status).toBe(404);
  });
});
