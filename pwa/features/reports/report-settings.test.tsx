import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enReports from '../../i18n/en/reports.json';
import type { ReportOptions } from './report-api';
import { filterKeys, ReportSettingsForm } from './report-settings';

function createI18n(): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en', fallbackLng: false, resources: { en: { reports: enReports } }, interpolation: { escapeValue: false }, initAsync: false, react: { useSuspense: false } });
  return i18n;
}

const OPTIONS: ReportOptions = {
  type: 'izz',
  name: 'IZZ',
  company: 'Demo',
  departments: ['Razvoj', 'Prodaja'],
  locations: ['Ljubljana', 'Maribor'],
  demographic_ids: ['gender'],
  extra_questions: [
    { id: 'r1', type: 'radio', title: { en: 'Review?' }, description: {}, answers: [{ en: 'Yes' }, { en: 'No' }], required: true, allow_comments: false },
    { id: 'c1', type: 'checkbox', title: { en: 'Perks' }, description: {}, answers: [{ en: 'Gym' }], required: false, allow_comments: false },
    { id: 't1', type: 'text250', title: { en: 'Idea' }, description: {}, answers: [], required: false, allow_comments: false },
  ],
  report_questions: [],
  puls_question_ids: [],
  base: {
    dimensions: [
      { question: 'department', values: [{ key: 'Razvoj', merged: [] }, { key: 'Prodaja', merged: [] }] },
      { question: 'location', values: [{ key: 'Ljubljana', merged: [] }, { key: 'Maribor', merged: [] }] },
      { question: 'demographic:gender', values: [{ key: 'male', merged: [] }, { key: 'female', merged: [] }] },
      { question: 'extra:r1', values: [{ key: '0', merged: [] }, { key: '1', merged: [] }] },
    ],
    left_out: [],
    withheld: 0,
  },
};

afterEach(cleanup);

function setup() {
  const onApply = vi.fn();
  render(
    <MemoryRouter initialEntries={['/en/report/basic?survey=1']}>
      <I18nextProvider i18n={createI18n()}>
        <ReportSettingsForm options={OPTIONS} busy={false} initial={{ language: 'en', chosen: [], group: null, answers: [] }} onApply={onApply} />
      </I18nextProvider>
    </MemoryRouter>,
  );
  return onApply;
}

describe('report settings', () => {
  it('offers radio/scale questions as groups, checkbox answers as filters, never free text', () => {
    expect(filterKeys(OPTIONS)).toEqual({
      groups: ['department', 'location', 'demographic:gender', 'extra:r1'],
      answers: ['department', 'location', 'demographic:gender', 'extra:r1', 'extra:c1'],
    });
  });

  it('keeps one group: a second is refused with the message', () => {
    setup();
    const groups = screen.getByTestId('group-filters');
    fireEvent.click(within(groups).getByRole('checkbox', { name: 'Department' }));
    fireEvent.click(within(groups).getByRole('checkbox', { name: 'Location' }));
    expect((within(groups).getByRole('checkbox', { name: 'Location' }) as HTMLInputElement).checked).toBe(false);
    expect((within(groups).getByRole('checkbox', { name: 'Department' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('group-message').textContent).toBe('You have already marked one group of questions!');
    fireEvent.click(within(groups).getByRole('checkbox', { name: 'Department' }));
    expect(screen.getByTestId('group-message').textContent).toBe('');
  });

  it('keeps two answers: a third is refused with the message; apply sends what is ticked', () => {
    const onApply = setup();
    const answers = screen.getByTestId('answer-filters');
    fireEvent.click(within(answers).getByRole('checkbox', { name: 'Ljubljana' }));
    fireEvent.click(within(answers).getByRole('checkbox', { name: 'Yes' }));
    fireEvent.click(within(answers).getByRole('checkbox', { name: 'Razvoj' }));
    expect((within(answers).getByRole('checkbox', { name: 'Razvoj' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('answer-message').textContent).toBe('You have already marked 2 additional answers!');
    fireEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(onApply).toHaveBeenCalledWith({
      language: 'en',
      chosen: [],
      group: null,
      answers: [
        { question: 'location', value: 'Ljubljana' },
        { question: 'extra:r1', value: '0' },
      ],
    });
  });
});
