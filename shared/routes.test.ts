import { describe, expect, it } from 'vitest';
import { UI_LOCALES } from './locales.js';
import {
  PARAM_PATTERNS,
  ROUTES,
  ROUTE_IDS,
  localeOfPath,
  localizedPath,
  matchRoute,
  routePath,
  switchLocalePath,
  type RouteId,
} from './routes.js';

const sampleParams = (id: RouteId): Record<string, string> => {
  const params: Record<string, string> = {};
  for (const seg of routePath(id, 'en').split('/')) {
    if (seg === ':slug') params.slug = 'best-employer-2025';
    if (seg === ':id') params.id = '42';
    if (seg === ':token') params.token = 'Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3_-Ab3';
  }
  return params;
};

describe('route table', () => {
  it('has a path for every route in every locale', () => {
    for (const id of ROUTE_IDS) {
      for (const locale of UI_LOCALES) {
        expect(typeof routePath(id, locale), `${id} ${locale}`).toBe('string');
        expect(localizedPath(id, locale, sampleParams(id)).startsWith('/')).toBe(true);
      }
    }
  });

  it('gives every route a distinct path within each locale', () => {
    for (const locale of UI_LOCALES) {
      const paths = ROUTE_IDS.map((id) => routePath(id, locale));
      expect(new Set(paths).size, locale).toBe(paths.length);
    }
  });

  it('uses only parameters that have a validation pattern', () => {
    for (const id of ROUTE_IDS) {
      for (const locale of UI_LOCALES) {
        for (const seg of routePath(id, locale).split('/')) {
          if (seg.startsWith(':')) expect(PARAM_PATTERNS[seg.slice(1)], `${id}: ${seg}`).toBeDefined();
        }
      }
    }
  });

  it('puts Slovenian at the root with Slovenian slugs and prefixes other locales', () => {
    expect(localizedPath('home', 'sl')).toBe('/');
    expect(localizedPath('home', 'en')).toBe('/en');
    expect(localizedPath('blogs', 'sl')).toBe('/blogi');
    expect(localizedPath('blogs', 'en')).toBe('/en/blogs');
    expect(localizedPath('calculator', 'sl')).toBe('/kalkulator');
    expect(localizedPath('contact', 'sl')).toBe('/kontakt');
    expect(localizedPath('cookies', 'sl')).toBe('/piskotki');
    expect(localizedPath('reports', 'sl')).toBe('/porocila');
    expect(localizedPath('profileIzz', 'sl')).toBe('/profil/izz');
    expect(localizedPath('profileEdit', 'sl')).toBe('/profil/uredi');
    expect(localizedPath('reportBasic', 'sl')).toBe('/porocilo/osnovno');
    expect(localizedPath('register', 'sl')).toBe('/registracija');
    expect(localizedPath('questionnaire', 'sl')).toBe('/vprasalnik');
    expect(localizedPath('pastWinners', 'sl', { slug: '2024' })).toBe('/pretekli-nagrajenci/2024');
    expect(localizedPath('profileIzzDetail', 'de', { id: '7' })).toBe('/de/profile/izz/7');
    expect(localizedPath('adminAward', 'sl')).toBe('/admin/nagrada');
    expect(localizedPath('adminAward', 'mk')).toBe('/mk/admin/award');
    expect(localizedPath('profileAward', 'sl')).toBe('/profil/nagrada');
    expect(localizedPath('profileAward', 'en')).toBe('/en/profile/award');
  });

  it('matches every route back from its own path in every locale', () => {
    for (const id of ROUTE_IDS) {
      for (const locale of UI_LOCALES) {
        const params = sampleParams(id);
        const match = matchRoute(localizedPath(id, locale, params));
        expect(match, `${id} ${locale}`).toEqual({ id, locale, params });
      }
    }
  });

  it('finds no page for unknown paths or parameters that fail validation', () => {
    expect(matchRoute('/en/no-such-page')).toBeNull();
    expect(matchRoute('/no-such-page')).toBeNull();
    expect(matchRoute('/blogs')).toBeNull(); // English slug without prefix is not a Slovenian page
    expect(matchRoute('/sl/blogi')).toBeNull(); // the default locale has no prefix
    expect(matchRoute('/en/profile/izz/abc')).toBeNull();
    expect(matchRoute('/en/profile/izz/0')).toBeNull();
    expect(matchRoute('/en/blogs/Not_A_Slug')).toBeNull();
    expect(matchRoute('/en/blogs/%E0%A4%A')).toBeNull();
    expect(matchRoute('/xx/blogs')).toBeNull();
  });

  it('tolerates a trailing slash', () => {
    expect(matchRoute('/en/blogs/')?.id).toBe('blogs');
    expect(matchRoute('/hr/')?.id).toBe('home');
  });

  it('maps the current page to the same page in another locale', () => {
    for (const id of ROUTE_IDS) {
      const params = sampleParams(id);
      for (const from of UI_LOCALES) {
        for (const to of UI_LOCALES) {
          const switched = switchLocalePath(localizedPath(id, from, params), to);
          expect(switched).toBe(localizedPath(id, to, params));
          expect(matchRoute(switched)).toEqual({ id, locale: to, params });
        }
      }
    }
  });

  it('keeps query and hash when switching and sends unknown pages to the home page', () => {
    expect(switchLocalePath('/blogi?page=2#top', 'en')).toBe('/en/blogs?page=2#top');
    expect(switchLocalePath('/en/no-such-page', 'sl')).toBe('/');
    expect(switchLocalePath('/en/no-such-page', 'hr')).toBe('/hr');
  });

  it('reads the locale of a path', () => {
    expect(localeOfPath('/')).toBe('sl');
    expect(localeOfPath('/blogi')).toBe('sl');
    expect(localeOfPath('/mk/blogs')).toBe('mk');
    expect(localeOfPath('/en')).toBe('en');
  });

  it('follows the shell visibility rules of the specification', () => {
    expect(ROUTES.reportBasic.header).toBe('none');
    expect(ROUTES.reportBasic.footer).toBe(false);
    expect(ROUTES.questionnaireReview.footer).toBe(false);
    expect(ROUTES.questionnairePuls.header).toBe('puls');
    expect(ROUTES.questionnairePulsQuestionnaire.header).toBe('none');
    expect(ROUTES.employeeSatisfactionPage.header).toBe('minimal');
    expect(ROUTES.profileIzz.access).toBe('protected');
    expect(ROUTES.login.access).toBe('guest');
  });
});
