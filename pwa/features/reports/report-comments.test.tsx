import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import deReports from '../../../shared/i18n/de/reports.json';
import enReports from '../../../shared/i18n/en/reports.json';
import type { ReportFigures } from '../../../shared/schemas/report';
import { numberFormat } from '../../lib/number-format';
import { ReportComments } from './report-comments';

function createI18n(lng: 'en' | 'de'): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng, fallbackLng: false, resources: { en: { reports: enReports }, de: { reports: deReports } }, interpolation: { escapeValue: false }, initAsync: false, react: { useSuspense: false } });
  return i18n;
}

const figures = {
  language: 'en',
  comments: { praise_critique: ['Great team spirit', 'Too many meetings', 'Salary is fair'] },
  extra_questions: [
    { type: 'text250', id: 't1', title: 'What should we change?', n: 5, suppressed: false, comments: [], texts: ['Fewer meetings please', 'Better coffee'] },
    { type: 'radio', id: 'r1', title: 'Hybrid work?', n: 9, suppressed: false, comments: ['Meetings on site only'], options: [] },
    { type: 'radio', id: 'r2', title: 'No comments here', n: 9, suppressed: false, comments: [], options: [] },
  ],
} as unknown as ReportFigures;

afterEach(cleanup);

function setup(locale: 'en' | 'de') {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <ReportComments figures={figures} f={numberFormat(locale)} />
    </I18nextProvider>,
  );
}

describe('report comments', () => {
  it('en: counts the comments, groups them by question and filters as you type', () => {
    setup('en');
    expect(screen.getByTestId('comments-count').textContent).toBe('Comments in total: 6');
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Question: Praise and criticism (3)', 'Question: What should we change? (2)', 'Question: Hybrid work? (1)']);
    fireEvent.change(screen.getByLabelText('Search the comments'), { target: { value: 'MEETING' } });
    expect(screen.getByTestId('comments-matches').textContent).toBe('Matching: 3 of 6');
    const groups = screen.getAllByTestId('comment-group');
    expect(groups.map((g) => within(g).getAllByRole('listitem').map((li) => li.textContent))).toEqual([['Too many meetings'], ['Fewer meetings please'], ['Meetings on site only']]);
    fireEvent.change(screen.getByLabelText('Search the comments'), { target: { value: 'xyz' } });
    expect(screen.getByTestId('comments-matches').textContent).toBe('No comment contains “xyz”.');
    expect(screen.queryAllByTestId('comment-group')).toHaveLength(0);
  });

  it('de: the same in German', () => {
    setup('de');
    expect(screen.getByTestId('comments-count').textContent).toBe('Kommentare insgesamt: 6');
    expect(screen.getAllByRole('heading', { level: 3 })[0]?.textContent).toBe('Frage: Lob und Kritik (3)');
    fireEvent.change(screen.getByLabelText('Kommentare durchsuchen'), { target: { value: 'coffee' } });
    expect(screen.getByTestId('comments-matches').textContent).toBe('Treffer: 1 von 6');
  });
});
