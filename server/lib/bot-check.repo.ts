/** The bot check's SQL: proof-of-work signatures already used (altcha_used). */
import type { Db } from '../db/connection.js';

export function createBotCheckRepo(db: Db) {
  return {
    /** Records a used proof-of-work signature; false when it was used before. */
    markAltchaUsed(signature: string, expiresAt: string): boolean {
      return db.run('INSERT INTO altcha_used (signature, expires_at) VALUES (?, ?) ON CONFLICT (signature) DO NOTHING', [signature, expiresAt]).changes === 1;
    },
    purgeExpiredAltcha(now: string): void {
      db.run('DELETE FROM altcha_used WHERE expires_at <= ?', [now]);
    },
  };
}
