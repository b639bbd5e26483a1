/** Test helpers: an i18next instance with the real sl/en texts, and a router around one page. */
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { render } from '@testing-library/react';
import { localizedPath, routePath, type RouteId, type RouteParams } from '../../../shared/routes';
import { DEFAULT_UI_LOCALE } from '../../../shared/locales';
import enCommon from '../../../shared/i18n/en/common.json';
import slCommon from '../../../shared/i18n/sl/common.json';
import enPages from '../../../shared/i18n/en/pages.json';
import slPages from '../../../shared/i18n/sl/pages.json';

export type TestLocale = 'sl' | 'en';

export interface TestI18n {
  i18n: I18n;
  /** 'locale:ns:key' of every text a component asked for that does not exist. */
  missing: string[];
}

/** No fallback language, so a text missing in Slovenian shows up as missing instead of English. */
export function createTestI18n(lng: TestLocale): TestI18n {
  const missing: string[] = [];
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { sl: { common: slCommon, pages: slPages }, en: { common: enCommon, pages: enPages } },
    ns: ['common', 'pages'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (lngs, ns, key) => missing.push(`${lngs.join(',')}:${ns}:${key}`),
    react: { useSuspense: false },
  });
  return { i18n, missing };
}

/** Renders `element` at the route's URL in the locale, so useParams and useLocation work as in the app. */
export function renderAtRoute(element: ReactElement, id: RouteId, lng: TestLocale, params: RouteParams = {}) {
  const t = createTestI18n(lng);
  const url = localizedPath(id, lng, params);
  const pattern = `${lng === DEFAULT_UI_LOCALE ? '' : `/${lng}`}/${routePath(id, lng)}`;
  const result = render(
    <I18nextProvider i18n={t.i18n}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { ...result, ...t };
}
