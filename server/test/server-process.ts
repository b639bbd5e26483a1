/**
 * The real entry point (server/index.ts through tsx, or a compiled build/server.js on plain node) in a child
 * process on an ephemeral port, for the start-up, shutdown and several-instance tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';
import { makeFakeDist, makeTempDir } from './helpers.js';

export interface ServerProcess {
  child: ChildProcess;
  dir: string;
  /** The port once the server logs "listening"; rejects when it exits first. */
  listening: Promise<number>;
  exited: Promise<number | null>;
  output(): string;
}

/** Starts a server process; `dir` is its DATA_DIR (a fresh temp folder unless given). */
export function startServerProcess(env: Record<string, string>, options: { compiled?: string; dir?: string } = {}): ServerProcess {
  const dir = options.dir ?? makeTempDir('izz-process-');
  const args = options.compiled ? ['--enable-source-maps', options.compiled] : ['--import', 'tsx', path.join(REPO_ROOT, 'server/index.ts')];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dir, STATIC_DIR: makeFakeDist(dir), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO_MARKET: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const check = () => {
      const line = stdout.split('\n').find((l) => l.includes('"msg":"listening"'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    };
    child.stdout?.on('data', check);
    void exited.then((code) => reject(new Error(`server exited with ${String(code)}: ${stderr}`)));
  });
  listening.catch(() => undefined); // observed by the tests that expect a start
  return { child, dir, listening, exited, output: () => stdout + stderr };
}
