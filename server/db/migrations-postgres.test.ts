/**
 * The PostgreSQL migrations (server/db/migrations/postgres/) against their SQLite twins (the reference): both folders
 * hold the same files, and after all of them both catalogs describe the same schema. Runs on a fresh database of the
 * run's throwaway cluster (server/test/pg-global-setup.ts); skipped without PostgreSQL, except in CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BLOG_TEXT_CASES, oldPlainText } from '../test/blog-texts.js';
import { makeTempDir } from '../test/helpers.js';
import { createTestDatabase, dropTestDatabase } from '../test/pg-cluster.js';

const SQLITE_DIR = path.join(import.meta.dirname, 'migrations');
const POSTGRES_DIR = path.join(SQLITE_DIR, 'postgres');

function migrationNames(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

interface TableShape {
  /** In table order: name, SQL type as PostgreSQL spells it, NOT NULL, default. */
  columns: { name: string; type: string; notNull: boolean; default: string | null }[];
  primaryKey: string[];
  /** Column sets (sorted, comma-joined) of unique indexes and constraints, ' where …' when partial. */
  unique: string[];
  /** Plain indexes: name(columns). */
  indexes: string[];
  /** columns -> table(columns) ON DELETE action */
  foreignKeys: string[];
}
type Schema = Record<string, TableShape>;

const uniqueKey = (columns: string[], partial: boolean) => [...columns].sort().join(',') + (partial ? ' (partial)' : '');
const foreignKey = (from: string[], table: string, to: string[], onDelete: string) => `${from.join(',')} -> ${table}(${to.join(',')}) ON DELETE ${onDelete}`;

/** SQLite declared type -> PostgreSQL type (udt name), by the rules of migrations/README.md. */
function sqliteTypeOnPostgres(declared: string, nocase: boolean): string {
  const type = declared.toUpperCase();
  if (type === 'INTEGER') return 'int8';
  if (type === 'TEXT') return nocase ? 'citext' : 'text';
  if (type === 'BLOB') return 'bytea';
  if (type === 'REAL') return 'float8';
  return `unmapped ${declared}`;
}

/** Whether the column is declared COLLATE NOCASE in the table's CREATE statement (ALTER TABLE ADD COLUMN appends there). */
function isNocase(createSql: string, column: string): boolean {
  return new RegExp(`(^|[(,]\\s*)"?${column}"?\\s+TEXT\\b[^,]*?\\bCOLLATE\\s+NOCASE\\b`, 'im').test(createSql);
}

function sqliteSchema(db: Database.Database): Schema {
  const schema: Schema = {};
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string; sql: string }[];
  for (const { name: table, sql } of tables) {
    const info = db.prepare('SELECT name, type, "notnull" AS nn, dflt_value, pk FROM pragma_table_info(?) ORDER BY cid').all(table) as {
      name: string;
      type: string;
      nn: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const shape: TableShape = {
      // A primary key column is NOT NULL on PostgreSQL, and in SQLite a rowid id cannot be NULL either.
      columns: info.map((c) => ({ name: c.name, type: sqliteTypeOnPostgres(c.type, isNocase(sql, c.name)), notNull: c.nn === 1 || c.pk > 0, default: c.dflt_value })),
      primaryKey,
      unique: [],
      indexes: [],
      foreignKeys: [],
    };
    const indexList = db.prepare('SELECT name, "unique" AS u, origin, partial FROM pragma_index_list(?)').all(table) as { name: string; u: number; origin: string; partial: number }[];
    for (const index of indexList) {
      if (index.origin === 'pk') continue;
      const columns = (db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(index.name) as { name: string }[]).map((r) => r.name);
      if (index.u === 1) shape.unique.push(uniqueKey(columns, index.partial === 1));
      else shape.indexes.push(`${index.name}(${columns.join(',')})`);
    }
    const fks = db.prepare('SELECT id, seq, "table" AS target, "from" AS source, "to" AS dest, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq').all(table) as {
      id: number;
      target: string;
      source: string;
      dest: string;
      on_delete: string;
    }[];
    for (const id of [...new Set(fks.map((f) => f.id))]) {
      const parts = fks.filter((f) => f.id === id);
      const first = parts[0]!;
      shape.foreignKeys.push(foreignKey(parts.map((p) => p.source), first.target, parts.map((p) => p.dest), first.on_delete));
    }
    shape.unique.sort();
    shape.indexes.sort();
    shape.foreignKeys.sort();
    schema[table] = shape;
  }
  return schema;
}

const PG_ON_DELETE: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** PostgreSQL prints a default with its cast ('sl'::text); SQLite as written ('sl'). */
function pgDefault(value: string | null): string | null {
  return value === null ? null : value.replace(/::[a-z ]+$/, '');
}

async function postgresSchema(client: pg.Client): Promise<Schema> {
  const schema: Schema = {};
  const columns = await client.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string; column_default: string | null }>(
    `SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  for (const c of columns.rows) {
    const shape = (schema[c.table_name] ??= { columns: [], primaryKey: [], unique: [], indexes: [], foreignKeys: [] });
    shape.columns.push({ name: c.column_name, type: c.udt_name, notNull: c.is_nullable === 'NO', default: pgDefault(c.column_default) });
  }
  const indexes = await client.query<{ table_name: string; index_name: string; is_unique: boolean; is_primary: boolean; partial: boolean; columns: string[] }>(
    `SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS is_unique, x.indisprimary AS is_primary,
            x.indpred IS NOT NULL AS partial,
            array(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public'`,
  );
  for (const index of indexes.rows) {
    const shape = schema[index.table_name];
    if (!shape) continue;
    if (index.is_primary) shape.primaryKey = index.columns;
    else if (index.is_unique) shape.unique.push(uniqueKey(index.columns, index.partial));
    else shape.indexes.push(`${index.index_name}(${index.columns.join(',')})`);
  }
  const fks = await client.query<{ table_name: string; target: string; on_delete: string; source: string[]; dest: string[] }>(
    `SELECT cl.relname AS table_name, ref.relname AS target, con.confdeltype AS on_delete,
            array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS source,
            array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS dest
       FROM pg_constraint con
       JOIN pg_class cl ON cl.oid = con.conrelid
       JOIN pg_class ref ON ref.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = cl.relnamespace
      WHERE con.contype = 'f' AND n.nspname = 'public'`,
  );
  for (const fk of fks.rows) {
    schema[fk.table_name]?.foreignKeys.push(foreignKey(fk.source, fk.target, fk.dest, PG_ON_DELETE[fk.on_delete] ?? fk.on_delete));
  }
  for (const shape of Object.values(schema)) {
    shape.unique.sort();
    shape.indexes.sort();
    shape.foreignKeys.sort();
  }
  return schema;
}

/** Columns PostgreSQL generates (identity), as table.column. */
async function identityColumns(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ c: string }>(
    "SELECT table_name || '.' || column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES' ORDER BY 1",
  );
  return result.rows.map((r) => r.c);
}

async function applyPostgres(url: string, upTo = Infinity): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const name of migrationNames(POSTGRES_DIR)) {
    if (Number(name.slice(0, 4)) > upTo) break;
    await client.query('BEGIN');
    try {
      await client.query(fs.readFileSync(path.join(POSTGRES_DIR, name), 'utf8'));
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`${name}: ${(error as Error).message}`);
    }
  }
  return client;
}

function applySqlite(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  for (const name of migrationNames(SQLITE_DIR)) db.exec(fs.readFileSync(path.join(SQLITE_DIR, name), 'utf8'));
  return db;
}

describe('the migration folders', () => {
  it('hold the same numbers and names for SQLite and PostgreSQL', () => {
    const sqlite = migrationNames(SQLITE_DIR);
    expect(sqlite.length).toBeGreaterThan(0);
    expect(migrationNames(POSTGRES_DIR)).toEqual(sqlite);
    // Nothing else in postgres/ (a stray file would be a forgotten migration).
    expect(fs.readdirSync(POSTGRES_DIR).filter((f) => !f.endsWith('.sql'))).toEqual([]);
  });

  it('have no BEGIN or COMMIT in a PostgreSQL file (the runner wraps each in its transaction)', () => {
    for (const name of migrationNames(POSTGRES_DIR)) {
      const sql = fs.readFileSync(path.join(POSTGRES_DIR, name), 'utf8').replace(/--.*$/gm, '');
      expect(sql, name).not.toMatch(/^\s*(BEGIN|COMMIT|START TRANSACTION|ROLLBACK)\b/im);
    }
  });
});

const pgUrl = inject('pgUrl');

describe.skipIf(!pgUrl)('the PostgreSQL migrations', () => {
  const databases: string[] = [];
  const clients: pg.Client[] = [];
  let tempDir = '';
  let sqlite: Database.Database;
  let client: pg.Client;

  async function freshDatabase(upTo = Infinity): Promise<pg.Client> {
    const url = await createTestDatabase(pgUrl!);
    databases.push(url);
    const c = await applyPostgres(url, upTo);
    clients.push(c);
    return c;
  }

  beforeAll(async () => {
    tempDir = makeTempDir('izz-migrations-pg-');
    sqlite = applySqlite(path.join(tempDir, 'schema.sqlite'));
    client = await freshDatabase();
  });

  afterAll(async () => {
    for (const c of clients.splice(0)) await c.end();
    for (const url of databases.splice(0)) await dropTestDatabase(url);
    sqlite?.close();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it('leave the same tables, columns, keys, unique indexes, indexes and foreign keys as the SQLite ones', async () => {
    const expected = sqliteSchema(sqlite);
    expect(Object.keys(expected)).toContain('users');
    expect(await postgresSchema(client)).toEqual(expected);
  });

  it('notice a column missing on one side', async () => {
    const other = await freshDatabase();
    await other.query('ALTER TABLE companies DROP COLUMN city');
    expect(await postgresSchema(other)).not.toEqual(sqliteSchema(sqlite));
  });

  it('generate exactly the ids SQLite generates (rowid ids), and take explicit ones', async () => {
    const rowidIds = Object.entries(sqliteSchema(sqlite))
      .filter(([, t]) => t.primaryKey.length === 1 && t.primaryKey[0] === 'id' && t.columns.find((c) => c.name === 'id')?.type === 'int8')
      .map(([table]) => `${table}.id`)
      .sort();
    expect(await identityColumns(client)).toEqual(rowidIds);

    await client.query("INSERT INTO companies (id, name, created_at, updated_at) VALUES (5000000000, 'Explicit', 'x', 'x')");
    await client.query("SELECT setval(pg_get_serial_sequence('companies', 'id'), (SELECT max(id) FROM companies))");
    const generated = await client.query<{ id: string }>("INSERT INTO companies (name, created_at, updated_at) VALUES ('Generated', 'x', 'x') RETURNING id");
    expect(generated.rows[0]?.id).toBe('5000000001');
  });

  it('find an e-mail whatever its case, and refuse a duplicate differing only in case (citext)', async () => {
    await client.query(
      "INSERT INTO users (email, name, password_hash, created_at, updated_at) VALUES ('Ana.Novak@Example.COM', 'Ana', 'h', 'x', 'x')",
    );
    const found = await client.query<{ email: string }>('SELECT email FROM users WHERE email = $1', ['ana.novak@example.com']);
    expect(found.rows).toEqual([{ email: 'Ana.Novak@Example.COM' }]);
    await expect(
      client.query("INSERT INTO users (email, name, password_hash, created_at, updated_at) VALUES ('ANA.NOVAK@example.com', 'Ana 2', 'h', 'x', 'x')"),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('refuse what the SQLite checks refuse: a malformed day, text that is not JSON, a scope that is not an array', async () => {
    await client.query("INSERT INTO companies (id, name, created_at, updated_at) VALUES (1, 'C', 'x', 'x')");
    await client.query("INSERT INTO applications (id, company_id, type, created_at, updated_at) VALUES (1, 1, 'izz', 'x', 'x')");
    const bad = [
      "INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at) VALUES (1, 1, '2030-1-05', '2030-01-31', 'x')",
      "INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at) VALUES (1, 1, '2030-01-05x', '2030-01-31', 'x')",
      "INSERT INTO responses (id, survey_id, channel, answers) VALUES ('r1', 1, 'online', '{not json')",
      "INSERT INTO users (email, name, password_hash, scope, created_at, updated_at) VALUES ('b@example.com', 'B', 'h', '{\"a\":1}', 'x', 'x')",
    ];
    for (const sql of bad) {
      expect(() => sqlite.exec(sql), sql).toThrow();
      await expect(client.query(sql), sql).rejects.toThrow();
    }
    const good = "INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at) VALUES (1, 1, '2030-01-05', '2030-01-31', 'x')";
    await client.query(good);
  });

  it("0009 deletes a finished survey's respondent e-mails everywhere and leaves a running survey's alone, as on SQLite", async () => {
    const db = await freshDatabase(8);
    await db.query("INSERT INTO companies (id, name, created_at, updated_at) VALUES (1, 'C', 'x', 'x')");
    const draft = (emails: string[]) => JSON.stringify({ details: { name: 'S', respondent_emails: emails.map((email) => ({ email, language: 'en' })) } });
    await db.query("INSERT INTO applications (id, company_id, type, state, draft, created_at, updated_at) VALUES (7, 1, 'izz', 'finished', $1, 'x', 'x'), (70, 1, 'puls', 'in_progress', $2, 'x', 'x')", [
      draft(['ana@old.test', 'bo@old.test']),
      draft(['ana@old.test', 'run@old.test']),
    ]);
    await db.query("INSERT INTO respondent_emails (id, application_id, email, language) VALUES (1, 7, 'ana@old.test', 'en'), (2, 7, 'Bo@Old.test', 'en'), (3, 70, 'ana@old.test', 'en'), (4, 70, 'run@old.test', 'en')");
    await db.query(
      "INSERT INTO access_codes (survey_id, code, channel, batch, respondent_email_id, max_uses, created_at) VALUES (7, 'AAAAAAAAA2', 'online', 1, 1, 1, 'x'), (7, 'BBBBBBBBB2', 'online', 1, 2, 1, 'x'), (70, 'CCCCCCCCC2', 'online', 1, 3, 1, 'x')",
    );
    await db.query("INSERT INTO manual_reminders (survey_id, round, email, sent_at) VALUES (7, 1, 'bo@old.test', 'x'), (70, 1, 'run@old.test', 'x')");
    const mail = (to: string, key: string | null, text: string, status = 'captured') =>
      db.query("INSERT INTO mail_outbox (to_address, subject, html, text, locale, status, attempts, next_attempt_at, created_at, dedupe_key) VALUES ($1, 'S', $2, $3, 'en', $4, 1, 'x', 'x', $5)", [
        to,
        `<p>${to}</p>`,
        text,
        status,
        key,
      ]);
    await mail('ana@old.test', 'invite:7:1:1', 'code AAAAA-AAAA2');
    await mail('bo@old.test', 'remind:7:2', 'code BBBBB-BBBB2', 'queued');
    await mail('bo@old.test', null, 'old manual reminder: code BBBBB-BBBB2');
    await mail('ana@old.test', 'puls-invite:70:1:1:3', 'code CCCCC-CCCC2');
    await mail('ana@old.test', 'invite:70:1:3', 'not this survey');
    await mail('ana@old.test', null, 'an unrelated mail');
    // A key without ':' (SQLite's kind is then '') and one naming no survey: neither is touched.
    await mail('ana@old.test', 'invite', 'no colon');
    await mail('ana@old.test', 'invite:7', 'no survey part');
    await db.query('BEGIN');
    await db.query(fs.readFileSync(path.join(POSTGRES_DIR, '0009_anonymous_storage.sql'), 'utf8'));
    await db.query('COMMIT');

    const rows = async (sql: string) => (await db.query(sql)).rows;
    expect(await rows('SELECT application_id::int, email::text FROM respondent_emails ORDER BY id')).toEqual([
      { application_id: 70, email: 'ana@old.test' },
      { application_id: 70, email: 'run@old.test' },
    ]);
    expect(await rows('SELECT code, respondent_email_id::int FROM access_codes ORDER BY code')).toEqual([
      { code: 'AAAAAAAAA2', respondent_email_id: null },
      { code: 'BBBBBBBBB2', respondent_email_id: null },
      { code: 'CCCCCCCCC2', respondent_email_id: 3 },
    ]);
    expect(await rows('SELECT survey_id::int FROM manual_reminders')).toEqual([{ survey_id: 70 }]);
    const drafts = await rows('SELECT id::int, draft FROM applications ORDER BY id');
    expect(JSON.parse(drafts[0].draft as string)).toEqual({ details: { name: 'S' } });
    expect(drafts[1].draft).toContain('run@old.test');
    expect(await rows('SELECT to_address, html, status, dedupe_key FROM mail_outbox ORDER BY id')).toEqual([
      { to_address: '', html: '<p></p>', status: 'captured', dedupe_key: 'invite:7:1:1' },
      { to_address: '', html: '<p></p>', status: 'failed', dedupe_key: 'remind:7:2' },
      { to_address: '', html: '<p></p>', status: 'captured', dedupe_key: null },
      { to_address: 'ana@old.test', html: '<p>ana@old.test</p>', status: 'captured', dedupe_key: 'puls-invite:70:1:1:3' },
      { to_address: 'ana@old.test', html: '<p>ana@old.test</p>', status: 'captured', dedupe_key: 'invite:70:1:3' },
      { to_address: 'ana@old.test', html: '<p>ana@old.test</p>', status: 'captured', dedupe_key: null },
      { to_address: 'ana@old.test', html: '<p>ana@old.test</p>', status: 'captured', dedupe_key: 'invite' },
      { to_address: 'ana@old.test', html: '<p>ana@old.test</p>', status: 'captured', dedupe_key: 'invite:7' },
    ]);
  });
  it('0019 drops the locale and market CHECKs and keeps every row and child row, as on SQLite', async () => {
    const db = await freshDatabase(18);
    await db.query("INSERT INTO companies (id, name, country, created_at, updated_at) VALUES (1, 'C', 'mk', 'x', 'x')");
    await db.query("INSERT INTO users (id, email, name, password_hash, company_id, locale, created_at, updated_at) VALUES (1, 'a@x.test', 'A', 'h', 1, 'fr', 'x', 'x')");
    await db.query("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('s1', 1, 'x', 'y')");
    await db.query("INSERT INTO applications (id, company_id, type, state, created_at, updated_at, created_by) VALUES (1, 1, 'izz', 'draft', 'x', 'x', 1)");
    await db.query("INSERT INTO blog_posts (id, status, created_at, updated_at) VALUES (1, 'draft', 'x', 'x')");
    await db.query("INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at) VALUES (1, 'de', 's', 'T', 'E', '', 'x', 'x')");
    await expect(db.query("UPDATE users SET locale = 'zz' WHERE id = 1")).rejects.toThrow(/check constraint/);
    await db.query('BEGIN');
    await db.query(fs.readFileSync(path.join(POSTGRES_DIR, '0019_enumerations_in_shared.sql'), 'utf8'));
    await db.query('COMMIT');
    expect((await db.query('SELECT id, company_id, locale FROM users')).rows).toEqual([{ id: '1', company_id: '1', locale: 'fr' }]);
    expect((await db.query('SELECT id, country FROM companies')).rows).toEqual([{ id: '1', country: 'mk' }]);
    expect((await db.query('SELECT post_id, locale, slug FROM blog_post_versions')).rows).toEqual([{ post_id: '1', locale: 'de', slug: 's' }]);
    expect((await db.query('SELECT id, user_id FROM sessions')).rows).toEqual([{ id: 's1', user_id: '1' }]);
    expect((await db.query('SELECT id, company_id, created_by FROM applications')).rows).toEqual([{ id: '1', company_id: '1', created_by: '1' }]);
    await db.query("UPDATE users SET locale = 'zz' WHERE id = 1");
    await db.query("UPDATE companies SET country = 'zz' WHERE id = 1");
    await db.query("INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at) VALUES (1, 'zz', 's', 'T', 'E', '', 'x', 'x')");
    await expect(db.query("UPDATE companies SET size = 'huge' WHERE id = 1")).rejects.toThrow(/check constraint/);
  });
  it('0015 turns the HTML-escaped blog titles and excerpts into plain text, as on SQLite', async () => {
    const db = await freshDatabase(14);
    await db.query("INSERT INTO blog_posts (id, status, created_at, updated_at) VALUES (1, 'draft', 'x', 'x')");
    const locales = ['sl', 'en', 'hr', 'de', 'fr', 'bs'];
    for (const [i, [written]] of BLOG_TEXT_CASES.entries()) {
      await db.query("INSERT INTO blog_post_versions (post_id, locale, slug, title, excerpt, body_html, created_at, updated_at) VALUES (1, $1, $2, $3, $4, '<p>b</p>', 'x', 'x')", [
        locales[i],
        `s-${String(i)}`,
        oldPlainText(written),
        oldPlainText(`${written} …`),
      ]);
    }
    await db.query('BEGIN');
    await db.query(fs.readFileSync(path.join(POSTGRES_DIR, '0015_blog_titles_plain_text.sql'), 'utf8'));
    await db.query('COMMIT');
    const rows = (await db.query<{ title: string; excerpt: string }>('SELECT title, excerpt FROM blog_post_versions ORDER BY slug')).rows;
    expect(rows).toEqual(BLOG_TEXT_CASES.map(([, text]) => ({ title: text, excerpt: `${text} …` })));
  });
});
