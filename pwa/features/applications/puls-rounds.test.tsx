/**
 * The rounds of a PULS survey on the company's survey page (/profile/puls/:id), against a stubbed fetch: each
 * round's dates, state and responses, a round ended early with its day, and the rounds that will not run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { pulsApplicationDraftSchema, type PulsRoundView } from '../../../shared/schemas/application';
import { json, renderPage, stubApi, type ApiHandler } from '../../test/render';
import PulsDetailPage from './puls-detail-page';

let routes: Record<string, ApiHandler> = {};
beforeEach(() => {
  ({ routes } = stubApi());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const round = (number: number, over: Partial<PulsRoundView> = {}): PulsRoundView => ({
  number,
  opens_on: `2030-0${String(number + 8)}-10`,
  closes_on: `2030-0${String(number + 8)}-16`,
  invitation_at: `2030-0${String(number + 8)}-10T07:00:00.000Z`,
  reminder_at: null,
  state: 'pending',
  responses: 0,
  closed_at: null,
  ended_early: false,
  cancelled: false,
  ...over,
});

function stub(state: string, rounds: PulsRoundView[]) {
  const draft = pulsApplicationDraftSchema.parse({ details: { name: 'Utrip', cadence: 'monthly', rounds: 3, languages: ['en'], code_type: 'identical', online_respondents: 10 }, questions: ['P01'] });
  routes['GET /api/applications/12'] = () =>
    json(200, { data: { id: 12, type: 'puls', state, name: 'Utrip', start_date: '2030-09-10', end_date: '2030-09-16', created_at: '', updated_at: '', submitted_at: null, approved_at: null, review_comment: null, draft, saved_at: '' } });
  routes['GET /api/applications/12/status'] = () =>
    json(200, {
      data: {
        state,
        start_date: '2030-09-10',
        end_date: '2030-09-16',
        invitation_at: null,
        reminder_at: null,
        next_reminder_at: null,
        remaining_seconds: 0,
        employees: 10,
        planned: { online: 10, offline: 0 },
        responses: { online: 0, offline: 0, total: 0 },
        occupancy: { online: 0, offline: 0, total: 0 },
        codes: { online: 1, offline: 0, used: 0, paper_unused: 0 },
        current_round: 2,
        rounds,
      },
    });
}

const render = () => renderPage(<PulsDetailPage />, { locale: 'en', ns: ['common', 'applications', 'reports', 'kiosk', 'paper-entry'], route: 'profilePulsDetail', url: '/en/profile/puls/12' });
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('PULS rounds on the company page', () => {
  it('a running survey: dates, states and responses per round (the open round counts as it goes), a round ended early with its day', async () => {
    stub('in_progress', [round(1, { state: 'closed', responses: 6, closed_at: '2030-09-12T10:00:00.000Z', ended_early: true }), round(2, { state: 'open', responses: 3 }), round(3)]);
    render();
    const card = await screen.findByTestId('puls-rounds');
    expect(within(card).getByRole('heading', { level: 2, name: 'Rounds' })).toBeTruthy();
    expect(within(card).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Round 1', '10.09.2030 – 16.09.2030ended early on 12.09.2030', 'Ended early', '6'],
      ['Round 2', '10.10.2030 – 16.10.2030', 'Open', '3'],
      ['Round 3', '10.11.2030 – 16.11.2030', 'Not started', '–'],
    ]);
    expect(screen.queryByTestId('puls-rounds-cancelled')).toBeNull();
    // Ending a round is the administrator's: no button here.
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
  });

  it('a survey closed early: its later rounds are cancelled and named under the table', async () => {
    stub('finished', [round(1, { state: 'closed', responses: 6, closed_at: '2030-09-12T10:00:00.000Z', ended_early: true }), round(2, { cancelled: true }), round(3, { cancelled: true })]);
    render();
    const card = await screen.findByTestId('puls-rounds');
    expect(within(card).getAllByRole('row').slice(1).map(cells).map((c) => c[2])).toEqual(['Ended early', 'Cancelled', 'Cancelled']);
    expect(screen.getByTestId('puls-rounds-cancelled').textContent).toBe('2 rounds will not run (rounds 2 and 3): the survey was closed before them.');
  });
});
