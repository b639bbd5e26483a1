/**
 * vitest globalSetup of the `node` project: one throwaway PostgreSQL cluster for the whole run, its URL given to
 * the tests as inject('pgUrl') (each test file makes its own database on it with createTestDatabase), and a migrated
 * template database on it that test apps' databases are copied from. Without
 * PostgreSQL the URL is null and PostgreSQL tests skip, except in CI (CI set), where that fails the run.
 */
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { MIGRATED_TEMPLATE, pgAvailable, startPgCluster, withDatabase } from './pg-cluster.js';

/** The template the test apps' databases are copied from (createTestDatabase(url, MIGRATED_TEMPLATE)): migrated once per run. */
async function createMigratedTemplate(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${MIGRATED_TEMPLATE}`);
  } finally {
    await client.end();
  }
  const db = openDatabase({ engine: 'postgres', url: withDatabase(serverUrl, MIGRATED_TEMPLATE) });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!pgAvailable()) {
    if (process.env.CI) {
      throw new Error('PostgreSQL is not installed (initdb not on PATH nor in /usr/lib/postgresql/*/bin): CI runs the PostgreSQL tests, they may not skip');
    }
    project.provide('pgUrl', null);
    return undefined;
  }
  const cluster = await startPgCluster();
  await createMigratedTemplate(cluster.url);
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
