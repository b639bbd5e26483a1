import type { Db } from '../../db/connection.js';

export interface AuditRow {
  id: number;
  at: string;
  actor_email: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: string;
}

export function createAuditRepo(db: Db) {
  return {
    async insert(entry: { actorUserId: number; actorEmail: string; action: string; targetType?: string; targetId?: string | number; details?: Record<string, unknown> }): Promise<void> {
      await db.run('INSERT INTO audit_log (at, actor_user_id, actor_email, action, target_type, target_id, details) VALUES (?, ?, ?, ?, ?, ?, ?)', [
        new Date().toISOString(),
        entry.actorUserId,
        entry.actorEmail,
        entry.action,
        entry.targetType ?? null,
        entry.targetId === undefined ? null : String(entry.targetId),
        JSON.stringify(entry.details ?? {}),
      ]);
    },
    async page(limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
      const rows = await db.all<AuditRow>('SELECT id, at, actor_email, action, target_type, target_id, details FROM audit_log ORDER BY id DESC LIMIT ? OFFSET ?', [limit, offset]);
      const total = (await db.get<{ n: number }>('SELECT count(*) AS n FROM audit_log'))?.n ?? 0;
      return { rows, total };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
