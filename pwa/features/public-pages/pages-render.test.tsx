import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { RouteId, RouteParams } from '../../../shared/routes';
import type { UiLocale } from '../../../shared/locales';
import { resetShellStore } from '../../session/shell-store';
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

const PUBLIC_NS = ['common', 'pages', 'questionnaire'] as const;

/** The questionnaire's page as its route composes it: the code entry first (a stand-in here). */
const QuestionnaireWithEntry = () => <QuestionnairePage codeEntry={<p data-testid="code-entry-slot">code entry</p>} />;

const PAGES: [RouteId, ComponentType, RouteParams?][] = [
  ['home', HomePage],
  ['conductingResearch', ConductingResearchPage],
  ['questionnaire', QuestionnaireWithEntry],
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
  it('the award conditions state the rules of shared/award.ts', () => {
    renderPage(<AwardConditionsPage />, { route: 'awardConditions', locale: 'en', ns: PUBLIC_NS });
    for (const text of ['85%', '80%', '65%', '51%', '20–50', '51–100', '101–200', '201 or more', '20 to 50 employees', '51 to 250 employees', '251 employees or more'])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('The company has at least 20 employees.')).toBeTruthy();
    expect(screen.getByText('The survey ends by 30 November at the latest.')).toBeTruthy();
    expect(screen.getByText('In each size class we award places 1 to 3.')).toBeTruthy();
    expect(screen.getByText('most improved ESI compared with the company\'s previous year')).toBeTruthy();
    // No published year yet: no links to past winners.
    expect(screen.queryByRole('heading', { name: 'Past winners' })).toBeNull();
  });

  it('the award conditions in Croatian inflect the numbers and link the published years', () => {
    resetShellStore({ availableYears: [2025, 2024] });
    renderPage(<AwardConditionsPage />, { route: 'awardConditions', locale: 'hr', ns: PUBLIC_NS });
    expect(screen.getByText('Tvrtka ima najmanje 20 zaposlenika.')).toBeTruthy();
    expect(screen.getByText('Istraživanje završava najkasnije 30. studenoga.')).toBeTruthy();
    expect(screen.getByText('251 zaposlenik ili više')).toBeTruthy();
    expect(screen.getByText('85 %')).toBeTruthy();
    expect(screen.getByRole('link', { name: '2024' }).getAttribute('href')).toBe('/hr/past-winners/2024');
    resetShellStore();
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

  it('the questionnaire page shows the code entry it is given right under its heading', () => {
    const { container } = renderPage(<QuestionnaireWithEntry />, { route: 'questionnaire', locale: 'en', ns: PUBLIC_NS });
    const slot = screen.getByTestId('code-entry-slot');
    expect(container.querySelector('.page-header')?.nextElementSibling).toBe(slot);
  });
});
