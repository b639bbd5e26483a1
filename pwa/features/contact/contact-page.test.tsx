import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import ContactPage from './contact-page';
import type * as ContactApi from './contact-api';

vi.mock('./contact-api', async (importOriginal) => {
  const real = await importOriginal<typeof ContactApi>();
  // Solving the real proof of work is covered by the Playwright journey.
  return { ...real, solveToPayload: vi.fn(async () => 'c29sdmVk') };
});

const challenge = { algorithm: 'SHA-256', challenge: 'abc', maxnumber: 1000, salt: 's', signature: 'sig' };

/** Renders the contact page at its URL in the locale, with the real texts (no fallback language). */
function renderContact(lng: 'sl' | 'en') {
  return renderPage(<ContactPage />, { locale: lng, ns: ['common', 'pages'], route: 'contact' });
}

let contactAnswer: ApiHandler;
let calls: ApiCall[] = [];

beforeEach(() => {
  contactAnswer = () => json(202, { data: { status: 'queued' } });
  ({ calls } = stubApi({
    'GET /api/config': () => json(200, { data: { contact_email: 'info@example.si', contact_phone: '+386 1 234 56 78' } }),
    'GET /api/contact/challenge': () => json(200, challenge),
    'POST /api/contact': (call) => contactAnswer(call),
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('contact page', () => {
  it('shows the operator contact details from /api/config', async () => {
    renderContact('sl');
    expect(await screen.findByText('info@example.si')).toBeTruthy();
    expect(screen.getByText('+386 1 234 56 78').getAttribute('href')).toBe('tel:+38612345678');
  });

  it('shows field errors in Slovenian beside the fields when submitted empty', async () => {
    renderContact('sl');
    fireEvent.click(screen.getByRole('button', { name: 'Pošlji sporočilo' }));
    const name = screen.getByLabelText('Ime in priimek');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const errorId = name.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Vnesite svoje ime.');
    expect(screen.getByText('Vnesite e-poštni naslov.')).toBeTruthy();
    expect(screen.getByText('Napišite sporočilo.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(calls.some((c) => c.url === '/api/contact')).toBe(false);
  });

  it('solves the challenge, posts with X-Locale and shows the success notice (en)', async () => {
    renderContact('en');
    fill({ 'Name and surname': 'Ana Novak', 'E-mail address': 'ana@example.com', Message: 'How much is a survey for 120 people?' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thank you! We have received your message and will reply soon.')).toBeTruthy();
    const post = calls.find((c) => c.url === '/api/contact');
    expect(post?.headers.get('X-Locale')).toBe('en');
    const body = post?.body as Record<string, unknown>;
    expect(body).toEqual({
      name: 'Ana Novak',
      email: 'ana@example.com',
      company: '',
      phone: '',
      message: 'How much is a survey for 120 people?',
      locale: 'en',
      altcha: 'c29sdmVk',
    });
    expect(body).not.toHaveProperty('to');
  });

  it('shows localized server messages: field details and rate limiting', async () => {
    contactAnswer = () =>
      json(422, {
        error: {
          code: 'validation-failed',
          message: 'Nekateri podatki niso veljavni. Preverite označena polja.',
          details: [{ path: 'email', message: 'Neveljaven e-poštni naslov.' }],
        },
      });
    renderContact('sl');
    fill({ 'Ime in priimek': 'Ana Novak', 'E-poštni naslov': 'ana@example.com', Sporočilo: 'Zanima me cena raziskave.' });
    fireEvent.click(screen.getByRole('button', { name: 'Pošlji sporočilo' }));
    expect(await screen.findByText('Neveljaven e-poštni naslov.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Nekateri podatki niso veljavni. Preverite označena polja.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-poštni naslov')));

    contactAnswer = () => json(429, { error: { code: 'rate-limited', message: 'Preveč poskusov. Počakajte trenutek in poskusite znova.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pošlji sporočilo' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Preveč poskusov. Počakajte trenutek in poskusite znova.'));
  });

  it('says so when the security check cannot be loaded', async () => {
    stubApi({ 'GET /api/config': () => json(500, {}), '*': () => json(503, {}) });
    renderContact('en');
    fill({ 'Name and surname': 'Ana Novak', 'E-mail address': 'ana@example.com', Message: 'A question about reports.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('The security check could not be completed. Please try again.')).toBeTruthy();
    expect(screen.getByText('Contact details are not available right now. Please use the form.')).toBeTruthy();
  });
});
