/**
 * Copies a SQLite installation (DATA_DIR/izz.sqlite) to an empty PostgreSQL database (`npm run migrate-to-postgres`,
 * README "More than one machine"):
 * 1. refuses when the target has a row in any table;
 * 2. migrates the target with the PostgreSQL migrations and refuses unless the source has applied exactly the same
 *    versions;
 * 3. copies every table in foreign-key order, in batches, keeping ids (BLOBs as Buffers), in ONE transaction;
 * 4. advances every identity sequence past the copied ids;
 * 5. counts the rows of every table on both sides.
 * The source is opened read-only: it is never changed.
 */
import Database from 'better-sqlite3';
import { openDatabase, type Db } from '../server/db/connection.js';
import { migrate } from '../server/db/migrate.js';

export interface CopyOptions {
  /** The SQLite file (DATA_DIR/izz.sqlite). */
  sqliteFile: string;
  /** postgres://… of an empty database. */
  databaseUrl: string;
  /** Progress lines (default: console.log). */
  log?: (line: string) => void;
  /** Rows per INSERT (capped so a statement stays under PostgreSQL's 65535 parameters). */
  batchSize?: number;
}

export interface TableCount {
  table: string;
  /** null: the table does not exist on that side. */
  sqlite: number | null;
  postgres: number | null;
}

export interface CopyResult {
  counts: TableCount[];
  /** Every table has the same number of rows on both sides. */
  ok: boolean;
}

/** A refusal the operator can act on (the message says what to do); nothing was copied. */
export class CopyRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefused';
  }
}

const MIGRATIONS_TABLE = 'schema_migrations';
const MAX_PARAMETERS = 60_000;

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The database part of a URL, without the password, for messages. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${parsed.host}${parsed.pathname}`;
}

interface SqliteTable {
  name: string;
  columns: string[];
  /** ORDER BY for a stable copy: the rowid, or the primary key of a WITHOUT ROWID table. */
  orderBy: string;
  /** Tables this one references (other than itself). */
  references: string[];
}

function readSqliteTables(source: Database.Database): SqliteTable[] {
  const names = (
    source.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").all() as { name: string }[]
  )
    .map((r) => r.name)
    .filter((name) => name !== MIGRATIONS_TABLE);
  return names.map((name) => {
    const info = source.prepare('SELECT name, pk FROM pragma_table_info(?) ORDER BY cid').all(name) as { name: string; pk: number }[];
    const withoutRowid = /\bWITHOUT\s+ROWID\b/i.test(
      (source.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) as { sql: string }).sql,
    );
    const pk = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const orderBy = withoutRowid ? pk.map((c) => quote(c.name)).join(', ') : 'rowid';
    const references = [
      ...new Set((source.prepare('SELECT "table" FROM pragma_foreign_key_list(?)').all(name) as { table: string }[]).map((r) => r.table)),
    ].filter((t) => t !== name);
    return { name, columns: info.map((c) => c.name), orderBy, references };
  });
}

/**
 * Tables ordered so every table comes after the tables it references. `cyclic` is true when references form a
 * cycle (then the rest follows in name order and foreign keys are not checked during the copy).
 */
export function foreignKeyOrder(tables: { name: string; references: string[] }[]): { order: string[]; cyclic: boolean } {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const order: string[] = [];
  const placed = new Set<string>();
  const remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length > 0) {
    const index = remaining.findIndex((t) => t.references.every((r) => placed.has(r) || !byName.has(r)));
    if (index === -1) {
      order.push(...remaining.map((t) => t.name));
      return { order, cyclic: true };
    }
    const [table] = remaining.splice(index, 1);
    order.push(table!.name);
    placed.add(table!.name);
  }
  return { order, cyclic: false };
}

async function postgresTables(db: Db): Promise<string[]> {
  const rows = await db.all<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((r) => r.table_name);
}

async function countPostgres(db: Db, table: string): Promise<number> {
  return (await db.get<{ n: number }>(`SELECT count(*) AS n FROM ${quote(table)}`))!.n;
}

function countSqlite(source: Database.Database, table: string): number {
  return Number((source.prepare(`SELECT count(*) AS n FROM ${quote(table)}`).get() as { n: number | bigint }).n);
}

const versionList = (versions: number[]): string => (versions.length === 0 ? '(none)' : versions.map((v) => String(v).padStart(4, '0')).join(', '));

/** The count table printed at the end. */
export function formatCounts(counts: TableCount[]): string[] {
  const show = (n: number | null) => (n === null ? 'missing' : String(n));
  const width = Math.max(5, ...counts.map((c) => c.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'sqlite'.padStart(9)}  ${'postgres'.padStart(9)}`];
  for (const c of counts) {
    const mark = c.sqlite === c.postgres ? '' : '  <- differs';
    lines.push(`${c.table.padEnd(width)}  ${show(c.sqlite).padStart(9)}  ${show(c.postgres).padStart(9)}${mark}`);
  }
  return lines;
}

export async function copyToPostgres(options: CopyOptions): Promise<CopyResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  let source: Database.Database;
  try {
    source = new Database(options.sqliteFile, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CopyRefused(`Cannot open the SQLite database ${options.sqliteFile}: ${(error as Error).message}`);
  }
  const target = openDatabase({ engine: 'postgres', url: options.databaseUrl, poolSize: 2 });
  try {
    log(`Source: ${options.sqliteFile}`);
    log(`Target: ${describeUrl(options.databaseUrl)}`);

    // 1. The target must be empty (a started app seeds it: never start the app on it before the copy).
    for (const table of await postgresTables(target)) {
      if (table === MIGRATIONS_TABLE) continue;
      if (await target.get(`SELECT 1 AS one FROM ${quote(table)} LIMIT 1`)) {
        throw new CopyRefused(
          `The target database is not empty: table ${table} has rows. Copy only into a new, empty database ` +
            '(drop and create it again; do not start the app on it before the copy).',
        );
      }
    }

    // 2. The same schema on both sides.
    const sourceHasMigrations = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE);
    if (!sourceHasMigrations) throw new CopyRefused(`${options.sqliteFile} has no ${MIGRATIONS_TABLE} table: it is not a database of this app.`);
    const sourceVersions = (source.prepare(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`).all() as { version: number }[]).map((r) =>
      Number(r.version),
    );
    log('Migrating the target with the PostgreSQL migrations…');
    const applied = await target.withLock('izz:migrate-and-seed', () => migrate(target));
    log(applied.length === 0 ? '  already up to date' : `  applied ${versionList(applied)}`);
    const targetVersions = (await target.all<{ version: number }>(`SELECT version FROM ${MIGRATIONS_TABLE} ORDER BY version`)).map((r) => Number(r.version));
    const missing = targetVersions.filter((v) => !sourceVersions.includes(v));
    const extra = sourceVersions.filter((v) => !targetVersions.includes(v));
    if (missing.length > 0 || extra.length > 0) {
      throw new CopyRefused(
        [
          `The SQLite database has migrations ${versionList(sourceVersions)}, this version of the app has ${versionList(targetVersions)}.`,
          missing.length > 0
            ? 'Start this version of the app once on the SQLite database (or run `npm run migrate` with DATABASE_URL unset) so it applies ' +
              `${versionList(missing)}, stop it, and run the copy again.`
            : `The SQLite database is newer than this version of the app (${versionList(extra)}): copy it with the version that wrote it.`,
        ].join('\n'),
      );
    }

    const tables = readSqliteTables(source);
    const targetTables = new Set(await postgresTables(target));
    for (const table of tables) {
      if (!targetTables.has(table.name)) throw new CopyRefused(`Table ${table.name} exists in SQLite but not in PostgreSQL: the two schemas differ.`);
      const targetColumns = new Set(
        (
          await target.all<{ column_name: string }>(
            'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?',
            [table.name],
          )
        ).map((r) => r.column_name),
      );
      const absent = table.columns.filter((c) => !targetColumns.has(c));
      if (absent.length > 0) throw new CopyRefused(`Table ${table.name}: columns ${absent.join(', ')} exist in SQLite but not in PostgreSQL: the two schemas differ.`);
    }

    // 3. Copy, in one transaction.
    const { order, cyclic } = foreignKeyOrder(tables);
    const byName = new Map(tables.map((t) => [t.name, t]));
    const identities = await target.all<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND (is_identity = 'YES' OR column_default LIKE 'nextval(%') ORDER BY table_name, column_name",
    );
    log(`Copying ${String(order.length)} tables in one transaction…`);
    await target.transaction(async () => {
      // References that form a cycle cannot be ordered: skip the foreign-key triggers for this transaction (superuser only).
      if (cyclic) await target.exec('SET LOCAL session_replication_role = replica');
      for (const name of order) {
        const table = byName.get(name)!;
        const total = countSqlite(source, name);
        const perBatch = Math.max(1, Math.min(options.batchSize ?? 500, Math.floor(MAX_PARAMETERS / table.columns.length)));
        const columnList = table.columns.map(quote).join(', ');
        const rowPlaceholders = `(${table.columns.map(() => '?').join(', ')})`;
        const insertSql = (rows: number) => `INSERT INTO ${quote(name)} (${columnList}) VALUES ${Array.from({ length: rows }, () => rowPlaceholders).join(', ')}`;
        const select = source.prepare(`SELECT ${columnList} FROM ${quote(name)} ORDER BY ${table.orderBy}`).raw(true).safeIntegers(true);
        let copied = 0;
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          await target.run(insertSql(batch.length), batch.flat());
          copied += batch.length;
          batch = [];
        };
        for (const row of select.iterate() as IterableIterator<unknown[]>) {
          batch.push(row);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
        log(`  ${name}: ${String(copied)} of ${String(total)} rows`);
      }
      // 4. Explicit ids do not advance an identity: move every sequence past the copied ids.
      for (const { table_name: table, column_name: column } of identities) {
        await target.get(
          `SELECT setval(pg_get_serial_sequence(?, ?), coalesce(max(${quote(column)}), 1), max(${quote(column)}) IS NOT NULL) AS v FROM ${quote(table)}`,
          [quote(table), column],
        );
      }
      log(`Advanced ${String(identities.length)} identity sequences.`);
    });
    log('Committed.');
    if (tables.every((t) => countSqlite(source, t.name) === 0)) log(`Warning: ${options.sqliteFile} has no rows at all: is it the right file?`);

    // 5. Count every table on both sides.
    const names = [...new Set([...tables.map((t) => t.name), ...(await postgresTables(target))])].filter((n) => n !== MIGRATIONS_TABLE).sort();
    const counts: TableCount[] = [];
    for (const name of names) {
      counts.push({
        table: name,
        sqlite: byName.has(name) ? countSqlite(source, name) : null,
        postgres: targetTables.has(name) ? await countPostgres(target, name) : null,
      });
    }
    return { counts, ok: counts.every((c) => c.sqlite === c.postgres) };
  } finally {
    source.close();
    await target.close();
  }
}
