/**
 * The database seam: one small async interface (all/get/run/insert/transaction) over two engines, so SQL stays in
 * plain sight in the repositories and one set of repository code serves both:
 * - SQLite (the default): one better-sqlite3 connection on a file under DATA_DIR; statements are prepared once and
 *   cached. better-sqlite3 is synchronous, so a transaction that awaits would let other requests' statements slip
 *   into it: an open transaction therefore holds the connection, and statements from outside it wait until it ends.
 * - PostgreSQL (DATABASE_URL=postgres://…): a pg pool; a transaction runs on one client taken from the pool.
 * Inside `transaction(fn)` every statement made by fn — through any repository — runs in that transaction (an
 * AsyncLocalStorage carries it); a nested call is a savepoint. Statements of one transaction run one after
 * another (never Promise.all inside a transaction).
 *
 * SQL is written once in the portable subset both engines share (docs/decisions/0002-one-sql-two-engines.md, "One SQL for two engines"):
 * `?` and `@name` placeholders (rewritten to $n for PostgreSQL), ON CONFLICT upserts, RETURNING, IS [NOT]
 * DISTINCT FROM, CASE instead of the two-argument max()/min(); the rare engine-specific piece is chosen by
 * `db.dialect` in the repository.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

export type SqlParams = Record<string, unknown> | unknown[];
export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  readonly dialect: Dialect;
  /** Every row of a query. */
  all<T>(sql: string, params?: SqlParams): Promise<T[]>;
  /** The first row of a query, or undefined. */
  get<T>(sql: string, params?: SqlParams): Promise<T | undefined>;
  /** Runs a statement; `changes` is how many rows it changed. */
  run(sql: string, params?: SqlParams): Promise<{ changes: number }>;
  /** Runs an INSERT of one row into a table with an `id` key and returns the new row's id (appends RETURNING id). */
  insert(sql: string, params?: SqlParams): Promise<number>;
  /** Runs fn inside a transaction (nested calls become savepoints). Rolls back when fn throws. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs fn once the open top-level transaction has committed (before that transaction() call returns), or now when
   * none is open; never when it rolls back. For work that cannot run inside a transaction (a WAL checkpoint). fn must
   * not throw (it would reach the caller of a transaction that did commit).
   */
  afterCommit(fn: () => Promise<void>): Promise<void>;
  /**
   * Runs fn while holding the database-wide lock named `name` (PostgreSQL: a session advisory lock; SQLite: one
   * immediate transaction around fn), so instances that start at the same moment migrate and seed one at a time.
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations only). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly open: boolean;
}

/** Where the database is: a SQLite file (the default) or a PostgreSQL URL. */
export type DatabaseTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; poolSize?: number };

export function openDatabase(target: DatabaseTarget | string): Db {
  const t: DatabaseTarget = typeof target === 'string' ? { engine: 'sqlite', file: target } : target;
  return t.engine === 'sqlite' ? openSqlite(t.file) : openPostgres(t.url, t.poolSize);
}

interface TxContext {
  owner: object;
  depth: number;
  client?: pg.PoolClient;
  /** The top-level transaction's own state: `done` once it has ended, so work that outlives it (a timer started
   * inside it inherits its context) does not think itself inside it; `after`: what runs once it has committed. */
  root: { done: boolean; after: (() => Promise<void>)[] };
}

const txContext = new AsyncLocalStorage<TxContext>();

/**
 * Runs fn outside any open transaction: background work started from inside one (a mail worker kicked by an
 * enqueue in a transaction) must not run its statements in that transaction, nor see what it has not committed.
 */
export function outsideTransaction<T>(fn: () => T): T {
  return txContext.exit(fn);
}

const bindArray = (params: SqlParams | undefined): unknown[] => (params === undefined ? [] : Array.isArray(params) ? params : [params]);

const withReturningId = (sql: string): string => `${sql.trimEnd().replace(/;$/, '')} RETURNING id`;

interface FileLock {
  holder: TxContext | null;
  waiters: (() => void)[];
}
const fileLocks = new Map<string, FileLock>();
function lockOf(file: string): FileLock {
  const fresh = (): FileLock => ({ holder: null, waiters: [] });
  if (file === ':memory:') return fresh();
  const key = path.resolve(file);
  let lock = fileLocks.get(key);
  if (!lock) {
    lock = fresh();
    fileLocks.set(key, lock);
  }
  return lock;
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  // Deleted content is overwritten with zeros, so what is deleted (a finished survey's respondent e-mails, the
  // dropped days of migration 0009) does not linger in free space of the database file.
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

  const owner = {};
  // The open top-level transaction, and who waits for it to end: shared by every connection of this process to the
  // same file, so a second connection (a second scheduler in a test, the bench) waits for it instead of blocking
  // the event loop in SQLite's busy handler while the transaction it waits for cannot go on.
  const lock = lockOf(file);
  const inOwnTransaction = (): TxContext | undefined => {
    const ctx = txContext.getStore();
    return ctx && ctx.owner === owner && !ctx.root.done ? ctx : undefined;
  };
  const waitForRelease = (): Promise<void> => new Promise<void>((resolve) => lock.waiters.push(resolve));
  /**
   * Runs `work` (synchronous) when this call may use the connection: inside the open transaction, or when none is
   * open. The check and the work run in the same turn of the event loop, so no transaction can begin in between.
   */
  const use = async <R>(work: () => R): Promise<R> => {
    while (lock.holder && !inOwnTransaction()) await waitForRelease();
    return work();
  };
  const release = (): void => {
    lock.holder = null;
    const woken = lock.waiters;
    lock.waiters = [];
    for (const wake of woken) wake();
  };

  let savepoints = 0;
  const transaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    const ctx = inOwnTransaction();
    if (ctx) {
      const name = `sp${String(++savepoints)}`;
      raw.exec(`SAVEPOINT ${name}`);
      try {
        const result = await txContext.run({ owner, depth: ctx.depth + 1, root: ctx.root }, fn);
        raw.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        raw.exec(`ROLLBACK TO ${name}`);
        raw.exec(`RELEASE ${name}`);
        throw error;
      }
    }
    const mine: TxContext = { owner, depth: 0, root: { done: false, after: [] } };
    while (lock.holder) await waitForRelease();
    lock.holder = mine; // taken in the same turn as the check above
    try {
      raw.exec('BEGIN IMMEDIATE');
    } catch (error) {
      release();
      throw error;
    }
    let result: T;
    try {
      result = await txContext.run(mine, fn);
      raw.exec('COMMIT');
    } catch (error) {
      if (raw.inTransaction) raw.exec('ROLLBACK');
      throw error;
    } finally {
      mine.root.done = true;
      release();
    }
    for (const after of mine.root.after) await txContext.exit(after);
    return result;
  };

  return {
    dialect: 'sqlite',
    all: <T>(sql: string, params?: SqlParams) => use(() => prepare(sql).all(...bindArray(params)) as T[]),
    get: <T>(sql: string, params?: SqlParams) => use(() => prepare(sql).get(...bindArray(params)) as T | undefined),
    run: (sql: string, params?: SqlParams) => use(() => ({ changes: prepare(sql).run(...bindArray(params)).changes })),
    insert: (sql: string, params?: SqlParams) =>
      use(() => {
        const row = prepare(withReturningId(sql)).get(...bindArray(params)) as { id: number | bigint } | undefined;
        if (!row) throw new Error('INSERT returned no id');
        return Number(row.id);
      }),
    transaction,
    async afterCommit(fn) {
      const ctx = inOwnTransaction();
      if (ctx) ctx.root.after.push(fn);
      else await txContext.exit(fn);
    },
    withLock: (_name, fn) => transaction(fn),
    exec: (sql: string) => use(() => void raw.exec(sql)),
    async close() {
      while (lock.holder && !inOwnTransaction()) await waitForRelease();
      cache.clear();
      if (raw.open) raw.close();
    },
    get open() {
      return raw.open;
    },
  };
}

/** Placeholders: `?` (positional) and `@name` (from an object) become $1, $2 … outside quotes and comments. */
export interface TranslatedSql {
  text: string;
  /** For @name placeholders: the name of each $n, in order; null when the statement uses `?`. */
  names: string[] | null;
}

export function toPostgresSql(sql: string): TranslatedSql {
  let text = '';
  let positional = 0;
  const names: string[] = [];
  const byName = new Map<string, number>();
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      const end = closing(sql, i, c);
      text += sql.slice(i, end);
      i = end - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      text += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      text += `$${String(++positional)}`;
    } else if (c === '@' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))![0];
      let n = byName.get(name);
      if (n === undefined) {
        names.push(name);
        n = names.length;
        byName.set(name, n);
      }
      text += `$${String(n)}`;
      i += name.length;
    } else {
      text += c;
    }
  }
  if (positional > 0 && names.length > 0) throw new Error('A statement uses either ? or @name placeholders, not both');
  return { text, names: names.length > 0 ? names : null };
}

function closing(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

// int8 (count(*), sum(), BIGINT columns) and numeric (avg()) arrive as numbers, as they do from SQLite.
const INT8 = 20;
const NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function openPostgres(url: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  let open = true;
  // A client that fails while idle in the pool is dropped by pg; without a listener the process would crash.
  pool.on('error', () => undefined);
  const owner = {};
  const translations = new Map<string, { text: string; names: string[] | null; name: string }>();
  const translate = (sql: string) => {
    let t = translations.get(sql);
    if (!t) {
      const { text, names } = toPostgresSql(sql);
      // A named statement is prepared once per connection by pg and reused.
      t = { text, names, name: `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}` };
      translations.set(sql, t);
    }
    return t;
  };
  const values = (t: { names: string[] | null }, params: SqlParams | undefined): unknown[] => {
    if (t.names) {
      const record = (Array.isArray(params) ? {} : (params ?? {})) as Record<string, unknown>;
      return t.names.map((n) => {
        if (!(n in record)) throw new Error(`Missing SQL parameter @${n}`);
        return normalize(record[n]);
      });
    }
    return bindArray(params).map(normalize);
  };
  const inOwnTransaction = (): TxContext | undefined => {
    const ctx = txContext.getStore();
    return ctx && ctx.owner === owner && ctx.client && !ctx.root.done ? ctx : undefined;
  };
  const clientOf = (): pg.Pool | pg.PoolClient => inOwnTransaction()?.client ?? pool;
  const query = async <T>(sql: string, params?: SqlParams): Promise<pg.QueryResult<T & pg.QueryResultRow>> => {
    const t = translate(sql);
    return clientOf().query<T & pg.QueryResultRow>({ name: t.name, text: t.text, values: values(t, params) });
  };

  let savepoints = 0;
  return {
    dialect: 'postgres',
    async all<T>(sql: string, params?: SqlParams) {
      return (await query<T>(sql, params)).rows as T[];
    },
    async get<T>(sql: string, params?: SqlParams) {
      return (await query<T>(sql, params)).rows[0] as T | undefined;
    },
    async run(sql: string, params?: SqlParams) {
      return { changes: (await query(sql, params)).rowCount ?? 0 };
    },
    async insert(sql: string, params?: SqlParams) {
      const row = (await query<{ id: number }>(withReturningId(sql), params)).rows[0];
      if (!row) throw new Error('INSERT returned no id');
      return Number(row.id);
    },
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      const ctx = inOwnTransaction();
      if (ctx?.client) {
        const client = ctx.client;
        const name = `sp${String(++savepoints)}`;
        await client.query(`SAVEPOINT ${name}`);
        try {
          const result = await txContext.run({ owner, depth: ctx.depth + 1, client, root: ctx.root }, fn);
          await client.query(`RELEASE SAVEPOINT ${name}`);
          return result;
        } catch (error) {
          await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
          await client.query(`RELEASE SAVEPOINT ${name}`);
          throw error;
        }
      }
      const client = await pool.connect();
      const root: TxContext['root'] = { done: false, after: [] };
      let broken = false;
      let committed: T;
      try {
        await client.query('BEGIN');
        let result: T;
        try {
          result = await txContext.run({ owner, depth: 0, client, root }, fn);
        } catch (error) {
          root.done = true;
          try {
            await client.query('ROLLBACK');
          } catch {
            broken = true;
          }
          throw error;
        }
        // Done before COMMIT is sent: work started inside fn that runs on after it must not queue a SAVEPOINT
        // behind the COMMIT on this client; it gets a transaction of its own.
        root.done = true;
        await client.query('COMMIT');
        committed = result;
      } finally {
        root.done = true;
        client.release(broken);
      }
      for (const after of root.after) await txContext.exit(after);
      return committed;
    },
    async afterCommit(fn) {
      const ctx = inOwnTransaction();
      if (ctx) ctx.root.after.push(fn);
      else await txContext.exit(fn);
    },
    async withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const key = createHash('sha1').update(name).digest().readBigInt64BE(0).toString();
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await clientOf().query(sql);
    },
    async close() {
      if (!open) return;
      open = false;
      await pool.end();
    },
    get open() {
      return open;
    },
  };
}

/** What better-sqlite3 takes, PostgreSQL takes the same way (bigint as text). */
function normalize(value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** ISO 8601 UTC timestamp, the format every *_at column uses (sorts as text). */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
