/**
 * The kiosk's SQL: the survey's salt and sealing keys, its live online codes, ownership and password
 * checks for setup, whether a kiosk token's company is disabled, the conflict count and the refusal memory
 * (kiosk_refusals). Only this file touches the kiosk tables (but kiosk_guesses: server/lib/guess-budget.repo.ts); the
 * service and kiosk.guesses.ts hold the rules.
 */
import type { Db } from '../../db/connection.js';

export interface KeyRow {
  salt: string;
  public_jwk: string;
  private_jwk: string;
}

export type StoredRefusal = 'access-code-used' | 'access-code-invalid';

export function createKioskRepo(db: Db) {
  return {
    async findKeys(surveyId: number): Promise<KeyRow | undefined> {
      return await db.get<KeyRow>('SELECT salt, public_jwk, private_jwk FROM kiosk_keys WHERE survey_id = ?', [surveyId]);
    },

    /** Stores the survey's salt and key pair unless it has them already (a concurrent setup may have won). */
    async insertKeysIfMissing(surveyId: number, row: KeyRow, createdAt: string): Promise<void> {
      await db.run('INSERT INTO kiosk_keys (survey_id, salt, public_jwk, private_jwk, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (survey_id) DO NOTHING', [
        surveyId,
        row.salt,
        row.public_jwk,
        row.private_jwk,
        createdAt,
      ]);
    },

    /**
     * The survey's online codes not revoked (round: of that PULS round, by its own round or its batch) with the uses
     * each allows, used or not: nothing here reads `uses`, so the answer does not change when a code is used.
     */
    async liveOnlineCodes(surveyId: number, round: number | null): Promise<{ code: string; max_uses: number }[]> {
      const base = "SELECT code, max_uses FROM access_codes WHERE survey_id = ? AND channel = 'online' AND revoked_at IS NULL";
      if (round === null) return await db.all(base, [surveyId]);
      return await db.all(`${base} AND (round = ? OR (round IS NULL AND batch = (SELECT code_batch FROM survey_rounds WHERE survey_id = ? AND number = ?)))`, [surveyId, round, surveyId, round]);
    },

    async surveyOwnedBy(surveyId: number, companyId: number): Promise<boolean> {
      return await db.get('SELECT 1 AS x FROM applications WHERE id = ? AND company_id = ?', [surveyId, companyId]) !== undefined;
    },

    /** Whether the survey's company is disabled by the administrator; undefined when there is no such survey. */
    async surveyCompanyDisabled(surveyId: number): Promise<boolean | undefined> {
      const row = await db.get<{ disabled: number }>(
        'SELECT CASE WHEN c.disabled_at IS NULL THEN 0 ELSE 1 END AS disabled FROM applications a JOIN companies c ON c.id = a.company_id WHERE a.id = ?',
        [surveyId],
      );
      return row === undefined ? undefined : row.disabled === 1;
    },

    /** The password hash of the company's own user; undefined for anyone else. */
    async passwordHashOf(userId: number, companyId: number): Promise<string | undefined> {
      return (await db.get<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = ? AND company_id = ?', [userId, companyId]))?.password_hash;
    },

    /** Whether the survey has this (normalised) code, used, revoked or not. */
    async codeInSurvey(surveyId: number, code: string): Promise<boolean> {
      return await db.get('SELECT 1 AS x FROM access_codes WHERE code = ? AND survey_id = ?', [code, surveyId]) !== undefined;
    },

    async findConflicts(surveyId: number): Promise<{ count: number; last_on: string } | undefined> {
      return await db.get<{ count: number; last_on: string }>('SELECT count, last_on FROM kiosk_conflicts WHERE survey_id = ?', [surveyId]);
    },

    async countConflict(surveyId: number, today: string): Promise<void> {
      await db.run(
        'INSERT INTO kiosk_conflicts (survey_id, count, last_on) VALUES (?, 1, ?) ON CONFLICT (survey_id) DO UPDATE SET count = kiosk_conflicts.count + 1, last_on = excluded.last_on',
        [surveyId, today],
      );
    },

    async findRefusal(surveyId: number, idHash: string): Promise<StoredRefusal | undefined> {
      return (await db.get<{ reason: StoredRefusal }>('SELECT reason FROM kiosk_refusals WHERE survey_id = ? AND id_hash = ?', [surveyId, idHash]))?.reason;
    },

    /** True when the refusal was not stored yet. */
    async insertRefusal(surveyId: number, idHash: string, reason: StoredRefusal, keepUntil: string): Promise<boolean> {
      return (await db.run('INSERT INTO kiosk_refusals (survey_id, id_hash, reason, keep_until) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [surveyId, idHash, reason, keepUntil])).changes === 1;
    },

    async deleteRefusalsKeptUntilBefore(today: string): Promise<void> {
      await db.run('DELETE FROM kiosk_refusals WHERE keep_until < ?', [today]);
    },
  };
}
export type KioskRepo = ReturnType<typeof createKioskRepo>;
