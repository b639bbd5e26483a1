import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enReports from '../../../shared/i18n/en/reports.json';
import slReports from '../../../shared/i18n/sl/reports.json';
import type { QuestionLanguageCode } from '../../../shared/locales';
import type { ReportOptions } from './report-api';
import { filterKeys, ReportSettingsForm } from './report-settings';

function createI18n(lng: 'en' | 'sl'): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { en: { reports: enReports }, sl: { reports: slReports } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return i18n;
}

/** Like the demo survey: rare departments and locations merged into "Other", gender and age left out, the checkbox and free-text questions never offered. */
const OPTIONS: ReportOptions = {
  type: 'izz',
  name: 'IZZ',
  company: 'Demo',
  departments: ['Razvoj', 'Prodaja', 'Finance in kadri', 'Pravna služba'],
  locations: ['Ljubljana', 'Maribor', 'Koper'],
  demographic_ids: ['gender', 'age_group'],
  extra_questions: [
    { id: 'r1', type: 'radio', title: { en: 'Review?', sl: 'Razgovor?' }, description: {}, answers: [{ en: 'Yes', sl: 'Da' }, { en: 'No', sl: 'Ne' }], required: true, allow_comments: false },
    { id: 'c1', type: 'checkbox', title: { en: 'Perks' }, description: {}, answers: [{ en: 'Gym' }], required: false, allow_comments: false },
    { id: 't1', type: 'text250', title: { en: 'Idea' }, description: {}, answers: [], required: false, allow_comments: false },
  ],
  report_questions: [],
  puls_question_ids: [],
  default_language: 'en',
  base: {
    dimensions: [
      {
        question: 'department',
        values: [
          { key: 'Razvoj', merged: [] },
          { key: 'Prodaja', merged: [] },
          { key: '~other', merged: ['Finance in kadri', 'Pravna služba'] },
          { key: '', merged: [] },
        ],
      },
      {
        question: 'location',
        values: [
          { key: 'Ljubljana', merged: [] },
          { key: '~other', merged: ['Maribor', 'Koper', ''] },
        ],
      },
      { question: 'extra:r1', values: [{ key: '0', merged: [] }, { key: '1', merged: [] }, { key: '~withheld', merged: [] }] },
    ],
    left_out: [
      { question: 'demographic:gender', reason: 'small-combinations' },
      { question: 'demographic:age_group', reason: 'one-group' },
    ],
    withheld: 6,
  },
};

afterEach(cleanup);

function setup(locale: 'en' | 'sl' = 'en', language: QuestionLanguageCode = locale) {
  const onApply = vi.fn();
  render(
    <MemoryRouter initialEntries={[locale === 'en' ? '/en/report/basic?survey=1' : '/porocilo/osnovno?survey=1']}>
      <I18nextProvider i18n={createI18n(locale)}>
        <ReportSettingsForm options={OPTIONS} busy={false} initial={{ language, chosen: [], group: null, answers: [] }} onApply={onApply} />
      </I18nextProvider>
    </MemoryRouter>,
  );
  return onApply;
}

const checkboxNames = (el: HTMLElement) => within(el).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent ?? '');
const answerList = (key: string) => {
  const details = screen.getByTestId('answer-filters').querySelector<HTMLElement>(`details[data-key="${key}"]`);
  if (!details) throw new Error(`no answers for ${key}`);
  return details;
};

describe('report settings', () => {
  it('offers only the dimensions of the reporting base, in its order, as groups and as answers', () => {
    expect(filterKeys(OPTIONS)).toEqual({
      groups: ['department', 'location', 'extra:r1'],
      answers: ['department', 'location', 'extra:r1'],
    });
    expect(filterKeys({ ...OPTIONS, base: null })).toEqual({ groups: [], answers: [] });
  });

  it('en: groups and answers are the released values; "Other" is named with what it holds; never "no answer" or "withheld"', () => {
    setup('en');
    expect(checkboxNames(screen.getByTestId('group-filters'))).toEqual(['Department', 'Location', 'Review?']);
    expect(checkboxNames(answerList('department'))).toEqual(['Razvoj', 'Prodaja', 'Other: Finance in kadri, Pravna služba']);
    expect(checkboxNames(answerList('location'))).toEqual(['Ljubljana', 'Other: Maribor, Koper, no answer']);
    expect(checkboxNames(answerList('extra:r1'))).toEqual(['Yes', 'No']);
    expect(screen.getByTestId('answer-filters').querySelectorAll('details')).toHaveLength(3);
  });

  it('en: a note names the questions left out and why, and says what "Other" is', () => {
    setup('en');
    const note = screen.getByTestId('left-out-note');
    expect(note.textContent).toContain(`${enReports.settings.leftOutSmall}What is your gender?`);
    expect(note.textContent).toContain(`${enReports.settings.leftOutOneGroup}How old are you?`);
    expect(note.textContent).toContain(enReports.settings.otherNote);
    expect(note.textContent).not.toMatch(/Perks|Idea/);
  });

  it('sl: the same in Slovenian (UI words) with the report language\'s labels', () => {
    setup('sl');
    expect(checkboxNames(screen.getByTestId('group-filters'))).toEqual(['Oddelek', 'Lokacija', 'Razgovor?']);
    expect(checkboxNames(answerList('department'))).toContain('Drugo: Finance in kadri, Pravna služba');
    expect(checkboxNames(answerList('location'))).toEqual(['Ljubljana', 'Drugo: Maribor, Koper, brez odgovora']);
    expect(checkboxNames(answerList('extra:r1'))).toEqual(['Da', 'Ne']);
    const note = screen.getByTestId('left-out-note');
    expect(note.textContent).toContain(`${slReports.settings.leftOutSmall}Katerega spola ste?`);
    expect(note.textContent).toContain(`${slReports.settings.leftOutOneGroup}Koliko ste stari?`);
    expect(note.textContent).toContain(slReports.settings.otherNote);
  });

  it('no note when nothing is merged or left out', () => {
    render(
      <MemoryRouter>
        <I18nextProvider i18n={createI18n('en')}>
          <ReportSettingsForm
            options={{ ...OPTIONS, base: { dimensions: [{ question: 'department', values: [{ key: 'Razvoj', merged: [] }] }], left_out: [], withheld: 0 } }}
            busy={false}
            initial={{ language: 'en', chosen: [], group: null, answers: [] }}
            onApply={vi.fn()}
          />
        </I18nextProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('left-out-note')).toBeNull();
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

  it('keeps two answers: a third is refused with the message; apply sends what is ticked ("Other" as its key)', () => {
    const onApply = setup();
    const answers = screen.getByTestId('answer-filters');
    fireEvent.click(within(answers).getByRole('checkbox', { name: 'Other: Maribor, Koper, no answer' }));
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
        { question: 'location', value: '~other' },
        { question: 'extra:r1', value: '0' },
      ],
    });
  });
});
