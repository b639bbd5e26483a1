import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { RouteId, RouteParams } from '../../../shared/routes';
import type { UiLocale } from '../../../shared/locales';
import { renderPage } from '../../test/render';
import enCommon from '../../../shared/i18n/en/common.json';
import slCommon from '../../../shared/i18n/sl/common.json';
import HomePage from './home-page';
import ConductingResearchPage from './conducting-research-page';
import QuestionnairePage from './questionnaire-page';
import ReportsPage from './reports-page';
import PulsPage from './puls-page';
import AwardConditionsPage from './award-conditions-page';
import ProjectHistoryPage from './project-history-page';
import TermsPage from './terms-page';
import CookiesPage from './cookies-page';
import GdprPage from './gdpr-page';
import BlogsPage from './blogs-page';
import BlogPostPage from './blog-post-page';
import PastWinnersPage from './past-winners-page';
import FeedbackPage from './feedback-page';
import CalculatorPage from './calculator-page';

const PUBLIC_NS = ['common', 'pages'] as const;

const PAGES: [RouteId, ComponentType, RouteParams?][] = [
  ['home', HomePage],
  ['conductingResearch', ConductingResearchPage],
  ['questionnaire', QuestionnairePage],
  ['reports', ReportsPage],
  ['puls', PulsPage],
  ['awardConditions', AwardConditionsPage],
  ['projectHistory', ProjectHistoryPage],
  ['termsOfService', TermsPage],
  ['cookies', CookiesPage],
  ['gdpr', GdprPage],
  ['blogs', BlogsPage],
  ['blogPost', BlogPostPage, { slug: 'prvi-clanek' }],
  ['pastWinners', PastWinnersPage, { slug: '2024' }],
  ['feedback', FeedbackPage],
  ['calculator', CalculatorPage],
];

beforeEach(() => {
  document.title = '';
});
afterEach(cleanup);

describe.each(['sl', 'en'] as UiLocale[])('public pages in %s', (locale) => {
  it.each(PAGES)('%s renders every text, one h1 and a document title', (id, Page, params) => {
    const { missing, container } = renderPage(<Page />, { route: id, locale, params, ns: PUBLIC_NS });
    expect(missing).toEqual([]);
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    const site = (locale === 'sl' ? slCommon : enCommon).siteName;
    expect(document.title.endsWith(` | ${site}`)).toBe(true);
    expect(document.title.length).toBeGreaterThan(site.length + 3);
    // Internal links point at the page's own locale.
    for (const a of container.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
      const href = a.getAttribute('href') ?? '';
      if (locale === 'en') expect(href.startsWith('/en')).toBe(true);
      else expect(href.startsWith('/en')).toBe(false);
    }
  });
});

describe('page details', () => {
  it('the award conditions list all occupancy thresholds and size classes', () => {
    renderPage(<AwardConditionsPage />, { route: 'awardConditions', locale: 'en', ns: PUBLIC_NS });
    for (const text of ['85%', '80%', '65%', '51%', '20 to 50 employees', '51 to 250 employees', '251 employees or more'])
      expect(screen.getByText(text)).toBeTruthy();
  });

  it('the calculator states its rules with de-DE euros and percentages per locale', () => {
    vi.useRealTimers();
    renderPage(<CalculatorPage />, { route: 'calculator', locale: 'sl', ns: PUBLIC_NS });
    expect(screen.getByText(/8,00\s€ na zaposlenega/)).toBeTruthy();
    expect(screen.getByText(/20\s% popusta pri več kot 500 zaposlenih/)).toBeTruthy();
    cleanup();
    renderPage(<CalculatorPage />, { route: 'calculator', locale: 'en', ns: PUBLIC_NS });
    expect(screen.getByText(/30% off for more than 1,000 employees/)).toBeTruthy();
  });

  it('the cookies page names the consent and session cookies', () => {
    renderPage(<CookiesPage />, { route: 'cookies', locale: 'sl', ns: PUBLIC_NS });
    expect(screen.getByText('cookie_consent')).toBeTruthy();
    expect(screen.getByText('izz_session')).toBeTruthy();
  });

  it('past winners show the year from the URL', () => {
    renderPage(<PastWinnersPage />, { route: 'pastWinners', locale: 'sl', params: { slug: '2023' }, ns: PUBLIC_NS });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pretekli nagrajenci 2023');
  });

  it('the questionnaire page does not imitate the code entry form', () => {
    const { container } = renderPage(<QuestionnairePage />, { route: 'questionnaire', locale: 'en', ns: PUBLIC_NS });
    expect(container.querySelector('input, form')).toBeNull();
  });
});
