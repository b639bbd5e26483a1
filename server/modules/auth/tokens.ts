/**
 * Single-use account tokens (jose, HS256 with a key derived from SESSION_SECRET for this purpose only):
 * confirm-email (48 h), reset-password (1 h), email-change (48 h). The purpose is both a claim and the
 * audience, so a token of one kind never passes as another. Use is recorded by jti (used_tokens).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '../../errors.js';
import { deriveKey } from '../../secrets.js';

export const TOKEN_PURPOSES = ['confirm-email', 'reset-password', 'email-change'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  'confirm-email': 48 * 3_600_000,
  'reset-password': 3_600_000,
  'email-change': 48 * 3_600_000,
};

const ISSUER = 'izz';

export interface VerifiedToken {
  purpose: TokenPurpose;
  userId: number;
  email: string;
  jti: string;
  /** Issue time in milliseconds (a reset token is void once the password changed after it). */
  issuedAtMs: number;
  expiresAt: Date;
}

export function createTokenService(secret: string) {
  const key = deriveKey(secret, 'account-token');
  return {
    async sign(purpose: TokenPurpose, claims: { userId: number; email: string }, now: Date = new Date()): Promise<string> {
      const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[purpose]);
      return new SignJWT({ purpose, email: claims.email, iat_ms: now.getTime() })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(`izz-${purpose}`)
        .setSubject(String(claims.userId))
        .setJti(randomUUID())
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },

    /** Checks signature, purpose and expiry; throws 400 invalid-token otherwise. Does not mark it used. */
    async verify(purpose: TokenPurpose, token: string, now: Date = new Date()): Promise<VerifiedToken> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: `izz-${purpose}`, algorithms: ['HS256'], currentDate: now });
        const userId = Number(payload.sub);
        if (payload.purpose !== purpose || !Number.isInteger(userId) || typeof payload.email !== 'string' || typeof payload.jti !== 'string') {
          throw new Error('malformed claims');
        }
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        return { purpose, userId, email: payload.email, jti: payload.jti, issuedAtMs, expiresAt: new Date((payload.exp ?? 0) * 1000) };
      } catch {
        throw new AppError('invalid-token');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
