import { cleanup, render, screen, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import deReports from '../../../shared/i18n/de/reports.json';
import enReports from '../../../shared/i18n/en/reports.json';
import { IZZ_CATEGORY_IDS } from '../../../shared/question-banks';
import type { FigureSet, ReportFigures, ReportGroup } from '../../../shared/schemas/report';
import type { ReportOptions } from './report-api';
import { ReportView } from './report-view';

function createI18n(lng: 'en' | 'de'): I18n {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { en: { reports: enReports }, de: { reports: deReports } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return i18n;
}

const enps = { score: 10, promoters: 3, passives: 4, detractors: 2, promoters_pct: 30, passives_pct: 40, detractors_pct: 20, distribution: new Array<number>(11).fill(1), n: 10 };
const set: FigureSet = { esi: { score: 60, n: 10 }, esi_questions: [], enps, categories: IZZ_CATEGORY_IDS.map((id) => ({ id, mean: 3, favourable_pct: 70, n: 10 })), statements: [] };
const group = (g: Partial<ReportGroup> & { key: string }): ReportGroup => ({ label: null, no_answer: false, merged: [], withheld: false, n: 10, suppressed: false, reason: null, figures: set, comments: [], extra_questions: [], ...g });

const OPTIONS: ReportOptions = {
  type: 'izz',
  name: 'IZZ',
  company: 'Demo',
  departments: ['Razvoj', 'Finance', 'Pravna služba'],
  locations: [],
  demographic_ids: ['gender'],
  extra_questions: [{ id: 'r1', type: 'radio', title: { en: 'Review?' }, description: {}, answers: [{ en: 'Yes' }, { en: 'No' }, { en: 'Maybe' }], required: true, allow_comments: false }],
  report_questions: [],
  puls_question_ids: [],
  default_language: 'en',
  base: {
    dimensions: [
      { question: 'department', values: [{ key: 'Razvoj', merged: [] }, { key: '~other', merged: ['Finance', 'Pravna služba', ''] }, { key: '~withheld', merged: [] }] },
      { question: 'extra:r1', values: [{ key: '0', merged: [] }, { key: '~other', merged: ['1', '2'] }] },
    ],
    left_out: [{ question: 'demographic:gender', reason: 'small-combinations' }],
    withheld: 6,
  },
};

const groups = [
  group({ key: 'Razvoj', label: 'Razvoj' }),
  group({ key: '~other', merged: ['Finance', 'Pravna služba', null] }),
  group({ key: '~withheld', withheld: true, n: 6 }),
];
const FIGURES: ReportFigures = {
  version: 1,
  language: 'en',
  min_group_size: 5,
  meta: {
    survey_id: 1,
    name: 'IZZ',
    company: 'Demo',
    employees: 40,
    start_date: null,
    end_date: null,
    responses: { total: 26, online: 26, kiosk: 0, paper: 0 },
    occupancy_pct: 65,
    margin_of_error: { p90: 10, p95: 12 },
  },
  filter: { group: 'department', answers: [{ question: 'department', value: '~other' }] },
  population: { n: 10, suppressed: false, reason: null },
  ...set,
  chosen_questions: [],
  breakdown: { question: 'department', groups },
  heatmap: {
    categories: [...IZZ_CATEGORY_IDS],
    columns: groups.map((g) => ({ key: g.key, label: g.label, no_answer: g.no_answer, merged: g.merged, withheld: g.withheld, n: g.n, suppressed: false, reason: null, cells: IZZ_CATEGORY_IDS.map((category) => ({ category, mean: 3, favourable_pct: 70, suppressed: false })) })),
  },
  extra_questions: [
    {
      type: 'radio',
      id: 'r1',
      title: 'Review?',
      n: 26,
      suppressed: false,
      comments: [],
      options: [
        { index: 0, label: 'Yes', count: 20, pct: 76.9, other: false, suppressed: false },
        { index: 1, label: 'No, Maybe', count: 6, pct: 23.1, other: true, suppressed: false },
      ],
    },
  ],
  comments: { praise_critique: [] },
  protection: {
    merged: [
      { question: 'department', values: ['Finance', 'Pravna služba', null] },
      { question: 'extra:r1', values: ['No', 'Maybe'] },
    ],
    left_out: [{ question: 'demographic:gender', reason: 'small-combinations' }],
    withheld: 6,
  },
};

afterEach(cleanup);

function setup(locale: 'en' | 'de', figures: ReportFigures = FIGURES) {
  render(
    <MemoryRouter initialEntries={[locale === 'en' ? '/en/report/basic?survey=1' : '/de/report/basic?survey=1']}>
      <I18nextProvider i18n={createI18n(locale)}>
        <ReportView figures={figures} options={OPTIONS} />
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('report view', () => {
  it('en: groups, heatmap columns, the filter and extra options name "Other" and "Withheld" in words', () => {
    setup('en');
    const rows = within(screen.getByTestId('breakdown-table')).getAllByRole('rowheader').map((r) => r.textContent);
    expect(rows).toEqual(['Razvoj', 'Other: Finance, Pravna služba, no answer', 'Withheld for anonymity']);
    // The breakdown's title is the one the PDF and Excel print (labels.breakdown with the group's short name).
    expect(screen.getByRole('heading', { level: 2, name: 'By group: Department' })).toBeTruthy();
    expect(within(screen.getByTestId('heatmap')).getByRole('columnheader', { name: /^Other: Finance, Pravna služba, no answer/ })).toBeTruthy();
    expect(screen.getByTestId('filter-summary').textContent).toContain('Department: Other: Finance, Pravna služba, no answer');
    expect(screen.getByTestId('extra-r1').textContent).toContain('Other: No, Maybe');
  });

  it('en: the protection section lists merged values, left-out questions and the withheld respondents', () => {
    setup('en');
    const p = screen.getByTestId('protection');
    expect(p.textContent).toContain('Every group shown holds at least 5 respondents.');
    expect(within(screen.getByTestId('protection-merged')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Department: Finance, Pravna služba, no answer', 'Review?: No, Maybe']);
    expect(screen.getByTestId('protection-left-out-small-combinations').textContent).toContain('What is your gender?');
    expect(screen.getByTestId('protection-withheld').textContent).toBe(
      'For 6 respondents, the answers that would place them in a group are withheld: they count in the overall figures and appear in breakdowns only together, as the group “Withheld for anonymity”.',
    );
  });

  it('de: the words and the plural are German; no withheld sentence without withheld respondents', () => {
    setup('de');
    expect(within(screen.getByTestId('breakdown-table')).getAllByRole('rowheader').map((r) => r.textContent)).toContain('Sonstige: Finance, Pravna služba, keine Antwort');
    expect(screen.getByTestId('protection-withheld').textContent).toContain('Bei 6 Teilnehmenden');
    cleanup();
    setup('de', { ...FIGURES, protection: { merged: [], left_out: [], withheld: 0 } });
    expect(screen.queryByTestId('protection-withheld')).toBeNull();
    expect(screen.getByTestId('protection').textContent).toContain(deReports.labels.protection.nothing);
  });

  it('a question left out of the base says so instead of "0 answered"', () => {
    setup('en', {
      ...FIGURES,
      extra_questions: [{ type: 'radio', id: 'r1', title: 'Review?', n: 0, suppressed: true, comments: [], options: [] }],
      protection: { ...FIGURES.protection, left_out: [{ question: 'extra:r1', reason: 'one-group' }] },
    });
    const extra = screen.getByTestId('extra-r1');
    // Its reason: nearly everyone gave the same answer (not "so that no small group can be recognised").
    expect(extra.textContent).toContain(enReports.labels.notAvailable.oneGroup);
    expect(extra.textContent).not.toContain('0 answered');
    expect(screen.getByTestId('protection-left-out-one-group').textContent).toContain('Review?');
    cleanup();
    setup('de', {
      ...FIGURES,
      extra_questions: [{ type: 'radio', id: 'r1', title: 'Review?', n: 0, suppressed: true, comments: [], options: [] }],
      protection: { ...FIGURES.protection, left_out: [{ question: 'extra:r1', reason: 'spread' }] },
    });
    expect(screen.getByTestId('extra-r1').textContent).toContain('Nicht verfügbar: Die Antworten verteilten sich auf zu viele kleine Gruppen.');
  });

  it('a question left out as a group and filter shows its answers over every respondent, and says so', () => {
    const overall: ReportFigures = {
      ...FIGURES,
      filter: { group: null, answers: [] },
      breakdown: null,
      extra_questions: [
        {
          type: 'radio',
          id: 'r1',
          title: 'Review?',
          n: 26,
          suppressed: false,
          comments: [],
          overall_only: true,
          options: [
            { index: 0, label: 'Yes', count: 20, pct: 76.9, other: false, suppressed: false },
            { index: 1, label: 'No, Maybe', count: 6, pct: 23.1, other: true, suppressed: false },
          ],
        },
      ],
      protection: { ...FIGURES.protection, merged: [], left_out: [{ question: 'extra:r1', reason: 'small-combinations' }] },
    };
    const withoutR1 = { ...OPTIONS, base: { ...OPTIONS.base!, dimensions: OPTIONS.base!.dimensions.filter((d) => d.question !== 'extra:r1'), left_out: [{ question: 'extra:r1', reason: 'small-combinations' as const }] } };
    const show = (locale: 'en' | 'de') =>
      render(
        <MemoryRouter initialEntries={[`/${locale}/report/basic?survey=1`]}>
          <I18nextProvider i18n={createI18n(locale)}>
            <ReportView figures={overall} options={withoutR1} />
          </I18nextProvider>
        </MemoryRouter>,
      );
    show('en');
    const extra = screen.getByTestId('extra-r1');
    expect(within(extra).getByTestId('extra-overall-only').textContent).toBe('Shown for all respondents only: the question is not available as a group or filter.');
    expect(extra.textContent).toContain('26 answered');
    expect(extra.textContent).toContain('76.9% (20)');
    expect(extra.textContent).toContain('Other: No, Maybe');
    expect(within(extra).queryByTestId('extra-left-out')).toBeNull();
    cleanup();
    show('de');
    expect(within(screen.getByTestId('extra-r1')).getByTestId('extra-overall-only').textContent).toBe('Nur für alle Teilnehmenden gezeigt: Die Frage ist als Gruppe oder Filter nicht verfügbar.');
    expect(screen.getByTestId('extra-r1').textContent).toContain('Sonstige: No, Maybe');
  });

  it('the protection section tells a question whose answers were spread thinly from one where nearly everyone gave the same answer', () => {
    setup('en', { ...FIGURES, protection: { ...FIGURES.protection, left_out: [{ question: 'extra:r1', reason: 'spread' }, { question: 'demographic:gender', reason: 'one-group' }] } });
    expect(screen.getByTestId('protection-left-out-spread').textContent).toBe(`${enReports.labels.protection.spread.replace('{{min}}', '5')}Review?`);
    expect(screen.getByTestId('protection-left-out-one-group').textContent).toBe(`${enReports.labels.protection.oneGroup}What is your gender?`);
  });

  it('a hidden question that stays in the base says "fewer than 5 answered", never "0 answered"', () => {
    setup('en', { ...FIGURES, extra_questions: [{ type: 'radio', id: 'r1', title: 'Review?', n: 0, suppressed: true, comments: [], options: [] }] });
    const extra = screen.getByTestId('extra-r1');
    expect(extra.textContent).toContain('fewer than 5 answered');
    expect(extra.textContent).not.toContain('0 answered');
  });

  it('a checkbox option ticked by fewer than the minimum shows the hidden marker, not its count', () => {
    const options = [
      { index: 0, label: 'Meals', count: 26, pct: 100, other: false, suppressed: false },
      { index: 1, label: 'Crèche', count: null, pct: null, other: false, suppressed: true },
    ];
    setup('en', { ...FIGURES, extra_questions: [{ type: 'checkbox', id: 'r1', title: 'Benefits', n: 26, suppressed: false, comments: [], options }] });
    const rows = screen.getByTestId('extra-r1').querySelectorAll('.bar-row');
    expect(rows[0]!.textContent).toContain('(26)');
    expect(rows[1]!.textContent).toContain('⊘');
    expect(rows[1]!.textContent).toContain('hidden: fewer than 5 respondents');
    expect(rows[1]!.textContent).not.toMatch(/%|\(/);
  });

  it('a survey below the minimum with no answers selected is not told to choose other answers', () => {
    setup('en', { ...FIGURES, filter: { group: null, answers: [] }, population: { n: null, suppressed: true, reason: 'below-minimum' } });
    const note = screen.getByTestId('population-hidden').textContent ?? '';
    expect(note).toContain('This survey has fewer than 5 responses');
    expect(note).not.toContain('Choose other answers');
    cleanup();
    setup('en', { ...FIGURES, population: { n: null, suppressed: true, reason: 'below-minimum' } });
    expect(screen.getByTestId('population-hidden').textContent).toContain('Choose other answers');
  });

  it('prints no margin of error without a population', () => {
    setup('en', { ...FIGURES, meta: { ...FIGURES.meta, employees: null, occupancy_pct: null, margin_of_error: { p90: null, p95: null } } });
    expect(screen.queryByTestId('margin')).toBeNull();
    cleanup();
    setup('en');
    expect(screen.getByTestId('margin')).toBeTruthy();
  });
});
