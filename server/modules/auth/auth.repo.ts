import type { Db } from '../../db/connection.js';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  email_verified_at: string | null;
  scope: string;
  company_id: number | null;
  locale: string;
  first_name: string;
  last_name: string;
  phone: string;
  disabled_at: string | null;
  password_changed_at: string | null;
  pending_email: string | null;
  /** The company's disabled_at (null without a company). */
  company_disabled_at: string | null;
}

export interface SessionRow {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  acting_user_id: number | null;
  last_seen_at: string | null;
}

export interface SessionListRow {
  id: string;
  created_at: string;
  last_seen_at: string | null;
  user_agent: string | null;
  browser: string | null;
  device: string | null;
  platform: string | null;
  screen_width: number | null;
  screen_height: number | null;
}

export interface DeviceMeta {
  userAgent?: string | null;
  screenWidth?: number | null;
  screenHeight?: number | null;
  platform?: string | null;
  browser?: string | null;
  device?: string | null;
}

const USER_COLUMNS = `u.id, u.email, u.name, u.password_hash, u.email_verified_at, u.scope, u.company_id, u.locale, u.first_name,
  u.last_name, u.phone, u.disabled_at, u.password_changed_at, u.pending_email, c.disabled_at AS company_disabled_at`;

export interface NewCompany {
  name: string;
  country: string;
  industry: string;
  activity: string;
  street: string;
  houseNumber: string;
  city: string;
  taxNumber: string;
}

export interface NewCompanyUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  passwordHash: string;
  companyId: number;
  locale: string;
}

export function createAuthRepo(db: Db) {
  return {
    /** The company's name; '' for an unknown company. */
    async companyName(companyId: number): Promise<string> {
      return (await db.get<{ name: string }>('SELECT name FROM companies WHERE id = ?', [companyId]))?.name ?? '';
    },
    /** A registering company; returns its id. */
    async insertCompany(c: NewCompany, now: string): Promise<number> {
      return await db.insert(
        `INSERT INTO companies (name, country, industry, activity, street, house_number, city, tax_number, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [c.name, c.country, c.industry, c.activity, c.street, c.houseNumber, c.city, c.taxNumber, now, now],
      );
    },
    /** The registering company's user, unverified, scope company; returns its id. */
    async insertCompanyUser(u: NewCompanyUser, now: string): Promise<number> {
      return await db.insert(
        `INSERT INTO users (email, name, first_name, last_name, phone, password_hash, email_verified_at, scope, company_id, locale, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, NULL, '["company"]', ?, ?, ?, ?)`,
        [u.email, `${u.firstName} ${u.lastName}`, u.firstName, u.lastName, u.phone, u.passwordHash, u.companyId, u.locale, now, now],
      );
    },
    async findUserById(id: number): Promise<UserRow | undefined> {
      return await db.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE u.id = ?`, [id]);
    },
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      return await db.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE u.email = ?`, [email]);
    },
    /** Another user that already uses the address (as e-mail). */
    async emailTaken(email: string, exceptUserId = 0): Promise<boolean> {
      return await db.get('SELECT 1 FROM users WHERE email = ? AND id <> ?', [email, exceptUserId]) !== undefined;
    },
    async insertSession(row: { id: string; userId: number; createdAt: string; expiresAt: string; meta: DeviceMeta }): Promise<void> {
      await db.run(
        `INSERT INTO sessions (id, user_id, created_at, expires_at, last_seen_at, user_agent, screen_width, screen_height, platform, browser, device)
         VALUES (@id, @userId, @createdAt, @expiresAt, @createdAt, @userAgent, @screenWidth, @screenHeight, @platform, @browser, @device)`,
        {
          id: row.id,
          userId: row.userId,
          createdAt: row.createdAt,
          expiresAt: row.expiresAt,
          userAgent: row.meta.userAgent ?? null,
          screenWidth: row.meta.screenWidth ?? null,
          screenHeight: row.meta.screenHeight ?? null,
          platform: row.meta.platform ?? null,
          browser: row.meta.browser ?? null,
          device: row.meta.device ?? null,
        },
      );
    },
    /** A session that is neither revoked nor expired at `now`. */
    async findActiveSession(id: string, now: string): Promise<SessionRow | undefined> {
      return await db.get<SessionRow>(
        `SELECT id, user_id, created_at, expires_at, revoked_at, acting_user_id, last_seen_at FROM sessions
         WHERE id = ? AND revoked_at IS NULL AND expires_at > ?`,
        [id, now],
      );
    },
    async touchSession(id: string, now: string): Promise<void> {
      await db.run('UPDATE sessions SET last_seen_at = ? WHERE id = ?', [now, id]);
    },
    async revokeSession(id: string, now: string): Promise<boolean> {
      return (await db.run('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [now, id])).changes > 0;
    },
    /** Revokes one session of a user (no other user's); false when it is not theirs or not live. */
    async revokeUserSession(userId: number, id: string, now: string): Promise<boolean> {
      return (await db.run('UPDATE sessions SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ?', [now, id, userId, now])).changes > 0;
    },
    /** Revokes every live session of a user, except `keepId`; returns how many. */
    async revokeUserSessions(userId: number, now: string, keepId: string | null = null): Promise<number> {
      return (await db.run('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id IS DISTINCT FROM ?', [now, userId, keepId])).changes;
    },
    /** Ends administrators' login-as-client sessions acting as this user. */
    async endActingSessions(userId: number): Promise<void> {
      await db.run('UPDATE sessions SET acting_user_id = NULL WHERE acting_user_id = ?', [userId]);
    },
    async setActingUser(sessionId: string, actingUserId: number | null): Promise<void> {
      await db.run('UPDATE sessions SET acting_user_id = ? WHERE id = ?', [actingUserId, sessionId]);
    },
    async listActiveSessions(userId: number, now: string): Promise<SessionListRow[]> {
      return await db.all<SessionListRow>(
        `SELECT id, created_at, last_seen_at, user_agent, browser, device, platform, screen_width, screen_height FROM sessions
         WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY COALESCE(last_seen_at, created_at) DESC, id`,
        [userId, now],
      );
    },
    async setPassword(userId: number, hash: string, now: string): Promise<void> {
      await db.run('UPDATE users SET password_hash = ?, password_changed_at = ?, updated_at = ? WHERE id = ?', [hash, now, now, userId]);
    },
    async markEmailVerified(userId: number, now: string): Promise<void> {
      await db.run('UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?), updated_at = ? WHERE id = ?', [now, now, userId]);
    },
    async setPendingEmail(userId: number, email: string | null, now: string): Promise<void> {
      await db.run('UPDATE users SET pending_email = ?, pending_email_requested_at = ?, updated_at = ? WHERE id = ?', [email, email ? now : null, now, userId]);
    },
    /** Applies a confirmed e-mail change: the address is verified by the confirmation itself. */
    async changeEmail(userId: number, email: string, now: string): Promise<void> {
      await db.run(
        'UPDATE users SET email = ?, email_verified_at = ?, pending_email = NULL, pending_email_requested_at = NULL, updated_at = ? WHERE id = ?',
        [email, now, now, userId],
      );
    },
    /** Records a single-use token's jti; false when it was used before. */
    async useToken(jti: string, purpose: string, expiresAt: string, now: string): Promise<boolean> {
      await db.run('DELETE FROM used_tokens WHERE expires_at <= ?', [now]);
      return (await db.run('INSERT INTO used_tokens (jti, purpose, used_at, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (jti) DO NOTHING', [jti, purpose, now, expiresAt])).changes === 1;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
