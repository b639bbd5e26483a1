/**
 * Test fixture run as a CHILD PROCESS by scheduler.test.ts: a second server process sharing the
 * database file. Usage: node --import tsx tick-loop.ts <db-file> <worker-id> <clock-iso> [work-ms]
 * Prints "ready", waits for the file <db-file>.go (the parent's start signal, so both really tick
 * at the same time), ticks until no job is pending or running, then prints {"calls":[job ids]}.
 */
import fs from 'node:fs';
import pino from 'pino';
import { openDatabase } from '../../db/connection.js';
import { createScheduler } from '../scheduler.js';
import { INVITE_KIND, inviteHandler, openJobs } from './invite-handler.js';

const [file, workerId, clockIso, workMs = '0'] = process.argv.slice(2);
if (!file || !workerId || !clockIso) {
  process.stderr.write('usage: tick-loop.ts <db-file> <worker-id> <clock-iso>\n');
  process.exit(2);
}
const db = openDatabase(file);
const calls: number[] = [];
const scheduler = createScheduler({ db, logger: pino({ level: 'silent' }), clock: () => new Date(clockIso), workerId, pollIntervalMs: 1000 });
scheduler.register(INVITE_KIND, inviteHandler(db, calls, Number(workMs)));

process.stdout.write('ready\n');
const deadline = Date.now() + 20_000;
while (!fs.existsSync(`${file}.go`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
while (await openJobs(db) > 0 && Date.now() < deadline) {
  await scheduler.tick();
  await new Promise((resolve) => setTimeout(resolve, 1));
}
await scheduler.stop();
await db.close();
process.stdout.write(`${JSON.stringify({ calls })}\n`);
