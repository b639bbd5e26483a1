/**
 * What is left of deleted or rewritten rows in the database's files. SQLite only: PostgreSQL's WAL and
 * heap files are the operator's to protect (docs/decisions/0005-what-a-stored-response-holds.md, "What a stored response holds").
 */
import type { Db } from './connection.js';

export function createStorageRepo(db: Db) {
  return {
    /**
     * SQLite: moves every committed page into the database file and empties the write-ahead log file (TRUNCATE), so
     * the page images it held (the order rows were written in, a response beside its code's use, deleted mails) are
     * in no file any more; freed pages are zeroed already (secure_delete, connection.ts). False when a reader kept it
     * from completing. PostgreSQL: nothing (true). Outside a transaction only (Db.afterCommit).
     */
    /**
     * SQLite: rebuilds the database file (VACUUM), then empties the WAL (truncateWriteAheadLog). secure_delete zeroes
     * a deleted cell and a freed page, but a page that B-tree balancing rebuilt can keep stale bytes of cells it held
     * in its unused gap (seen: an id a response had when it came, after the finish's rewrite); the rebuilt file holds
     * only live rows. At a survey's finish (applications.core.ts); it takes the connection for as long as it writes
     * the whole file. PostgreSQL: nothing (true). Outside a transaction only.
     */
    async rebuildAndTruncate(): Promise<boolean> {
      if (db.dialect !== 'sqlite') return true;
      await db.exec('VACUUM');
      const row = await db.get<{ busy: number }>('PRAGMA wal_checkpoint(TRUNCATE)');
      return row?.busy === 0;
    },

    async truncateWriteAheadLog(): Promise<boolean> {
      if (db.dialect !== 'sqlite') return true;
      const row = await db.get<{ busy: number }>('PRAGMA wal_checkpoint(TRUNCATE)');
      return row?.busy === 0;
    },
  };
}
export type StorageRepo = ReturnType<typeof createStorageRepo>;
