/**
 * The response path under load. Bounded in count and time; loopback only.
 *
 * 1. App: the real server started as in production — a child process running `npm start`'s command
 *    (tsx server/index.ts) with NODE_ENV=production, a temp DATA_DIR, PORT=0 on 127.0.0.1, SMTP unset
 *    (mail goes to the outbox), the production log level (info; the log goes to a file), seeded before
 *    start with the app's own seed functions and N single-use codes whose tokens the service's own code
 *    entry signed. autocannon (50 connections, one complete IZZ response with a fresh UUID per request)
 *    loads POST /api/responses; afterwards the server is stopped (SIGTERM) and the stored rows are
 *    compared with the 'applied' answers: lost = applied but not stored, doubled = stored more than
 *    once or stored without an 'applied' answer.
 * 2. Ceilings, from copies of the same seeded database: the same store path (the questionnaire
 *    service's submit) called in-process without HTTP, and a bare node:http server around it
 *    (bench-ceiling-server.ts, also a child process) loaded by autocannon the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonResult } from 'autocannon';
import { DATABASE_FILE } from '../server/app.js';
import { REPO_ROOT } from '../server/config.js';
import { openDatabase, type DatabaseTarget } from '../server/db/connection.js';
import { createTestDatabase, pgAvailable, startPgCluster } from '../server/test/pg-cluster.js';
import { systemClock } from '../server/lib/clock.js';
import { createQuestionnaireService } from '../server/modules/questionnaire/questionnaire.service.js';
import type { SubmitItem, SubmitResult } from '../shared/schemas/questionnaire.js';
import { BENCH_PUBLIC_URL, BENCH_SECRET, BENCH_TIME_ZONE, completeAnswers, prepareSurvey } from './bench-survey.js';

type Figure = (name: string, value: number | string) => void;

const CONNECTIONS = 50;
const WARMUP_REQUESTS = 3_000;
const MEASURE_SECONDS = 10;
/** Codes (= possible responses) seeded per database; a run stops early when they run out. */
const CODES = 100_000;
const INPROCESS_RESPONSES = 20_000;
/** Codes seeded on PostgreSQL (each token is signed through the service's code entry, a few round trips per code). */
const PG_CODES = 40_000;
const RUN_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 30_000;
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

const ANSWERS_JSON = JSON.stringify(completeAnswers());
const bodyOf = (id: string, token: string): string => `{"items":[{"id":"${id}","token":"${token}","answers":${ANSWERS_JSON}}]}`;

interface LoadOutcome {
  result: AutocannonResult;
  seconds: number;
  applied: number;
  other: number;
}

/** Tokens handed out one per request; the answers per response id; the count of non-'applied' answers. */
class Ledger {
  next = 0;
  readonly answered = new Map<string, SubmitResult['status']>();
  constructor(readonly tokens: string[]) {}
  get remaining(): number {
    return this.tokens.length - this.next;
  }
  take(): string {
    const token = this.tokens[this.next++];
    if (token === undefined) throw new Error('the benchmark ran out of access codes');
    return token;
  }
  appliedIds(): string[] {
    return [...this.answered].filter(([, s]) => s === 'applied').map(([id]) => id);
  }
}

function runAutocannon(baseUrl: string, ledger: Ledger, amount: number, connections = CONNECTIONS): Promise<LoadOutcome> {
  let applied = 0;
  let other = 0;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const tracker = autocannon(
      {
        url: baseUrl,
        connections,
        amount,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: '/api/responses',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', origin: BENCH_PUBLIC_URL },
            setupRequest: (request) => ({ ...request, body: bodyOf(randomUUID(), ledger.take()) }),
            onResponse: (status, body) => {
              if (status !== 200) return;
              try {
                const results = (JSON.parse(body) as { data?: { results?: SubmitResult[] } }).data?.results ?? [];
                for (const r of results) {
                  ledger.answered.set(r.id, r.status);
                  if (r.status === 'applied') applied++;
                  else other++;
                }
              } catch {
                other++;
              }
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(guard);
        if (error) reject(error);
        else resolve({ result, seconds: (performance.now() - started) / 1000, applied, other });
      },
    );
    const guard = setTimeout(() => tracker.stop(), RUN_TIMEOUT_MS);
  });
}

/** Load on several servers at once (the connections split between them); the rate is the sum. */
async function loadMany(baseUrls: string[], ledger: Ledger): Promise<{ applied: number; seconds: number; errors: number; p99: number }> {
  const per = Math.max(1, Math.round(CONNECTIONS / baseUrls.length));
  const share = (n: number) => Math.max(per, Math.round(n / baseUrls.length));
  const run = (amount: number) => Promise.all(baseUrls.map((url) => runAutocannon(url, ledger, share(amount), per)));
  const warm = await run(WARMUP_REQUESTS);
  const rate = warm.reduce((s, w) => s + w.result['2xx'] / w.seconds, 0);
  const amount = Math.min(ledger.remaining, Math.round(rate * 1.15 * MEASURE_SECONDS));
  const started = performance.now();
  const outcomes = await run(amount);
  const seconds = (performance.now() - started) / 1000;
  return {
    applied: outcomes.reduce((s, o) => s + o.applied, 0),
    seconds,
    errors: outcomes.reduce((s, o) => s + errorsOf(o), 0),
    p99: Math.max(...outcomes.map((o) => o.result.latency.p99)),
  };
}

/** A warm-up, then about MEASURE_SECONDS of load (the request count is set from the warm-up's rate, so no request is cut off at the end). */
async function load(baseUrl: string, ledger: Ledger, serverPid: number | undefined): Promise<LoadOutcome & { cpuUsPerResponse: number | null }> {
  const warm = await runAutocannon(baseUrl, ledger, WARMUP_REQUESTS);
  const rate = warm.result['2xx'] / warm.seconds;
  const amount = Math.max(CONNECTIONS, Math.min(ledger.remaining, Math.round(rate * 1.15 * MEASURE_SECONDS)));
  const cpuBefore = serverPid === undefined ? null : treeCpuSeconds(serverPid);
  const outcome = await runAutocannon(baseUrl, ledger, amount);
  const cpuAfter = serverPid === undefined ? null : treeCpuSeconds(serverPid);
  const cpuUsPerResponse = cpuBefore !== null && cpuAfter !== null && outcome.applied > 0 ? ((cpuAfter - cpuBefore) * 1e6) / outcome.applied : null;
  return { ...outcome, cpuUsPerResponse };
}

/**
 * CPU seconds used so far by a process and its descendants (tsx runs the server in a child node
 * process), from /proc; null where there is no /proc. The server's CPU time per response does not
 * depend on what else the machine runs, unlike the rate.
 */
function treeCpuSeconds(pid: number): number | null {
  try {
    const ticks = 100; // USER_HZ on Linux
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let seconds = (Number(fields[11]) + Number(fields[12])) / ticks;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) seconds += treeCpuSeconds(Number(child)) ?? 0;
    }
    return seconds;
  } catch {
    return null;
  }
}

function errorsOf(o: LoadOutcome): number {
  return o.result.errors + o.result.timeouts + o.result.non2xx + o.other;
}

function startChild(args: string[], env: NodeJS.ProcessEnv, logFile: string, ready: (log: string) => number | null): Promise<{ child: ChildProcess; port: number }> {
  const fd = fs.openSync(logFile, 'w');
  const child = spawn(TSX, args, { cwd: REPO_ROOT, env, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const onExit = (code: number | null) => reject(new Error(`${args.join(' ')} exited (${String(code)}) before listening:\n${fs.readFileSync(logFile, 'utf8')}`));
    child.once('exit', onExit);
    const poll = setInterval(() => {
      const port = ready(fs.readFileSync(logFile, 'utf8'));
      if (port !== null) {
        clearInterval(poll);
        child.off('exit', onExit);
        resolve({ child, port });
      } else if (Date.now() - started > START_TIMEOUT_MS) {
        clearInterval(poll);
        child.kill('SIGKILL');
        reject(new Error(`${args.join(' ')} did not listen within ${START_TIMEOUT_MS} ms`));
      }
    }, 50);
  });
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/** The production server's environment: nothing of the caller's SMTP, port or log settings leaks in. */
function productionEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['SMTP_URL', 'LOG_LEVEL', 'PORT', 'HOST', 'SEED_DEMO', 'STATIC_DIR', 'BODY_LIMIT', 'TRUST_PROXY']) delete env[name];
  return {
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_URL: '', // unset: mails are captured to DATA_DIR/outbox
    SESSION_SECRET: BENCH_SECRET,
    PUBLIC_URL: BENCH_PUBLIC_URL,
    OPERATOR_EMAIL: 'operator@example.com',
    ADMIN_PASSWORD: 'bench-admin-password',
    TIME_ZONE: BENCH_TIME_ZONE,
  };
}

/** The stored rows against the answers: lost = applied but not stored; doubled = a second row for an id, or a row without an 'applied' answer. */
async function reconcile(where: string | DatabaseTarget, surveyId: number, ledger: Ledger): Promise<{ rows: number; lost: number; doubled: number }> {
  const db = openDatabase(typeof where === 'string' ? path.join(where, DATABASE_FILE) : where);
  try {
    const rows = await db.all<{ id: string; n: number }>('SELECT id, count(*) AS n FROM responses WHERE survey_id = ? GROUP BY id', [surveyId]);
    const stored = new Map(rows.map((r) => [r.id, r.n]));
    const applied = ledger.appliedIds();
    const lost = applied.filter((id) => !stored.has(id)).length;
    let doubled = 0;
    let total = 0;
    for (const [id, n] of stored) {
      total += n;
      doubled += n - 1;
      if (ledger.answered.get(id) !== 'applied') doubled += 1;
    }
    if (total !== applied.length - lost + doubled) throw new Error('reconcile: row count does not add up');
    return { rows: total, lost, doubled };
  } finally {
    await db.close();
  }
}

async function inProcessCeiling(dataDir: string, ledger: Ledger): Promise<{ perSecond: number; cpuUsPerResponse: number }> {
  const db = openDatabase(path.join(dataDir, DATABASE_FILE));
  try {
    const service = createQuestionnaireService({ db, config: { sessionSecret: BENCH_SECRET, timeZone: BENCH_TIME_ZONE }, clock: systemClock });
    // Each item parsed from its own request body, as the HTTP paths do.
    const items = Array.from({ length: Math.min(INPROCESS_RESPONSES, ledger.remaining) }, () => (JSON.parse(bodyOf(randomUUID(), ledger.take())) as { items: SubmitItem[] }).items[0] as SubmitItem);
    const warm = items.splice(0, 2_000);
    for (const item of warm) await service.submit(item);
    // As many in flight as the HTTP runs have connections (token checks wait on the crypto thread pool).
    const started = performance.now();
    const cpu = process.cpuUsage();
    let applied = 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let item = items[next++]; item; item = items[next++]) if ((await service.submit(item)).status === 'applied') applied++;
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    if (applied !== items.length) throw new Error(`in-process: ${items.length - applied} responses were not applied`);
    return { perSecond: applied / seconds, cpuUsPerResponse: (used.user + used.system) / applied };
  } finally {
    await db.close();
  }
}

export async function benchResponses(figure: Figure): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-bench-responses-'));
  const children: ChildProcess[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    const seeded = path.join(root, 'seed');
    const { surveyId, tokens } = await prepareSurvey(seeded, CODES);
    const copyTo = (name: string): string => {
      const dir = path.join(root, name);
      fs.mkdirSync(dir);
      fs.copyFileSync(path.join(seeded, DATABASE_FILE), path.join(dir, DATABASE_FILE));
      return dir;
    };

    // 1. The app, started as in production.
    const appDir = copyTo('app');
    const app = await startChild(['server/index.ts'], productionEnv(appDir), path.join(root, 'app.log'), (log) => {
      const line = log.split('\n').find((l) => l.includes('"msg":"listening"'));
      return line ? (JSON.parse(line) as { port: number }).port : null;
    });
    children.push(app.child);
    const appUrl = `http://127.0.0.1:${app.port}`;
    // Code entry works on the production server (the tokens below were signed by the same service).
    const access = await fetch(`${appUrl}/api/questionnaire/access`, { method: 'POST', headers: { 'content-type': 'application/json', origin: BENCH_PUBLIC_URL }, body: JSON.stringify({ code: 'DEMXA-AAAA2' }) });
    if (access.status !== 200) throw new Error(`POST /api/questionnaire/access answered ${access.status}: ${await access.text()}`);
    const appLedger = new Ledger(tokens);
    const appRun = await load(appUrl, appLedger, app.child.pid);
    const exit = await stopChild(app.child);
    if (exit !== 0) throw new Error(`the server exited with ${String(exit)} on SIGTERM`);
    const counted = await reconcile(appDir, surveyId, appLedger);
    const appRate = appRun.applied / appRun.seconds;
    figure('responses_per_s', appRate.toFixed(0));
    figure('p50_ms', appRun.result.latency.p50.toFixed(1));
    figure('p99_ms', appRun.result.latency.p99.toFixed(1));
    figure('errors', errorsOf(appRun));
    if (appRun.cpuUsPerResponse !== null) figure('app_cpu_us_per_response', appRun.cpuUsPerResponse.toFixed(0));
    figure('rows_counted', counted.rows);
    figure('lost', counted.lost);
    figure('doubled', counted.doubled);

    // 2a. The same store path in-process.
    const inprocess = await inProcessCeiling(copyTo('inprocess'), new Ledger(tokens));
    figure('ceiling_inprocess_per_s', inprocess.perSecond.toFixed(0));
    figure('ceiling_inprocess_cpu_us_per_response', inprocess.cpuUsPerResponse.toFixed(0));

    // 2b. A bare node:http server around it.
    const bareDir = copyTo('bare');
    const bare = await startChild(['scripts/bench-ceiling-server.ts'], { ...process.env, DATA_DIR: bareDir }, path.join(root, 'bare.log'), (log) => {
      const m = /^port: (\d+)$/m.exec(log);
      return m ? Number(m[1]) : null;
    });
    children.push(bare.child);
    const bareLedger = new Ledger(tokens);
    const bareRun = await load(`http://127.0.0.1:${bare.port}`, bareLedger, bare.child.pid);
    await stopChild(bare.child);
    const bareCounted = await reconcile(bareDir, surveyId, bareLedger);
    if (bareCounted.lost + bareCounted.doubled + errorsOf(bareRun) > 0) throw new Error('the bare node:http ceiling lost, doubled or failed responses');
    const bareRate = bareRun.applied / bareRun.seconds;
    figure('ceiling_http_per_s', bareRate.toFixed(0));
    figure('ceiling_http_p99_ms', bareRun.result.latency.p99.toFixed(1));
    if (bareRun.cpuUsPerResponse !== null) figure('ceiling_http_cpu_us_per_response', bareRun.cpuUsPerResponse.toFixed(0));
    figure('ratio_http_vs_inprocess', (bareRate / inprocess.perSecond).toFixed(2));
    figure('ratio_app_vs_http', (appRate / bareRate).toFixed(2));

    // 3. The same app on PostgreSQL (a throwaway local cluster): one instance, then two on one database.
    if (!pgAvailable()) {
      figure('pg_responses_per_s', 'n/a (PostgreSQL is not installed)');
      return;
    }
    const cluster = await startPgCluster();
    stops.push(() => cluster.stop());
    for (const instances of [1, 2]) {
      const url = await createTestDatabase(cluster.url);
      const target: DatabaseTarget = { engine: 'postgres', url };
      const pgSeed = path.join(root, `pg${String(instances)}-seed`);
      const { surveyId: pgSurvey, tokens: pgTokens } = await prepareSurvey(pgSeed, PG_CODES, target);
      const servers = await Promise.all(
        Array.from({ length: instances }, async (_, n) => {
          const dir = path.join(root, `pg${String(instances)}-${String(n)}`);
          fs.mkdirSync(dir);
          const s = await startChild(['server/index.ts'], { ...productionEnv(dir), DATABASE_URL: url }, path.join(root, `pg${String(instances)}-${String(n)}.log`), (log) => {
            const line = log.split('\n').find((l) => l.includes('"msg":"listening"'));
            return line ? (JSON.parse(line) as { port: number }).port : null;
          });
          children.push(s.child);
          return s;
        }),
      );
      const ledger = new Ledger(pgTokens);
      const run = await loadMany(
        servers.map((s) => `http://127.0.0.1:${s.port}`),
        ledger,
      );
      for (const s of servers) await stopChild(s.child);
      const pgCounted = await reconcile(target, pgSurvey, ledger);
      const prefix = instances === 1 ? 'pg' : 'pg2';
      figure(`${prefix}_responses_per_s`, (run.applied / run.seconds).toFixed(0));
      figure(`${prefix}_p99_ms`, run.p99.toFixed(1));
      figure(`${prefix}_errors`, run.errors);
      figure(`${prefix}_lost`, pgCounted.lost);
      figure(`${prefix}_doubled`, pgCounted.doubled);
    }
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const stop of stops) await stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
