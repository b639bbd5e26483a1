/**
 * Sessions: a server-side row (revocable) named by a jose-signed HS256 JWT in an HttpOnly,
 * SameSite=Lax cookie. The token proves the id was issued here; the row decides whether it is live.
 */
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import { SESSION_COOKIE_NAME } from '../../../shared/constants.js';
import type { CurrentUser } from '../../../shared/schemas/user.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { deriveKey } from '../../secrets.js';
import { createAuthRepo, type DeviceMeta, type SessionRow, type UserRow } from './auth.repo.js';

const ISSUER = 'izz';
const AUDIENCE = 'izz-session';

export interface CreatedSession {
  id: string;
  token: string;
  expiresAt: Date;
}

export interface SessionContext {
  session: SessionRow;
  user: CurrentUser;
}

export function toCurrentUser(row: UserRow): CurrentUser {
  let scope: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.scope);
    if (Array.isArray(parsed)) scope = parsed.filter((s): s is string => typeof s === 'string');
  } catch {
    scope = [];
  }
  return { id: row.id, email: row.email, name: row.name, email_verified_at: row.email_verified_at, scope, company_id: row.company_id, locale: 'sl', acting_admin: null };
}

export function createAuthService(deps: { db: Db; config: Pick<Config, 'sessionSecret' | 'sessionTtlDays' | 'isProduction'> }) {
  const repo = createAuthRepo(deps.db);
  const key = deriveKey(deps.config.sessionSecret, 'session-jwt');

  return {
    /** Starts a session for a user: inserts the row and returns the signed token for the cookie. */
    async createSession(userId: number, meta: DeviceMeta = {}): Promise<CreatedSession> {
      const id = randomBytes(24).toString('base64url');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + deps.config.sessionTtlDays * 86_400_000);
      repo.insertSession({ id, userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString(), meta });
      const token = await new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { id, token, expiresAt };
    },

    /** The live session and its user for a cookie token, or null (bad signature, expired, revoked, unknown). */
    async resolveToken(token: string): Promise<SessionContext | null> {
      let sid: unknown;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        sid = payload.sid;
      } catch {
        return null;
      }
      if (typeof sid !== 'string') return null;
      const session = repo.findActiveSession(sid, new Date().toISOString());
      if (!session) return null;
      const user = repo.findUserById(session.user_id);
      return user ? { session, user: toCurrentUser(user) } : null;
    },

    revokeSession(id: string): boolean {
      return repo.revokeSession(id, new Date().toISOString());
    },

    setSessionCookie(res: Response, created: CreatedSession): void {
      res.cookie(SESSION_COOKIE_NAME, created.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.isProduction,
        path: '/',
        expires: created.expiresAt,
      });
    },

    clearSessionCookie(res: Response): void {
      res.clearCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: 'lax', secure: deps.config.isProduction, path: '/' });
    },

    findUserByEmail: (email: string) => repo.findUserByEmail(email),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
