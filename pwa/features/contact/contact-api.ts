/**
 * The contact form's calls: GET /api/contact/challenge (a signed altcha v1 challenge), solving it in
 * the browser, and POST /api/contact. The recipient is never part of the request: the server always
 * mails the operator's configured address.
 */
import { solveChallenge, solveChallengeWorkers } from 'altcha-lib/v1';
import { altchaChallengeSchema, type AltchaChallenge, type ContactMessageData } from '../../../shared/schemas/contact';
import type { UiLocale } from '../../../shared/locales';

export type ContactBody = ContactMessageData;

export type SendResult =
  | { ok: true }
  | { ok: false; network: true }
  | { ok: false; network: false; status: number; code: string | null; message: string | null; details: unknown };

export class ChallengeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChallengeError';
  }
}

export async function fetchChallenge(locale: UiLocale, signal?: AbortSignal): Promise<AltchaChallenge> {
  let res: Response;
  try {
    res = await fetch('/api/contact/challenge', { headers: { Accept: 'application/json', 'X-Locale': locale }, signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ChallengeError('network');
  }
  if (!res.ok) throw new ChallengeError(`status ${res.status}`);
  const body: unknown = await res.json().catch(() => null);
  // The challenge may come bare or in the usual { data } envelope.
  const candidate = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  const parsed = altchaChallengeSchema.safeParse(candidate);
  if (!parsed.success) throw new ChallengeError('malformed challenge');
  return parsed.data;
}

const DEFAULT_MAX_NUMBER = 1_000_000;

async function solveInWorkers(ch: AltchaChallenge, max: number): Promise<number | null> {
  const workers: Worker[] = [];
  const concurrency = Math.min(4, Math.max(1, navigator.hardwareConcurrency || 2));
  // solveChallengeWorkers waits forever when a worker fails to start; fail fast instead.
  let fail: (e: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  const create = () => {
    const w = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
    w.addEventListener('error', () => fail(new Error('worker failed')));
    workers.push(w);
    return w;
  };
  try {
    const solving = solveChallengeWorkers(create, concurrency, ch.challenge, ch.salt, ch.algorithm, max);
    const solution = await Promise.race([solving, failed]);
    return solution ? solution.number : null;
  } finally {
    for (const w of workers) w.terminate();
  }
}

/** Solves the challenge (in Web Workers when available) and returns the base64 payload for the `altcha` field. */
export async function solveToPayload(ch: AltchaChallenge): Promise<string> {
  const max = ch.maxnumber ?? DEFAULT_MAX_NUMBER;
  let number: number | null = null;
  if (typeof Worker !== 'undefined') {
    try {
      number = await solveInWorkers(ch, max);
    } catch {
      number = null; // fall back to the main thread below
    }
  }
  if (number === null) {
    const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, max).promise;
    number = solution ? solution.number : null;
  }
  if (number === null) throw new ChallengeError('no solution');
  const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number, salt: ch.salt, signature: ch.signature };
  return btoa(JSON.stringify(payload));
}

export async function sendContactMessage(body: ContactBody, signal?: AbortSignal): Promise<SendResult> {
  let res: Response;
  try {
    res = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Locale': body.locale },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    return { ok: false, network: true };
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
