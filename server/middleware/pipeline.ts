/**
 * The building blocks every request passes, in this order (server/app.ts): request context (request id,
 * `req.log`, one access-log line) -> security headers -> [compression of GET/HEAD] -> locale -> origin
 * check -> JSON body (under /api). The respondents' lane (questionnaire.routes.ts: code entry;
 * responses.routes.ts: responses) is the first router under /api, after these blocks and before the session lookup, so it
 * gets the same guarantees without a session (anonymity) and at a fraction of the general routes' cost:
 * this is the path thousands of phones and kiosks hit at once (docs/benchmarks.md).
 *
 * The blocks are cheap because they do per request only what depends on the request:
 * - security headers: helmet runs ONCE with the app's options against a recording response and the
 *   recorded headers are set on every response (they do not depend on the request);
 * - request context: the request id (X-Request-Id, the caller's when sane) and one access-log line with
 *   pino-http's fields (id, method, URL, status, response time; no IP, headers or body), without a
 *   per-request child logger; `req.log` for the error handler.
 *   A respondent's request (code entry, responses, a kiosk's code check and sync; `respondent` says which) is
 *   logged at debug, not at the default level (info); only a server error (5xx) is logged at the default level. Its
 *   lines, the error handler's too, carry the time truncated to the hour and no response time, and its URL without
 *   the query (an invitation link's ?code=): nothing logged says when within the hour a person answered.
 */
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { hourlyLogger, type Logger } from '../logger.js';

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** helmet(options), computed once: the headers it sets, replayed on every response. */
export function securityHeaders(options: HelmetOptions): RequestHandler {
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

/**
 * Request id, req.log and one access-log line per request (pino-http's fields, without its per-request child logger).
 * `respondent(req)`: whether the request is a respondent's (see the file's header: logged at debug, time to the hour).
 */
export function requestContext(logger: Logger, options: { respondent?: (req: Request) => boolean } = {}): RequestHandler {
  const hourly = hourlyLogger(logger);
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdOf(req);
    res.setHeader('X-Request-Id', id);
    (req as { id: unknown }).id = id;
    if (options.respondent?.(req)) {
      req.log = hourly;
      // The path as it came (a router under /api shortens req.path), taken now; never the query.
      const url = req.path;
      res.once('finish', () => {
        const status = res.statusCode;
        hourly[status >= 500 ? 'error' : 'debug']({ req: { id, method: req.method, url }, res: { statusCode: status } }, 'request completed');
      });
      return next();
    }
    const start = performance.now();
    req.log = logger;
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      logger[level]({ req: { id, method: req.method, url: req.originalUrl }, res: { statusCode: status }, responseTime: Math.round(performance.now() - start) }, 'request completed');
    });
    next();
  };
}

/** The JSON body of an API request, up to `limit` (413 'payload-too-large' above it; middleware/errors.ts). */
export function jsonBody(limit: string | number): RequestHandler {
  return express.json({ limit });
}
