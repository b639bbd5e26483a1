/**
 * Test fixture run as a CHILD PROCESS by scheduler.test.ts: a second server process sharing the
 * database. Usage: node --import tsx tick-loop.ts <target-json> <go-file> <worker-id> <clock-iso> [work-ms]
 * (target-json: a DatabaseTarget, a SQLite file or a PostgreSQL URL). Prints "ready", waits for <go-file>
 * (the parent's start signal, so both really tick at the same time), ticks until no job is pending or
 * running, then prints {"calls":[job ids]}.
 */
import fs from 'node:fs';
import pino from 'pino';
import { openDatabase, type DatabaseTarget } from '../../db/connection.js';
import { createScheduler } from '../scheduler.js';
import { INVITE_KIND, inviteHandler, openJobs } from './invite-handler.js';

const [target, go, workerId, clockIso, workMs = '0'] = process.argv.slice(2);
if (!target || !go || !workerId || !clockIso) {
  process.stderr.write('usage: tick-loop.ts <target-json> <go-file> <worker-id> <clock-iso> [work-ms]\n');
  process.exit(2);
}
const db = openDatabase(JSON.parse(target) as DatabaseTarget);
const calls: number[] = [];
const scheduler = createScheduler({ db, logger: pino({ level: 'silent' }), clock: () => new Date(clockIso), workerId, pollIntervalMs: 1000 });
scheduler.register(INVITE_KIND, inviteHandler(db, calls, Number(workMs)));

process.stdout.write('ready\n');
const deadline = Date.now() + 20_000;
while (!fs.existsSync(go) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
while (await openJobs(db) > 0 && Date.now() < deadline) {
  await scheduler.tick();
  await new Promise((resolve) => setTimeout(resolve, 1));
}
await scheduler.stop();
await db.close();
process.stdout.write(`${JSON.stringify({ calls })}\n`);
