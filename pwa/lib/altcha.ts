/**
 * The self-hosted bot check (altcha v1 proof of work): GET /api/contact/challenge gives a signed
 * challenge; the browser solves it in Web Workers (pow.worker.ts; the main thread as a fallback)
 * and sends the base64 payload as the form's `altcha` field. Used by every form with a bot check.
 */
import { solveChallenge, solveChallengeWorkers } from 'altcha-lib/v1';
import { altchaChallengeSchema, type AltchaChallenge } from '../../shared/schemas/contact';
import type { UiLocale } from '../../shared/locales';
import { request } from './api';

export class ChallengeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChallengeError';
  }
}

export async function fetchChallenge(locale: UiLocale, signal?: AbortSignal): Promise<AltchaChallenge> {
  let res: Response;
  try {
    res = await request('/api/contact/challenge', { locale, signal });
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

/** Fetches a fresh challenge and solves it: the value for a form's `altcha` field. */
export async function solveBotCheck(locale: UiLocale, signal?: AbortSignal): Promise<string> {
  const challenge = await fetchChallenge(locale, signal);
  return solveToPayload(challenge);
}
