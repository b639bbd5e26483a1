/** The account calls (contract: docs/api.md and shared/schemas/). Errors arrive as ApiError. */
import type { UiLocale } from '../../../shared/locales';
import type { DeviceMeta, RegistrationInput } from '../../../shared/schemas/account';
import type { CurrentUser } from '../../../shared/schemas/user';
import { api } from '../../lib/api';

type Registration = Omit<RegistrationInput, 'terms_accepted'> & { terms_accepted: true };

export function register(body: Registration, signal?: AbortSignal) {
  return api<{ data: { status: 'confirmation-sent' } }>('/api/auth/register', { method: 'POST', body, locale: body.locale, signal });
}

export async function login(body: { email: string; password: string; device?: DeviceMeta }): Promise<CurrentUser> {
  const res = await api<{ data: CurrentUser }>('/api/auth/login', { method: 'POST', body });
  return res.data;
}

export function logout() {
  return api<void>('/api/auth/logout', { method: 'POST' });
}

export async function confirmEmail(token: string): Promise<{ status: 'confirmed'; email: string }> {
  return (await api<{ data: { status: 'confirmed'; email: string } }>('/api/auth/confirm-email', { method: 'POST', body: { token } })).data;
}

export async function confirmEmailChange(token: string): Promise<{ status: 'email-changed'; email: string }> {
  return (await api<{ data: { status: 'email-changed'; email: string } }>('/api/auth/email-change/confirm', { method: 'POST', body: { token } })).data;
}

export function resendConfirmation(body: { email?: string; locale: UiLocale }) {
  return api('/api/auth/confirm-email/resend', { method: 'POST', body, locale: body.locale });
}

export function forgotPassword(body: { email: string; locale: UiLocale }) {
  return api('/api/auth/forgot-password', { method: 'POST', body, locale: body.locale });
}

export function resetPassword(body: { token: string; password: string; password_confirmation: string }) {
  return api('/api/auth/reset-password', { method: 'POST', body });
}
