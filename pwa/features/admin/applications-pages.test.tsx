/**
 * The administrator's review of survey applications against a stubbed fetch: the list and its
 * filters, the detail page (bank texts in the UI language, extra questions in every language,
 * e-mails per language, submit issues) and the actions with their dialogs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { localizedPath, type RouteId } from '../../../shared/routes';
import { izzApplicationDraftSchema, pulsApplicationDraftSchema } from '../../../shared/schemas/application';
import { json, LocationProbe, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import ApplicationsPage from './applications-page';
import ApplicationPage from './application-page';

function renderAt(element: ReactElement, id: RouteId, url: string) {
  return renderPage(element, { locale: 'en', ns: ['common', 'admin'], route: id, url, after: <LocationProbe /> });
}

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

beforeEach(() => {
  // jsdom has no showModal: the Modal falls back to the open attribute.
  ({ calls, routes } = stubApi());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = {
  id: 12,
  type: 'puls',
  state: 'submitted',
  name: 'PULS quarterly',
  start_date: '2030-04-01',
  end_date: '2030-05-01',
  created_at: '2030-03-01T08:00:00Z',
  updated_at: '2030-03-01T08:00:00Z',
  submitted_at: '2030-03-02T08:30:00Z',
  approved_at: null,
  review_comment: null,
  company_id: 7,
  company_name: 'Demo podjetje d.o.o.',
  respondents: { online: 3, offline: 0 },
};

describe('applications list', () => {
  it('shows what waits for review by default and filters by state and type through the URL', async () => {
    routes['GET /api/admin/applications'] = () => json(200, { data: { items: [item], total: 1, page: 1, page_size: 20 } });
    renderAt(<ApplicationsPage />, 'adminApplications', localizedPath('adminApplications', 'en'));
    const table = await screen.findByTestId('applications-table');
    expect(calls[0]?.query.get('state')).toBe('review');
    expect(calls[0]?.query.get('type')).toBeNull();
    const row = within(table).getByRole('row', { name: /PULS quarterly/ });
    expect(row.textContent).toContain('Demo podjetje d.o.o.');
    expect(row.textContent).toContain('Submitted');
    expect(row.textContent).toContain('01.04.2030 – 01.05.2030');
    expect(row.textContent).toContain('3 online, 0 on paper');
    expect(row.textContent).toContain('02.03.2030 09:30');
    expect(within(row).getByRole('link', { name: 'PULS quarterly' }).getAttribute('href')).toBe('/en/admin/applications/12');

    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'approved' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Survey type' }), { target: { value: 'izz' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('/en/admin/applications?state=approved&type=izz'));
    await waitFor(() => expect(calls.at(-1)?.query.get('type')).toBe('izz'));
    expect(calls.at(-1)?.query.get('state')).toBe('approved');
  });

  it('all states: no state parameter; an empty list says so', async () => {
    routes['GET /api/admin/applications'] = () => json(200, { data: { items: [], total: 0, page: 1, page_size: 20 } });
    renderAt(<ApplicationsPage />, 'adminApplications', '/en/admin/applications?state=all');
    expect(await screen.findByText('No applications in this list.')).toBeTruthy();
    expect(calls[0]?.query.get('state')).toBeNull();
  });
});

const izzDraft = izzApplicationDraftSchema.parse({
  details: {
    name: 'IZZ 2030',
    collection: 'combined',
    start_date: '2030-03-10',
    end_date: '2030-03-31',
    online_respondents: 3,
    offline_respondents: 2,
    code_type: 'different',
    invitation_date: '2030-03-10',
    invitation_time: '09:00',
    reminder_date: '2030-03-15',
    reminder_time: '10:30',
    languages: ['sl', 'en'],
    respondent_emails: [
      { email: 'ana@x.test', language: 'sl' },
      { email: 'bob@x.test', language: 'en' },
      { email: 'cene@x.test', language: 'sl' },
    ],
  },
  report_questions: ['JC01'],
  additional_options: { report_language: 'hr', comparative_report: true },
  demographics: { questions: ['gender'], departments: ['Razvoj', 'Prodaja'], locations: ['Maribor'] },
  extra_questions: [
    { id: 'q1', type: 'radio', title: { sl: 'Ali bi priporočili?', en: 'Would you recommend?' }, description: {}, answers: [{ sl: 'Da', en: 'Yes' }, { sl: 'Ne' }] },
  ],
});

const detail = (over: Record<string, unknown> = {}) => ({
  ...item,
  type: 'izz',
  name: 'IZZ 2030',
  draft: izzDraft,
  saved_at: item.updated_at,
  company: { id: 7, name: 'Demo podjetje d.o.o.', tax_number: 'SI12345678', city: 'Ljubljana', employees: 40 },
  user_email: 'demo@example.com',
  codes: { online: 0, offline: 0, used: 0, revoked: 0 },
  submit_issues: [{ path: 'details.start_date', message: 'field:start-in-past' }],
  ...over,
});

describe('application detail', () => {
  it('shows everything the company sent, readable', async () => {
    routes['GET /api/admin/applications/12'] = () => json(200, { data: detail() });
    renderAt(<ApplicationPage />, 'adminApplication', '/en/admin/applications/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'IZZ 2030' })).toBeTruthy();
    const details = screen.getByTestId('application-details');
    expect(details.textContent).toContain('Online and on paper');
    expect(details.textContent).toContain('10.03.2030 – 31.03.2030');
    expect(details.textContent).toContain('A unique code per respondent');
    expect(details.textContent).toContain('15.03.2030 10:30');
    expect(details.textContent).toContain('Slovenščina, English');
    expect(details.textContent).toContain('3 in total (Slovenščina: 2, English: 1)');
    expect(within(details).getByText('Show the 3 e-mails')).toBeTruthy();
    expect(details.textContent).toContain('cene@x.test');
    // Bank texts in the UI language.
    expect(screen.getByTestId('application-report-questions').textContent).toContain('JC01');
    expect(screen.getByTestId('application-demographics').textContent).toContain('What is your gender?');
    expect(screen.getByTestId('application-demographics').textContent).toContain('Razvoj, Prodaja');
    expect(screen.getByTestId('application-options').textContent).toContain('Hrvatski');
    // Extra questions in every language, a missing text marked.
    const extra = screen.getByTestId('application-extra-questions');
    expect(extra.textContent).toContain('Ali bi priporočili?');
    expect(extra.textContent).toContain('Would you recommend?');
    expect(extra.textContent).toContain('missing');
    // Submit issues, localized.
    expect(screen.getByTestId('application-issues').textContent).toContain('details.start_date');
    expect(screen.getByTestId('application-issues').textContent).not.toContain('field:');
    expect(screen.queryByTestId('application-codes')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Issue new codes' })).toBeNull();
  });

  it('approves after confirmation and shows the codes summary', async () => {
    let state = 'submitted';
    routes['GET /api/admin/applications/12'] = () =>
      json(200, { data: detail(state === 'approved' ? { state, codes: { online: 3, offline: 2, used: 1, revoked: 0 } } : {}) });
    routes['POST /api/admin/applications/12/approve'] = () => {
      state = 'approved';
      return json(200, { data: { ...item, state } });
    };
    renderAt(<ApplicationPage />, 'adminApplication', '/en/admin/applications/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve “IZZ 2030”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/The application is approved/)).toBeTruthy();
    const codes = await screen.findByTestId('application-codes');
    expect(codes.textContent).toContain('Online codes3');
    expect(codes.textContent).toContain('Paper codes2');
    expect(codes.textContent).toContain('Still unused4');
    expect(screen.getByRole('button', { name: 'Issue new codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close the survey' })).toBeTruthy();
  });

  it('request changes needs a comment, then sends it', async () => {
    routes['GET /api/admin/applications/12'] = () => json(200, { data: detail() });
    routes['POST /api/admin/applications/12/request-changes'] = () => json(200, { data: { ...item, state: 'changes_requested' } });
    renderAt(<ApplicationPage />, 'adminApplication', '/en/admin/applications/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Request changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Request changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Enter a comment for the company.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment to the company' }), { target: { value: 'Please fix the dates.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText(/returned to the company/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ comment: 'Please fix the dates.' });
  });

  it('reissues codes and closes a running survey; API errors are shown', async () => {
    routes['GET /api/admin/applications/12'] = () => json(200, { data: detail({ state: 'in_progress', codes: { online: 3, offline: 2, used: 0, revoked: 0 } }) });
    routes['POST /api/admin/applications/12/reissue-codes'] = () => json(200, { data: { online: 3, offline: 2 } });
    routes['POST /api/admin/applications/12/close'] = () => json(409, { error: { code: 'invalid-state', message: 'Not possible in this state.' } });
    renderAt(<ApplicationPage />, 'adminApplication', '/en/admin/applications/12');
    expect(screen.queryByTestId('application-issues')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Issue new codes' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue new codes for “IZZ 2030”?' });
    expect(dialog.textContent).toContain('stops working');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue new codes' }));
    expect(await screen.findByText(/New codes are issued: 3 online and 2 paper codes/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close the survey' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Close “IZZ 2030”?' })).getByRole('button', { name: 'Close the survey' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not possible in this state.');
  });

  it('PULS: cadence, rounds, bank questions and own questions', async () => {
    const draft = pulsApplicationDraftSchema.parse({
      details: { name: 'PULS', cadence: 'quarterly', rounds: 4, languages: ['sl'], code_type: 'identical', online_respondents: 3 },
      questions: ['P01'],
      own_questions: [{ id: 'o1', type: 'text250', title: { sl: 'Kaj bi spremenili?' }, description: {}, answers: [] }],
    });
    routes['GET /api/admin/applications/12'] = () => json(200, { data: detail({ type: 'puls', name: 'PULS', draft, submit_issues: [] }) });
    renderAt(<ApplicationPage />, 'adminApplication', '/en/admin/applications/12');
    const details = await screen.findByTestId('application-details');
    expect(details.textContent).toContain('Quarterly');
    expect(details.textContent).toContain('Rounds4');
    expect(details.textContent).toContain('One shared code');
    expect(details.textContent).not.toContain('Reminder');
    expect(screen.getByTestId('application-puls-questions').textContent).toContain('P01');
    expect(screen.getByTestId('application-own-questions').textContent).toContain('Kaj bi spremenili?');
  });
});
