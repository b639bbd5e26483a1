import type { Db } from '../../db/connection.js';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  email_verified_at: string | null;
  scope: string;
  company_id: number | null;
}

export interface SessionRow {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface DeviceMeta {
  userAgent?: string | null;
  screenWidth?: number | null;
  screenHeight?: number | null;
  platform?: string | null;
  browser?: string | null;
  device?: string | null;
}

export function createAuthRepo(db: Db) {
  return {
    findUserById(id: number): UserRow | undefined {
      return db.get<UserRow>(
        'SELECT id, email, name, password_hash, email_verified_at, scope, company_id FROM users WHERE id = ?',
        [id],
      );
    },
    findUserByEmail(email: string): UserRow | undefined {
      return db.get<UserRow>(
        'SELECT id, email, name, password_hash, email_verified_at, scope, company_id FROM users WHERE email = ?',
        [email],
      );
    },
    insertSession(row: { id: string; userId: number; createdAt: string; expiresAt: string; meta: DeviceMeta }): void {
      db.run(
        `INSERT INTO sessions (id, user_id, created_at, expires_at, user_agent, screen_width, screen_height, platform, browser, device)
         VALUES (@id, @userId, @createdAt, @expiresAt, @userAgent, @screenWidth, @screenHeight, @platform, @browser, @device)`,
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
    findActiveSession(id: string, now: string): SessionRow | undefined {
      return db.get<SessionRow>(
        `SELECT id, user_id, created_at, expires_at, revoked_at FROM sessions
         WHERE id = ? AND revoked_at IS NULL AND expires_at > ?`,
        [id, now],
      );
    },
    revokeSession(id: string, now: string): boolean {
      return db.run('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [now, id]).changes > 0;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
