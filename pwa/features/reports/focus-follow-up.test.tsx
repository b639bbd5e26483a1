/**
 * The follow-up of focus areas in the reports: the comparative report over the years lists each survey's
 * focus areas with their actions' outcome beside the change of the item's mean in the following survey (the report's
 * own column), in the page's language; a PULS survey made from a focus area shows that area's questions' trend.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleComparativeYears } from '../../../shared/schemas/comparison-samples';
import type { PulsFigures } from '../../../shared/schemas/report';
import { json, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import { FocusHistory, PulsFocusFollowUp } from './focus-follow-up';

let routes: Record<string, ApiHandler> = {};
let calls: ApiCall[] = [];
beforeEach(() => {
  ({ routes, calls } = stubApi());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('focus areas in the comparative report', () => {
  it('sl and en: the 2023 focus areas with their actions and the change in 2024', async () => {
    const figures = sampleComparativeYears('en');
    routes['GET /api/surveys/104/focus-history'] = () =>
      json(200, {
        data: [
          {
            survey_id: 102,
            year: 2023,
            focus_areas: [
              { kind: 'category', item_id: 'communication', actions: [{ title: 'Mesečni sestanek', status: 'done', due_on: '2024-03-01' }, { title: 'Intranet', status: 'planned', due_on: '2024-06-01' }] },
            ],
          },
        ],
      });
    const column2024 = figures.columns.find((c) => c.survey_id === 103)!;
    const change = column2024.categories.find((c) => c.id === 'communication')!.mean.change!;
    for (const locale of ['sl', 'en'] as const) {
      renderPage(<FocusHistory surveyId={104} figures={{ ...figures, language: locale }} />, { locale, ns: ['reports'] });
      const item = await screen.findByTestId('focus-history-item');
      const sign = change > 0 ? '+' : '';
      const value = `${sign}${change.toFixed(2).replace('.', locale === 'sl' ? ',' : '.')}`;
      if (locale === 'sl') {
        expect(item.textContent).toContain('Komuniciranje in obveščanje');
        expect(item.textContent).toContain('opravljenih ukrepov: 1 od 2');
        expect(item.textContent).toContain(`${value} v letu 2024`);
        expect(within(item).getByText('Mesečni sestanek (opravljeno)')).toBeTruthy();
      } else {
        expect(item.textContent).toContain('1 of 2 actions done');
        expect(item.textContent).toContain(`${value} in 2024`);
      }
      cleanup();
    }
  });

  it('shows nothing when no survey had focus areas (or the call fails)', async () => {
    renderPage(<FocusHistory surveyId={104} figures={sampleComparativeYears('en')} />, { locale: 'en', ns: ['reports'] });
    // The stub answers 404 (no route): once the page has asked, nothing is shown.
    await waitFor(() => expect(calls.some((c) => c.path === '/api/surveys/104/focus-history')).toBe(true));
    expect(screen.queryByTestId('focus-history')).toBeNull();
  });
});

describe('a PULS survey made from a focus area', () => {
  it('names the focus area and shows the change of its questions only', async () => {
    routes['GET /api/surveys/77/focus-area-origin'] = () => json(200, { data: { survey_id: 5, survey_name: 'IZZ 2025', kind: 'category', item_id: 'teamwork', questions: ['P19', 'P20', 'P34'] } });
    const trend = (question: string, change: number) => ({ question, kind: 'scale5' as const, points: [], change });
    const figures = { language: 'en', trend: [trend('P19', 0.4), trend('P01', -0.3)] } as unknown as PulsFigures;
    renderPage(<PulsFocusFollowUp surveyId={77} figures={figures} />, { locale: 'en', ns: ['reports'] });
    const card = await screen.findByTestId('focus-follow-up');
    expect(card.textContent).toContain('“Colleagues and teamwork” of the survey “IZZ 2025”');
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
    expect(card.textContent).toContain('+0.40');
  });
});
