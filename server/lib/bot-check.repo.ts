/** The bot check's SQL: proof-of-work signatures already used (altcha_used). */
import type { Db } from '../db/connection.js';

export function createBotCheckRepo(db: Db) {
  return {
    /** Records a used proof-of-work signature; false when it was used before. */
    async markAltchaUsed(signature: string, expiresAt: string): Promise<boolean> {
      return (await db.run('INSERT INTO altcha_used (signature, expires_at) VALUES (?, ?) ON CONFLICT (signature) DO NOTHING', [signature, expiresAt])).changes === 1;
    },
    async purgeExpiredAltcha(now: string): Promise<void> {
      await db.run('DELETE FROM altcha_used WHERE expires_at <= ?', [now]);
    },
  };
}
