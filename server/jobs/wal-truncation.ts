/**
 * SQLite: the write-ahead log is emptied every minute. Between two checkpoints the WAL holds each commit's
 * pages in the order of the commits: a response beside its code's use, the order of answering. Emptied (TRUNCATE),
 * a copy of the data folder taken while the server runs shows at most the last minute of that; a survey's finish
 * empties it at once as well (applications.core.ts). Not started on PostgreSQL (its WAL is the operator's).
 */
import type { Db } from '../db/connection.js';
import { createStorageRepo } from '../db/storage.repo.js';
import { createPollingLoop, type PollingLoop } from '../lib/polling-loop.js';
import type { Logger } from '../logger.js';

export const WAL_TRUNCATE_INTERVAL_MS = 60_000;

export function createWalTruncation(options: { db: Db; logger: Logger; intervalMs?: number }): PollingLoop {
  const storage = createStorageRepo(options.db);
  let warned = false;
  return createPollingLoop({
    intervalMs: options.intervalMs ?? WAL_TRUNCATE_INTERVAL_MS,
    pass: async () => {
      const done = await storage.truncateWriteAheadLog();
      // A reader kept it from completing (another process on the same file): said once, tried again next minute.
      if (!done && !warned) options.logger.warn('the write-ahead log could not be emptied (a reader held it); trying again every minute');
      warned ||= !done;
      return done ? 1 : 0;
    },
    onError: (error) => options.logger.warn({ err: error }, 'emptying the write-ahead log failed'),
    firstPass: 'soon',
  });
}
