/**
 * Migrations: numbered files server/db/migrations/NNNN_name.sql, applied in order, each inside
 * its own transaction and recorded in schema_migrations. Numbers must be contiguous from 0001,
 * so a new migration always sorts last.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';
import type { Db, Dialect } from './connection.js';

/** Read from the source tree, also by the compiled server (build/server.js has no copy of them). */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'server', 'db', 'migrations');
export const MIGRATION_FILE_PATTERN = /^(\d{4})_([a-z0-9]+(?:_[a-z0-9]+)*)\.sql$/;

export interface MigrationFile {
  version: number;
  name: string;
  file: string;
}

/** Lists the migration files in order; throws when a name is malformed or the numbering has a gap. */
export function listMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const migrations = files.map((file) => {
    const match = MIGRATION_FILE_PATTERN.exec(file);
    if (!match) throw new Error(`Migration file name "${file}" does not match NNNN_snake_case_name.sql`);
    return { version: Number(match[1]), name: match[2] as string, file: path.join(dir, file) };
  });
  migrations.forEach((m, index) => {
    if (m.version !== index + 1) {
      throw new Error(`Migrations must be numbered contiguously from 0001: expected ${String(index + 1).padStart(4, '0')}, found ${path.basename(m.file)}`);
    }
  });
  return migrations;
}

/** The migrations of an engine: the SQLite files are the reference, PostgreSQL's twins are in postgres/ (README.md there). */
export function migrationsDirOf(dialect: Dialect): string {
  return dialect === 'postgres' ? path.join(MIGRATIONS_DIR, 'postgres') : MIGRATIONS_DIR;
}

/**
 * Applies the pending migrations. Returns the versions applied now. Instances that start at the same moment call
 * it under `db.withLock` (server/app.ts), so each migration is applied once.
 */
export async function migrate(db: Db, dir: string = migrationsDirOf(db.dialect)): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version ${db.dialect === 'postgres' ? 'BIGINT' : 'INTEGER'} PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )${db.dialect === 'postgres' ? '' : ' STRICT'}`);
  const applied = new Set((await db.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const done: number[] = [];
  for (const migration of listMigrations(dir)) {
    if (applied.has(migration.version)) continue;
    const sql = fs.readFileSync(migration.file, 'utf8');
    await db.transaction(async () => {
      await db.exec(sql);
      await db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
    });
    done.push(migration.version);
  }
  return done;
}
