/**
 * vitest globalSetup of the `node` project: one throwaway PostgreSQL cluster for the whole run, its URL given to
 * the tests as inject('pgUrl') (each test file makes its own database on it with createTestDatabase). Without
 * PostgreSQL the URL is null and PostgreSQL tests skip, except in CI (CI set), where that fails the run.
 */
import type { TestProject } from 'vitest/node';
import { pgAvailable, startPgCluster } from './pg-cluster.js';

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
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
