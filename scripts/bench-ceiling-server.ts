/**
 * The HTTP ceiling of the response benchmark: a bare node:http server around the questionnaire
 * service's store path (createQuestionnaireService(...).submit), nothing else: no Express, no
 * middleware, no logging, no schema check of the batch. Run as a child process by bench-responses.ts
 * with DATA_DIR (seeded by prepareSurvey); prints `port: N` once it listens, stops on SIGTERM.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DATABASE_FILE } from '../server/app.js';
import { openDatabase } from '../server/db/connection.js';
import { systemClock } from '../server/lib/clock.js';
import { createQuestionnaireService } from '../server/modules/questionnaire/questionnaire.service.js';
import type { SubmitItem, SubmitResult } from '../shared/schemas/questionnaire.js';
import { BENCH_SECRET, BENCH_TIME_ZONE } from './bench-survey.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const db = openDatabase(path.join(dataDir, DATABASE_FILE));
const service = createQuestionnaireService({ db, config: { sessionSecret: BENCH_SECRET, timeZone: BENCH_TIME_ZONE }, clock: systemClock });

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    void (async () => {
      try {
        const { items } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { items: SubmitItem[] };
        const results: SubmitResult[] = [];
        for (const item of items) results.push(await service.submit(item));
        const body = JSON.stringify({ data: { results } });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } catch {
        res.writeHead(400).end();
      }
    })();
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`port: ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(async () => {
    await db.close();
    process.exit(0);
  });
});
