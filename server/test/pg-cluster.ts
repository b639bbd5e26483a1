/**
 * A throwaway PostgreSQL cluster for tests: initdb in a fresh temp folder, started on a free port with
 * durability switched off (fsync, synchronous_commit, full_page_writes), reachable over TCP on 127.0.0.1 as
 * the trusted superuser `postgres`. PostgreSQL refuses to run as root, so under root the binaries run as the
 * system user `postgres` (runuser) and the temp folder is given to it.
 * Binaries are looked up on PATH, then in /usr/lib/postgresql/<version>/bin (Debian's place), newest first.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const DEBIAN_PG_ROOT = '/usr/lib/postgresql';

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export interface PgBinaries {
  initdb: string;
  pgCtl: string;
}

/** initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function findPgBinaries(): PgBinaries | null {
  const initdb = onPath('initdb');
  const pgCtl = onPath('pg_ctl');
  if (initdb && pgCtl) return { initdb, pgCtl };
  let versions: string[] = [];
  try {
    versions = fs.readdirSync(DEBIAN_PG_ROOT);
  } catch {
    return null;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(DEBIAN_PG_ROOT, version, 'bin');
    const found = { initdb: path.join(bin, 'initdb'), pgCtl: path.join(bin, 'pg_ctl') };
    if (fs.existsSync(found.initdb) && fs.existsSync(found.pgCtl)) return found;
  }
  return null;
}

/** Whether a cluster can be started here (initdb and pg_ctl found). */
export function pgAvailable(): boolean {
  return findPgBinaries() !== null;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. Throws with its output when it fails. */
function runPg(bin: string, args: string[]): void {
  const [command, fullArgs] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, fullArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (exit ${String(result.status)}):\n${result.stdout}\n${result.stderr}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  stop(): Promise<void>;
}

/** Starts a throwaway PostgreSQL cluster; stop() shuts it down and deletes its folder. */
export async function startPgCluster(): Promise<PgCluster> {
  const binaries = findPgBinaries();
  if (!binaries) throw new Error('PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin)');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-pg-'));
  if (isRoot()) execFileSync('chown', ['postgres', root]);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'log');
  const { initdb, pgCtl } = binaries;
  try {
    runPg(initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions']);
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
  // Another process may take the free port before the server binds it: try a few ports.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    try {
      runPg(pgCtl, ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', options]);
    } catch (error) {
      if (attempt < 3) continue;
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      fs.rmSync(root, { recursive: true, force: true });
      throw new Error(`${(error as Error).message}\n${log}`);
    }
    let stopped = false;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        try {
          runPg(pgCtl, ['stop', '-w', '-m', 'immediate', '-D', dataDir]);
        } finally {
          fs.rmSync(root, { recursive: true, force: true });
        }
      },
    };
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The run's migrated template database (server/test/pg-global-setup.ts makes it once per run). */
export const MIGRATED_TEMPLATE = 'izz_template_migrated';

/**
 * Creates a uniquely named database on the cluster at serverUrl; returns its URL. Empty, or, with `template`, a copy of
 * that database (CREATE DATABASE … TEMPLATE: a file copy, far quicker than running every migration again).
 */
export async function createTestDatabase(serverUrl: string, template?: string): Promise<string> {
  const name = `izz_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, name);
}

/** Drops a database made by createTestDatabase (closing whatever connections are still open on it). */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^izz_test_[0-9a-z_]+$/.test(name)) throw new Error(`Not a test database: ${name}`);
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
