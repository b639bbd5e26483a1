import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

/**
 * JSON lines on stdout. In production the lines are buffered (sonic-boom, written in 4 KB chunks off the
 * request path) instead of one synchronous write per request: the request log was about a tenth of the
 * CPU time of a response under load. pino flushes the buffer on exit; a hard crash may lose the last few
 * lines, which is the usual trade-off of pino's asynchronous destination.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'izz-server' },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  };
  return config.isProduction ? pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096 })) : pino(options);
}

const HOUR_MS = 3_600_000;

/**
 * A child of `logger` whose lines carry the time truncated to the hour (pino's `time`, in epoch milliseconds, always
 * a whole hour): for the respondents' requests (middleware/pipeline.ts), so that no log line says when within the
 * hour a person entered a code or answered. The child's own children keep it.
 */
export function hourlyLogger(logger: Logger): Logger {
  const child = logger.child({});
  (child as unknown as Record<symbol, () => string>)[pino.symbols.timeSym] = () => `,"time":${String(Math.floor(Date.now() / HOUR_MS) * HOUR_MS)}`;
  return child;
}
