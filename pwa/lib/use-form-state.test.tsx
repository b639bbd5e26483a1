/** The form kit: schema check in the page's language before any request, server errors on their fields, pending state. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { useTranslation } from 'react-i18next';
import { loginSchema } from '../../shared/schemas/account';
import { FormSummary, TextField } from '../components/ui/form';
import { login } from '../features/accounts/accounts-api';
import { json, renderPage, stubApi, type FakeApi } from '../test/render';
import { useFormState } from './use-form-state';

function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const form = useFormState('kit', { email: '', password: '' }, { labels: { email: t('fields.email'), password: t('fields.password') } });
  const onSubmit = form.submit({
    schema: loginSchema,
    codeFields: { 'email-taken': 'email' },
    send: async (data) => {
      await login(data);
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={form.busy}>
      <FormSummary form={form} />
      <TextField {...form.field('email')} type="email" required />
      <TextField {...form.field('password')} type="password" required />
      <button type="submit" disabled={form.busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}

let api: FakeApi;
beforeEach(() => {
  api = stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^E-(mail address|poštni naslov)$/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^(Password|Geslo)$/), { target: { value: password } });
}

describe('form kit', () => {
  it('shows the schema errors in the page language, focuses the summary and sends nothing', async () => {
    const onDone = vi.fn();
    renderPage(<LoginForm onDone={onDone} />, { locale: 'sl', ns: ['account'], route: 'login' });
    fill('ana@', '');
    fireEvent.click(screen.getByRole('button', { name: 'Prijava' }));
    const email = screen.getByLabelText('E-poštni naslov');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(email)).toBe('Vnesite veljaven e-poštni naslov.');
    expect(errorOf(screen.getByLabelText('Geslo'))).toBe('To polje je obvezno.');
    const summary = screen.getByRole('alert');
    expect(summary.textContent).toContain('Preverite označena polja.');
    expect(summary.textContent).toContain('E-poštni naslov: Vnesite veljaven e-poštni naslov.');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(api.calls).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();

    // Typing into a field clears its error.
    fireEvent.change(email, { target: { value: 'ana@example.com' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('puts the server field errors under their fields, with aria-invalid', async () => {
    api.routes['POST /api/auth/login'] = () =>
      json(422, {
        error: { code: 'validation-failed', message: 'Some data is not valid.', details: [{ location: 'body', path: 'password', code: 'too_small', message: 'Too short for us.' }] },
      });
    renderPage(<LoginForm onDone={() => {}} />, { locale: 'en', ns: ['account'], route: 'login' });
    fill('ana@example.com', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Please check the marked fields.');
    expect(summary.textContent).toContain('Password: Too short for us.');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(password)).toBe('Too short for us.');
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBeNull();
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/api/auth/login', { email: 'ana@example.com', password: 'secret' }]]);
  });

  it('maps a known error code to its field and keeps the server message as the form error', async () => {
    api.routes['POST /api/auth/login'] = () => json(409, { error: { code: 'email-taken', message: 'This e-mail address is already registered.' } });
    renderPage(<LoginForm onDone={() => {}} />, { locale: 'en', ns: ['account'], route: 'login' });
    fill('ana@example.com', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const summary = await screen.findByRole('alert');
    expect(summary.querySelector('.error-summary-title')?.textContent).toBe('This e-mail address is already registered.');
    expect(errorOf(screen.getByLabelText('E-mail address'))).toBe('This e-mail address is already registered.');
  });

  it('is busy while the request runs, and says so when the server cannot be reached', async () => {
    let fail: (err: Error) => void = () => {};
    api.routes['POST /api/auth/login'] = () => new Promise<Response>((_, reject) => (fail = reject));
    const { container } = renderPage(<LoginForm onDone={() => {}} />, { locale: 'en', ns: ['account'], route: 'login' });
    fill('ana@example.com', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' }).hasAttribute('disabled')).toBe(true));
    expect(container.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByLabelText('E-mail address').hasAttribute('disabled')).toBe(true);
    await act(async () => fail(new TypeError('Failed to fetch')));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toBe('The server could not be reached. Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Log in' }).hasAttribute('disabled')).toBe(false);
  });
});
