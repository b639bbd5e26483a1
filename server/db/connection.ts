/**
 * The database: one better-sqlite3 connection and a tiny wrapper (all/get/run/transaction)
 * so SQL stays in plain sight in the repositories. Statements are prepared once and cached.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type SqlParams = Record<string, unknown> | unknown[];

export interface Db {
  /** Every row of a query. */
  all<T>(sql: string, params?: SqlParams): T[];
  /** The first row of a query, or undefined. */
  get<T>(sql: string, params?: SqlParams): T | undefined;
  /** Runs a statement that returns no rows. */
  run(sql: string, params?: SqlParams): { changes: number; lastInsertRowid: number | bigint };
  /** Runs fn inside a transaction (nested calls become savepoints). Rolls back when fn throws. */
  transaction<T>(fn: () => T): T;
  /** Runs several statements (migrations only). */
  exec(sql: string): void;
  close(): void;
  readonly open: boolean;
  /** The underlying connection, for the rare case the wrapper does not cover. */
  readonly raw: Database.Database;
}

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  // Deleted content is overwritten with zeros, so what is deleted (a finished survey's respondent e-mails, the
  // dropped days of migration 0009) does not linger in free space of the database file (issue 11).
  raw.pragma('secure_delete = ON');

  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = raw.prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  };
  const bind = (params: SqlParams | undefined): unknown[] => (params === undefined ? [] : Array.isArray(params) ? params : [params]);

  return {
    all: <T>(sql: string, params?: SqlParams) => prepare(sql).all(...bind(params)) as T[],
    get: <T>(sql: string, params?: SqlParams) => prepare(sql).get(...bind(params)) as T | undefined,
    run: (sql: string, params?: SqlParams) => prepare(sql).run(...bind(params)),
    transaction: <T>(fn: () => T): T => raw.transaction(fn)(),
    exec: (sql: string) => {
      raw.exec(sql);
    },
    close: () => {
      cache.clear();
      if (raw.open) raw.close();
    },
    get open() {
      return raw.open;
    },
    raw,
  };
}

/** ISO 8601 UTC timestamp, the format every *_at column uses (sorts as text). */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
