import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { localizedPath } from '../../../shared/routes';
import enCommon from '../../../shared/i18n/en/common.json';
import slCommon from '../../../shared/i18n/sl/common.json';
import enPages from '../../../shared/i18n/en/pages.json';
import slPages from '../../../shared/i18n/sl/pages.json';
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
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { sl: { common: slCommon, pages: slPages }, en: { common: enCommon, pages: enPages } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[localizedPath('contact', lng)]}>
        <ContactPage />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

type Handler = (url: string, init?: RequestInit) => Response;
let contactAnswer: Handler;
const calls: { url: string; init?: RequestInit }[] = [];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls.length = 0;
  contactAnswer = () => json(202, { data: { status: 'queued' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url === '/api/config') return json(200, { data: { contact_email: 'info@example.si', contact_phone: '+386 1 234 56 78' } });
      if (url === '/api/contact/challenge') return json(200, challenge);
      if (url === '/api/contact') return contactAnswer(url, init);
      return json(404, { error: { code: 'not-found', message: 'Not found' } });
    }),
  );
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
    expect(new Headers(post?.init?.headers).get('X-Locale')).toBe('en');
    const body = JSON.parse(String(post?.init?.body)) as Record<string, unknown>;
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/api/config' ? json(500, {}) : json(503, {}))),
    );
    renderContact('en');
    fill({ 'Name and surname': 'Ana Novak', 'E-mail address': 'ana@example.com', Message: 'A question about reports.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('The security check could not be completed. Please try again.')).toBeTruthy();
    expect(screen.getByText('Contact details are not available right now. Please use the form.')).toBeTruthy();
  });
});
