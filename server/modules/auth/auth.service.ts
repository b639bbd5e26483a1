/**
 * Sessions: a server-side row (revocable) named by a jose-signed HS256 JWT in an HttpOnly,
 * SameSite=Lax cookie. The token proves the id was issued here; the row decides whether it is live.
 * An administrator's session may act as a company user (login-as-client, sessions.acting_user_id):
 * then `user` is the company user (with acting_admin set) and `actor` is the administrator.
 */
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import { SESSION_COOKIE_NAME } from '../../../shared/constants.js';
import { clearSessionHint, setSessionHint } from '../../lib/cookies.js';
import { FALLBACK_UI_LOCALE, isUiLocale } from '../../../shared/locales.js';
import type { CurrentUser } from '../../../shared/schemas/user.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { deriveKey } from '../../secrets.js';
import { createAuthRepo, type DeviceMeta, type SessionRow, type UserRow } from './auth.repo.js';
import { isAdmin, parseScope } from '../../lib/user-scope.js';

const ISSUER = 'izz';
const AUDIENCE = 'izz-session';
/** last_seen_at is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

export interface CreatedSession {
  id: string;
  token: string;
  expiresAt: Date;
}

export interface SessionContext {
  session: SessionRow;
  /** Who the request acts as: the session's user, or the company user an administrator acts as. */
  user: CurrentUser;
  /** The session's own user (the administrator while acting). */
  actor: UserRow;
}

export { isAdmin, parseScope };

export function isDisabled(row: Pick<UserRow, 'disabled_at' | 'company_disabled_at'>): boolean {
  return row.disabled_at !== null || row.company_disabled_at !== null;
}

export function toCurrentUser(row: UserRow, actingAdmin: { id: number; email: string } | null = null): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    email_verified_at: row.email_verified_at,
    scope: parseScope(row.scope),
    company_id: row.company_id,
    locale: isUiLocale(row.locale) ? row.locale : FALLBACK_UI_LOCALE,
    acting_admin: actingAdmin,
  };
}

export function createAuthService(deps: { db: Db; config: Pick<Config, 'sessionSecret' | 'sessionTtlDays' | 'isProduction'> }) {
  const repo = createAuthRepo(deps.db);
  const key = deriveKey(deps.config.sessionSecret, 'session-jwt');

  return {
    repo,

    /** Starts a session for a user: inserts the row and returns the signed token for the cookie. */
    async createSession(userId: number, meta: DeviceMeta = {}): Promise<CreatedSession> {
      const id = randomBytes(24).toString('base64url');
      const now = new Date();
      const expiresAt = new Date(now.getTime() + deps.config.sessionTtlDays * 86_400_000);
      await repo.insertSession({ id, userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString(), meta });
      const token = await new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { id, token, expiresAt };
    },

    /** The live session and its user for a cookie token, or null (bad signature, expired, revoked, unknown, disabled). */
    async resolveToken(token: string): Promise<SessionContext | null> {
      let sid: unknown;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        sid = payload.sid;
      } catch {
        return null;
      }
      if (typeof sid !== 'string') return null;
      const now = new Date();
      const session = await repo.findActiveSession(sid, now.toISOString());
      if (!session) return null;
      const actor = await repo.findUserById(session.user_id);
      if (!actor || isDisabled(actor)) return null;
      if (!session.last_seen_at || now.getTime() - Date.parse(session.last_seen_at) > TOUCH_INTERVAL_MS) {
        await repo.touchSession(session.id, now.toISOString());
      }
      if (session.acting_user_id !== null && isAdmin(actor)) {
        const acting = await repo.findUserById(session.acting_user_id);
        if (acting && !isDisabled(acting)) return { session, actor, user: toCurrentUser(acting, { id: actor.id, email: actor.email }) };
        // Not while the client's company (or user) is disabled (disabling also ends the acting, but a login-as-client
        // racing the disable could have set it again): the administrator's own session goes on.
      }
      return { session, actor, user: toCurrentUser(actor) };
    },

    async revokeSession(id: string): Promise<boolean> {
      return await repo.revokeSession(id, new Date().toISOString());
    },

    setSessionCookie(res: Response, created: CreatedSession): void {
      res.cookie(SESSION_COOKIE_NAME, created.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.isProduction,
        path: '/',
        expires: created.expiresAt,
      });
      setSessionHint(res, deps.config.isProduction, created.expiresAt);
    },

    clearSessionCookie(res: Response): void {
      res.clearCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: 'lax', secure: deps.config.isProduction, path: '/' });
      clearSessionHint(res, deps.config.isProduction);
    },

    findUserByEmail: async (email: string) => await repo.findUserByEmail(email),
    findUserById: async (id: number) => await repo.findUserById(id),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
