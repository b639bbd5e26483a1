/**
 * The API's request path on loopback: GET /api/config and /api/leaderboards/available-years
 * against createApp on an ephemeral port with a temp SQLite file. Bounded in count and time.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';

const REQUESTS = 5000;
const CONCURRENCY = 20;
const MAX_MS = 30_000;

async function load(url: string): Promise<{ rps: number; p99: number }> {
  const latencies: number[] = [];
  let sent = 0;
  const started = performance.now();
  const worker = async () => {
    while (sent < REQUESTS && performance.now() - started < MAX_MS) {
      sent++;
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

export async function benchHttp(figure: (name: string, value: number | string) => void): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'izz-bench-'));
  const handle = await createApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'bench-admin-password' }), { startMailWorker: false });
  const server = await new Promise<Server>((resolve) => {
    const s = handle.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const [name, url] of [
      ['api_config', '/api/config'],
      ['api_available_years', '/api/leaderboards/available-years'],
    ] as const) {
      await load(base + url); // warm-up
      const { rps, p99 } = await load(base + url);
      figure(`${name}_rps`, rps.toFixed(0));
      figure(`${name}_p99_ms`, p99.toFixed(1));
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
