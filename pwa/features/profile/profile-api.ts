/** The profile calls (contract: docs/api.md and shared/schemas/). Errors arrive as ApiError. */
import type { UiLocale } from '../../../shared/locales';
import type { ProfileUpdateInput, TestimonialInput } from '../../../shared/schemas/account';
import type { AwardChoices, AwardCompanyYear, AwardKind } from '../../../shared/schemas/award';
import type { Profile, Testimonial } from '../../../shared/schemas/user';
import { api, getData } from '../../lib/api';

export interface SessionInfo {
  id: number | string;
  created_at: string;
  last_seen_at: string | null;
  user_agent: string | null;
  browser: string | null;
  device: string | null;
  platform: string | null;
  screen_width: number | null;
  screen_height: number | null;
  current: boolean;
}

export const getProfile = (signal?: AbortSignal) => getData<Profile>('/api/profile', { signal });
export const updateProfile = (body: ProfileUpdateInput) => getData<Profile>('/api/profile', { method: 'PUT', body });
/** Raw image bytes with the file's own Content-Type; the server judges the content again. */
export const uploadLogo = (file: Blob) => getData<Profile>('/api/profile/logo', { method: 'PUT', body: file });
export const deleteLogo = () => getData<Profile>('/api/profile/logo', { method: 'DELETE' });

export const changePassword = (body: { current_password: string; password: string; password_confirmation: string }) =>
  api<void>('/api/profile/password', { method: 'POST', body });
export const changeEmail = (body: { new_email: string; current_password: string; locale: UiLocale }) =>
  getData<{ status: 'confirmation-sent' }>('/api/profile/email', { method: 'POST', body });

export const getSessions = (signal?: AbortSignal) => getData<SessionInfo[]>('/api/profile/sessions', { signal });
export const endSession = (id: SessionInfo['id']) => api<void>(`/api/profile/sessions/${encodeURIComponent(String(id))}`, { method: 'DELETE' });

export const getTestimonial = (signal?: AbortSignal) => getData<Testimonial | null>('/api/profile/testimonial', { signal });
export const saveTestimonial = (body: TestimonialInput) => getData<Testimonial>('/api/profile/testimonial', { method: 'PUT', body });
export const uploadPhoto = (file: Blob) => getData<Testimonial>('/api/profile/testimonial/photo', { method: 'PUT', body: file });
export const deleteTestimonial = () => api<void>('/api/profile/testimonial', { method: 'DELETE' });

/** The company's Best Employer award: one item per year it had an IZZ survey, newest first (shared/schemas/award.ts). */
export const getAwardYears = (signal?: AbortSignal) => getData<AwardCompanyYear[]>('/api/profile/award', { signal });
/** The company's choices for a year, accepted until the year is published (then 409 'award-year-published'). */
export const saveAwardChoices = (year: number, body: AwardChoices) => getData<AwardCompanyYear>(`/api/profile/award/${String(year)}`, { method: 'PUT', body });
/** A won award's certificate (PDF) or badge (SVG) in the page's language `lang`; a plain link downloads it with the session cookie. */
export const awardFileUrl = (year: number, file: 'certificate' | 'badge', award: AwardKind, lang: UiLocale) =>
  `/api/profile/award/${String(year)}/${file}?${new URLSearchParams({ award, lang }).toString()}`;
