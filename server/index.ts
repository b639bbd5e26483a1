/**
 * Starts the server: reads the configuration, builds the app, listens on PORT.
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (closing idle
 * keep-alive connections), stop the mail worker, close the database, exit 0.
 * If requests do not finish within SHUTDOWN_TIMEOUT_MS the remaining connections are cut and it exits 1.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

let config: Config;
try {
  // A local .env (see .env.example) fills in variables the environment does not set.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const handle = await createApp(config);
const { logger } = handle;
const server = handle.app.listen(config.port, config.host, (error?: Error) => {
  if (error) {
    logger.fatal({ err: error }, 'could not listen');
    void handle.close().finally(() => exitAfterFlush(1));
    return;
  }
  const address = server.address() as AddressInfo;
  logger.info({ port: address.port, host: address.address, env: config.nodeEnv, staticDir: config.staticDir, mail: handle.mailWorker.mode }, 'listening');
  logger.flush(); // production buffers log lines: the 'listening' line goes out now
  // One plain line for the person who just ran `npm run setup` / `npm start`.
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  process.stdout.write(`\nIZZ platform is running at ${config.publicUrl ?? `http://${shownHost}:${address.port}`}  (Ctrl+C stops it)\n\n`);
});
server.keepAliveTimeout = 5_000;

/** Exits once the (buffered, in production) log lines are written. */
function exitAfterFlush(code: number): void {
  logger.flush(() => process.exit(code));
}

let shuttingDown = false;
function shutdown(signal: NodeJS.Signals): void {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.error('in-flight requests did not finish in time; closing connections');
    server.closeAllConnections();
    void handle.close().finally(() => exitAfterFlush(1));
  }, SHUTDOWN_TIMEOUT_MS);
  force.unref();

  // Keep-alive connections become idle once their in-flight request is answered; close them then.
  const reaper = setInterval(() => server.closeIdleConnections(), 100);
  reaper.unref();

  server.close((error) => {
    clearInterval(reaper);
    if (error) logger.warn({ err: error }, 'server close reported an error');
    handle
      .close()
      .then(() => {
        clearTimeout(force);
        logger.info('shutdown complete');
        exitAfterFlush(0);
      })
      .catch((closeError: unknown) => {
        logger.error({ err: closeError }, 'shutdown failed');
        exitAfterFlush(1);
      });
  });
  // Idle keep-alive connections would hold server.close() open; busy ones finish first.
  server.closeIdleConnections();
}

process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
