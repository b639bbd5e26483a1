/**
 * The rounds of a PULS survey on the administrator's application page, against a stubbed fetch: dates, states and
 * responses per round; ending the open round early (confirmation with what happens to the next round); the close
 * dialog naming the rounds that will not run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { pulsApplicationDraftSchema, type PulsRoundView } from '../../../shared/schemas/application';
import { json, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import ApplicationPage from './application-page';

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};
beforeEach(() => {
  ({ calls, routes } = stubApi());
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

const draft = pulsApplicationDraftSchema.parse({ details: { name: 'Utrip', cadence: 'monthly', rounds: 3, languages: ['sl'], code_type: 'identical', online_respondents: 3 }, questions: ['P01'] });
const detail = (state: string, rounds: PulsRoundView[]) => ({
  id: 12,
  type: 'puls',
  state,
  name: 'Utrip',
  start_date: '2030-09-10',
  end_date: '2030-09-16',
  created_at: '2030-08-01T08:00:00Z',
  updated_at: '2030-08-01T08:00:00Z',
  submitted_at: '2030-08-02T08:00:00Z',
  approved_at: '2030-08-03T08:00:00Z',
  review_comment: null,
  draft,
  saved_at: '2030-08-01T08:00:00Z',
  company: { id: 7, name: 'Demo podjetje d.o.o.', tax_number: 'SI12345678', city: 'Ljubljana', employees: 40 },
  user_email: 'demo@example.com',
  codes: { online: 1, offline: 0, used: 4, revoked: 0 },
  submit_issues: [],
  rounds,
});

const render = () => renderPage(<ApplicationPage />, { locale: 'en', ns: ['common', 'admin'], route: 'adminApplication', url: '/en/admin/applications/12' });

describe('PULS rounds on the application page', () => {
  it('lists each round with its dates, state and responses; only the open round of a running survey can be ended', async () => {
    routes['GET /api/admin/applications/12'] = () =>
      json(200, { data: detail('in_progress', [round(1, { state: 'closed', responses: 6, closed_at: '2030-09-12T10:00:00.000Z', ended_early: true }), round(2, { state: 'open', responses: 3 }), round(3)]) });
    render();
    const card = await screen.findByTestId('application-rounds');
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Round 1', '10.09.2030 – 16.09.2030ended early on 12.09.2030', 'Ended early', '6', '–'],
      ['Round 2', '10.10.2030 – 16.10.2030', 'Open', '3', 'End round 2 now'],
      ['Round 3', '10.11.2030 – 16.11.2030', 'Not started', '–', '–'],
    ]);
    expect(within(card).getAllByRole('button')).toHaveLength(1);
  });

  it('ends the open round after a confirmation that says what happens next, and shows the rounds again', async () => {
    let ended = false;
    routes['GET /api/admin/applications/12'] = () =>
      json(200, { data: detail('in_progress', ended ? [round(1, { state: 'closed', responses: 5, closed_at: '2030-09-12T10:00:00.000Z', ended_early: true }), round(2), round(3)] : [round(1, { state: 'open', responses: 5 }), round(2), round(3)]) });
    routes['POST /api/admin/applications/12/rounds/1/close'] = () => {
      ended = true;
      return json(200, { data: { state: 'in_progress', rounds: [] } });
    };
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'End round 1 now' }));
    const dialog = screen.getByRole('dialog', { name: 'End round 1 of “Utrip” now?' });
    expect(dialog.textContent).toContain('Round 1 closes now instead of on 16.09.2030');
    expect(dialog.textContent).toContain('Round 2 keeps its schedule: it opens on 10.10.2030.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'End round 1 now' }));
    expect((await screen.findByRole('status')).textContent).toContain('Round 1 is closed: its report is available, and the next round keeps its schedule.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/applications/12/rounds/1/close']);
    expect(await within(screen.getByTestId('application-rounds')).findByText('Ended early')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^End round/ })).toBeNull();
  });

  it('ending the last round says the survey finishes with it', async () => {
    routes['GET /api/admin/applications/12'] = () => json(200, { data: detail('in_progress', [round(1, { state: 'closed', responses: 5, closed_at: '2030-09-16T21:59:00.000Z' }), round(2, { state: 'open' })]) });
    routes['POST /api/admin/applications/12/rounds/2/close'] = () => json(200, { data: { state: 'finished', rounds: [] } });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'End round 2 now' }));
    const dialog = screen.getByRole('dialog', { name: 'End round 2 of “Utrip” now?' });
    expect(dialog.textContent).toContain('It is the last round: the survey is finished with it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'End round 2 now' }));
    expect((await screen.findByRole('status')).textContent).toContain('Round 2 is closed and the survey is finished.');
  });

  it('closing the survey names the open round that closes and the rounds that will not run; afterwards they show as cancelled', async () => {
    routes['GET /api/admin/applications/12'] = () => json(200, { data: detail('in_progress', [round(1, { state: 'open', responses: 2 }), round(2), round(3)]) });
    const { unmount } = render();
    fireEvent.click(await screen.findByRole('button', { name: 'Close the survey' }));
    const note = within(screen.getByRole('dialog', { name: 'Close “Utrip”?' })).getByTestId('close-rounds-note');
    expect(note.textContent).toContain('Round 1 is open: it closes now, and its answers so far are in the report.');
    expect(note.textContent).toContain('2 rounds have not started and will not run (rounds 2 and 3); the report will say so.');
    unmount();

    routes['GET /api/admin/applications/12'] = () =>
      json(200, { data: detail('finished', [round(1, { state: 'closed', responses: 2, closed_at: '2030-09-12T10:00:00.000Z', ended_early: true }), round(2, { cancelled: true }), round(3, { cancelled: true })]) });
    render();
    const card = await screen.findByTestId('application-rounds');
    expect(within(card).getAllByText('Cancelled')).toHaveLength(2);
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    // No action column once the survey is finished.
    expect(within(card).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Round', 'Dates', 'State', 'Responses']);
  });
});
