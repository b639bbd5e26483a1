/**
 * The respondents' lane: POST /api/responses and POST /api/questionnaire/access run in front of the
 * general pipeline with the same guarantees at a fraction of its cost per request (this is the path
 * thousands of phones and kiosks hit at once; docs/benchmarks.md).
 *
 * - the same security headers: helmet runs ONCE with the app's options against a recording response and
 *   the recorded headers are set on every response of the lane (they do not depend on the request);
 * - the same request id (X-Request-Id) and one access-log line per request with the same fields as the
 *   general pipeline's pino-http line (id, method, URL, status, response time; no IP, headers or body);
 * - `req.log` for the error handler, so errors are logged and answered exactly as elsewhere.
 */
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { Logger } from '../logger.js';

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** helmet(options), computed once: the headers it sets, replayed on every response. */
export function staticSecurityHeaders(options: HelmetOptions): RequestHandler {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
    getHeader: () => undefined,
  };
  let finished = false;
  helmet(options)({ method: 'GET', headers: {} } as unknown as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  const set = [...headers];
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/** Request id, req.log and one access-log line per request (pino-http's fields, without its per-request child logger). */
export function lightRequestLog(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = performance.now();
    const id = requestIdOf(req);
    res.setHeader('X-Request-Id', id);
    (req as { id: unknown }).id = id;
    req.log = logger;
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      logger[level]({ req: { id, method: req.method, url: req.originalUrl }, res: { statusCode: status }, responseTime: Math.round(performance.now() - start) }, 'request completed');
    });
    next();
  };
}
