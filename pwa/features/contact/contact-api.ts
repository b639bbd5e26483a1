/**
 * The contact form's calls: GET /api/contact/challenge (a signed altcha v1 challenge), solving it in
 * the browser, and POST /api/contact. The recipient is never part of the request: the server always
 * mails the operator's configured address.
 */
import type { ContactMessageData } from '../../../shared/schemas/contact';
import { ApiError, request } from '../../lib/api';

// The proof of work is shared with other forms (registration); re-exported so this feature keeps one API module.
export { ChallengeError, fetchChallenge, solveToPayload } from '../../lib/altcha';

export type ContactBody = ContactMessageData;

export type SendResult =
  | { ok: true }
  | { ok: false; network: true }
  | { ok: false; network: false; status: number; code: string | null; message: string | null; details: unknown };

export async function sendContactMessage(body: ContactBody, signal?: AbortSignal): Promise<SendResult> {
  let res: Response;
  try {
    res = await request('/api/contact', { method: 'POST', body, locale: body.locale, signal });
  } catch (e) {
    if (e instanceof ApiError && e.network) return { ok: false, network: true };
    throw e;
  }
  if (res.ok) return { ok: true };
  const json: unknown = await res.json().catch(() => null);
  const err = (json as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  return {
    ok: false,
    network: false,
    status: res.status,
    code: typeof err?.code === 'string' ? err.code : null,
    message: typeof err?.message === 'string' && err.message ? err.message : null,
    details: err?.details,
  };
}
