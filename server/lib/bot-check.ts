/**
 * The self-hosted proof-of-work bot check (altcha, v1 payload format as in shared/schemas/contact.ts),
 * keyed by a key derived from the session secret for this purpose. Each solved challenge may be used
 * once. The contact form and registration use it.
 */
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { AltchaChallenge } from '../../shared/schemas/contact.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { AppError } from '../errors.js';
import { deriveKey } from '../secrets.js';
import { createBotCheckRepo } from './bot-check.repo.js';

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

function decodePayload(altcha: string): { signature: string } & Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'));
  } catch {
    throw new AppError('bot-check-failed');
  }
  if (!parsed || typeof parsed !== 'object' || typeof (parsed as { signature?: unknown }).signature !== 'string') {
    throw new AppError('bot-check-failed');
  }
  return parsed as { signature: string } & Record<string, unknown>;
}

export function createBotCheck(deps: { db: Db; config: Pick<Config, 'sessionSecret' | 'altchaMaxNumber'> }) {
  const repo = createBotCheckRepo(deps.db);
  const hmacKey = deriveKey(deps.config.sessionSecret, 'altcha-hmac').toString('hex');

  /** Checks the solution; returns when its challenge expires. Throws 422 bot-check-failed. */
  async function verify(altcha: string): Promise<Date> {
    const payload = decodePayload(altcha);
    const valid = await verifySolution(altcha, hmacKey, true).catch(() => false);
    if (!valid) throw new AppError('bot-check-failed');
    const expiresParam = Number(extractParams(payload as unknown as Parameters<typeof extractParams>[0]).expires);
    return new Date(Number.isFinite(expiresParam) && expiresParam > 0 ? expiresParam * 1000 : Date.now() + CHALLENGE_TTL_MS);
  }

  /** Records the solution as used (call inside a transaction); throws when it was used before. */
  async function burn(altcha: string, expiresAt: Date): Promise<void> {
    const { signature } = decodePayload(altcha);
    await repo.purgeExpiredAltcha(new Date().toISOString());
    if (!await repo.markAltchaUsed(signature, expiresAt.toISOString())) {
      throw new AppError('bot-check-failed', { details: [{ location: 'body', path: 'altcha', code: 'replayed', message: 'This proof of work was already used.' }] });
    }
  }

  return {
    async createChallenge(): Promise<AltchaChallenge> {
      const challenge = await createChallenge({
        hmacKey,
        maxnumber: deps.config.altchaMaxNumber,
        expires: new Date(Date.now() + CHALLENGE_TTL_MS),
        algorithm: 'SHA-256',
      });
      return { algorithm: challenge.algorithm, challenge: challenge.challenge, maxnumber: challenge.maxnumber, salt: challenge.salt, signature: challenge.signature };
    },

    verify,
    burn,

    /** Verifies a solved proof of work and burns it (each may be used once); throws 422 bot-check-failed. */
    async consume(altcha: string): Promise<void> {
      const expiresAt = await verify(altcha);
      await deps.db.transaction(async () => await burn(altcha, expiresAt));
    },
  };
}
export type BotCheck = ReturnType<typeof createBotCheck>;
