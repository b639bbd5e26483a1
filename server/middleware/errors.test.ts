import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { errorHandler, notFoundHandler } from './errors.js';
import { localeMiddleware } from './locale.js';
import { validate } from './validate.js';

/** A small app with the real middleware chain and routes that fail in each way. */
async function withApp(run: (base: string, logs: string[]) => Promise<void>): Promise<void> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const app = express();
  app.use(pinoHttp({ logger: pino({ level: 'info' }, stream), genReqId: () => 'req-test-1' }));
  app.use(localeMiddleware);
  app.use(express.json());
  app.get('/boom', () => {
    throw new Error('secret database detail');
  });
  app.get('/async-boom', async () => {
    await Promise.resolve();
    throw new TypeError('undefined is not a function');
  });
  app.get('/app-error', () => {
    throw new AppError('unknown-middleware', { vars: { name: 'auth2' } });
  });
  app.get('/query', validate({ query: z.object({ n: z.coerce.number().int().min(1), tag: z.string().optional() }) }, (req, res) => {
    const n: number = req.query.n;
    res.json({ query: req.query, isNumber: typeof n === 'number', locals: res.locals.query });
  }));
  // A plain validate() before another middleware, then the handler behind the same schemas: parsed once.
  let parses = 0;
  const counted = { params: z.object({ id: z.string().transform((id) => { parses += 1; return Number(id); }) }), body: z.object({ name: z.string().min(1) }) };
  app.post('/items/:id', validate(counted), (_req, _res, next) => next(), validate(counted, (req, res) => {
    const id: number = req.params.id;
    const name: string = req.body.name;
    res.json({ id, name, parses });
  }));
  app.use(notFoundHandler);
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, logs);
  } finally {
    server.close();
  }
}

describe('error handler', () => {
  it('turns an unexpected error into 500 internal-error, logged with the request id, no stack sent', async () => {
    await withApp(async (base, logs) => {
      for (const path of ['/boom', '/async-boom']) {
        const res = await fetch(base + path, { headers: { 'Accept-Language': 'sl' } });
        expect(res.status).toBe(500);
        const text = await res.text();
        expect(JSON.parse(text)).toEqual({ error: { code: 'internal-error', message: 'Žal nam, ampak prišlo je do napake. Prosimo, poskusite ponovno.' } });
        expect(text).not.toMatch(/secret|TypeError|at .*\.ts/);
      }
      const errorLog = logs.map((l) => JSON.parse(l) as { msg: string; reqId?: string; err?: { message: string; stack: string } }).find((l) => l.msg === 'unhandled error');
      expect(errorLog?.reqId).toBe('req-test-1');
      expect(errorLog?.err?.message).toBe('secret database detail');
      expect(errorLog?.err?.stack).toContain('errors.test.ts');
    });
  });

  it('fills message placeholders', async () => {
    await withApp(async (base) => {
      const res = await fetch(`${base}/app-error?lang=en`);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: 'unknown-middleware', message: 'Unknown middleware auth2' } });
    });
  });

  it('replaces req.query with the parsed values', async () => {
    await withApp(async (base) => {
      const res = await fetch(`${base}/query?n=42&extra=1`);
      expect(await res.json()).toEqual({ query: { n: 42 }, isNumber: true, locals: { n: 42 } });
      const bad = await fetch(`${base}/query?n=0&tag=a&tag=b`, { headers: { 'Accept-Language': 'de' } });
      expect(bad.status).toBe(422);
      const body = (await bad.json()) as { error: { message: string; details: { path: string }[] } };
      expect(body.error.message).toBe('Einige Angaben sind ungültig. Bitte prüfen Sie die markierten Felder.');
      expect(body.error.details.map((d) => d.path).sort()).toEqual(['n', 'tag']);
    });
  });

  it("gives a validate() handler the schemas' outputs, parsed once when a plain validate() of the same schemas ran before", async () => {
    await withApp(async (base) => {
      const post = (path: string, body: unknown, locale: string) =>
        fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Language': locale }, body: JSON.stringify(body) });
      const ok = await post('/items/7', { name: 'x' }, 'en');
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ id: 7, name: 'x', parses: 1 });
      const bad = await post('/items/8', { name: '' }, 'fr');
      expect(bad.status).toBe(422);
      const body = (await bad.json()) as { error: { message: string; details: { location: string; path: string }[] } };
      expect(body.error.details).toEqual([expect.objectContaining({ location: 'body', path: 'name' })]);
      const badEn = await post('/items/8', { name: '' }, 'en');
      expect(((await badEn.json()) as { error: { message: string } }).error.message).not.toBe(body.error.message);
    });
  });
});
