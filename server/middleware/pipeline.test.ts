/**
 * The request log of a respondent's request: at the default level (info) nothing but a server error, and
 * then with the time to the hour, no response time and no query; at debug a line with the hour only. Every other
 * request keeps its line with the exact time and response time.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isRespondentRequest } from '../modules/questionnaire/respondent-requests.js';
import { errorHandler } from './errors.js';
import { localeMiddleware } from './locale.js';
import { requestContext } from './pipeline.js';

interface Line {
  level: number;
  time: number;
  msg: string;
  req?: { url: string; method: string };
  responseTime?: number;
}

async function logsOf(level: 'info' | 'debug', requests: [string, string][]): Promise<Line[]> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const app = express();
  app.use(requestContext(pino({ level }, stream), { respondent: isRespondentRequest }));
  app.use(localeMiddleware);
  // Under /api as in server/app.ts: a mounted router shortens req.path, the log line must not.
  const api = express.Router();
  api.post('/responses', (req, res) => {
    if (req.query.fail) throw new Error('store failed');
    res.json({ data: { results: [] } });
  });
  api.post('/questionnaire/access', (_req, res) => void res.status(404).json({}));
  app.use('/api', api);
  app.post('/api/kiosk/code-check', (_req, res) => void res.json({}));
  app.get('/vprasalnik', (_req, res) => void res.send('page'));
  app.get('/en/questionnaire', (_req, res) => void res.send('page'));
  app.get('/api/health', (_req, res) => void res.json({}));
  app.post('/api/applications', (_req, res) => void res.status(422).json({}));
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  try {
    for (const [method, url] of requests) await (await fetch(base + url, { method })).text();
  } finally {
    server.close();
  }
  return logs.map((l) => JSON.parse(l) as Line);
}

const RESPONDENT: [string, string][] = [
  ['POST', '/api/responses'],
  ['POST', '/api/questionnaire/access'],
  ['POST', '/api/kiosk/code-check'],
  ['GET', '/vprasalnik?code=ABCDE-FGHJK'],
  ['GET', '/en/questionnaire?code=ABCDE-FGHJK'],
];
const OTHER: [string, string][] = [
  ['GET', '/api/health'],
  ['POST', '/api/applications'],
];
const HOUR = 3_600_000;

describe('request log of respondents', () => {
  it('at info: no line for a respondent request; the other requests keep theirs with the exact time', async () => {
    const lines = await logsOf('info', [...RESPONDENT, ...OTHER]);
    expect(lines.map((l) => [l.req?.method, l.req?.url])).toEqual(OTHER);
    for (const l of lines) expect(typeof l.responseTime).toBe('number');
  });

  it('a server error of a respondent request: logged at the default level, with the hour only, no response time, no query', async () => {
    const lines = await logsOf('info', [['POST', '/api/responses?fail=1']]);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l.time % HOUR).toBe(0);
      expect(l).not.toHaveProperty('responseTime');
      expect(JSON.stringify(l)).not.toContain('fail=1');
    }
    expect(lines.find((l) => l.msg === 'request completed')?.req).toEqual({ id: expect.any(String) as string, method: 'POST', url: '/api/responses' });
  });

  it('at debug: a respondent request has its line with the hour only and no query; the others keep the exact time', async () => {
    const lines = await logsOf('debug', [...RESPONDENT, ...OTHER]);
    const respondent = lines.filter((l) => l.req && !OTHER.some(([, url]) => url === l.req?.url));
    expect(respondent.map((l) => [l.req?.method, l.req?.url])).toEqual(RESPONDENT.map(([m, u]) => [m, u.split('?')[0]]));
    for (const l of respondent) {
      expect(l.time % HOUR).toBe(0);
      expect(l).not.toHaveProperty('responseTime');
    }
    expect(lines.filter((l) => OTHER.some(([, url]) => url === l.req?.url)).every((l) => typeof l.responseTime === 'number')).toBe(true);
  });
});
