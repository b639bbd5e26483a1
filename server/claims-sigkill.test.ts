/**
 * A mail claimed by an instance that is killed with SIGKILL (docs/decisions/0003-claims-and-heartbeats.md "Claims and heartbeats"):
 * two real server processes (server/index.ts) on one PostgreSQL. Instance A's SMTP server greets and then never answers,
 * so A holds the mail's claim mid-send, its heartbeat renewing it; instance B captures mail (no SMTP_URL). A is killed:
 * B sends the mail once the claim A last renewed has run out — within the claim's length of the kill — and not before.
 * Both instances run with a 6-second claim (MAIL_CLAIM_MS; the default's bound, 30 s, is claims.test.ts's), so the test
 * waits seconds, not half a minute. The claim's end is read from the database; the test waits for the mail's state, it
 * does not sleep. Skipped only where PostgreSQL is not installed outside CI.
 */
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from './test/pg-cluster.js';
import { startServerProcess, type ServerProcess } from './test/server-process.js';

const pgUrl = inject('pgUrl');
/** B's mail poll interval: how long after the claim's end B may take to notice it. */
const POLL_MS = 200;
/** The instances' claim: a heartbeat renews it every 2 seconds. */
const CLAIM_MS = 6_000;

describe.skipIf(!pgUrl)('a mail claimed by a killed instance', () => {
  let url: string;
  let client: pg.Client;
  const processes: ServerProcess[] = [];
  const sockets = new Set<net.Socket>();
  let greeted = 0;
  let ehlo = 0;
  // Greets, reads the client's EHLO and then never answers: the send hangs with the mail claimed.
  const smtp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.write('220 hanging.test ESMTP\r\n');
    greeted += 1;
    socket.on('data', (chunk: Buffer) => {
      if (/^EHLO /im.test(chunk.toString())) ehlo += 1;
    });
  });
  const start = async (env: Record<string, string>): Promise<ServerProcess> => {
    const p = startServerProcess({
      DATABASE_URL: url,
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'a-shared-secret-of-at-least-32-characters',
      ADMIN_PASSWORD: 'admin-secret-1',
      SEED_DEMO: 'false',
      MAIL_POLL_INTERVAL_MS: String(POLL_MS),
      MAIL_CLAIM_MS: String(CLAIM_MS),
      ...env,
    });
    processes.push(p);
    await p.listening;
    return p;
  };
  const mail = async (id: number) =>
    (await client.query<{ status: string; next_attempt_at: string; sent_at: string | null; attempts: string }>('SELECT status, next_attempt_at, sent_at, attempts FROM mail_outbox WHERE id = $1', [id])).rows[0]!;

  beforeAll(async () => {
    url = await createTestDatabase(pgUrl as string);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  }, 60_000);

  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    for (const p of processes) fs.rmSync(p.dir, { recursive: true, force: true });
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await client?.end();
    if (url) await dropTestDatabase(url);
  });

  it("is sent by the other instance when the claim the dead one last renewed runs out, within the claim's length of the kill", async () => {
    const port = (smtp.address() as net.AddressInfo).port;
    const a = await start({ SMTP_URL: `smtp://127.0.0.1:${String(port)}` });
    expect(Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM mail_outbox WHERE status = 'queued'")).rows[0]?.n)).toBe(0);
    const now = new Date().toISOString();
    const id = Number(
      (
        await client.query<{ id: string }>(
          "INSERT INTO mail_outbox (to_address, subject, html, text, locale, status, attempts, next_attempt_at, created_at) VALUES ('employee@example.org', 'Invitation', '<p>Hi</p>', 'Hi', 'sl', 'queued', 0, $1, $1) RETURNING id",
          [now],
        )
      ).rows[0]?.id,
    );

    // A claims the mail and hangs in its SMTP conversation.
    await expect.poll(() => ehlo, { timeout: 20_000 }).toBe(1);
    const claimed = await mail(id);
    expect(claimed.status).toBe('queued');
    expect(Date.parse(claimed.next_attempt_at) - Date.now()).toBeLessThanOrEqual(CLAIM_MS);

    // B starts while A holds the claim, and leaves the mail alone; A's heartbeat moves the claim ahead.
    await start({});
    await expect.poll(async () => Date.parse((await mail(id)).next_attempt_at), { timeout: 20_000, interval: 100 }).toBeGreaterThan(Date.parse(claimed.next_attempt_at));
    expect((await mail(id)).status).toBe('queued');

    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();
    const killedAt = Date.now();
    const lastClaim = Date.parse((await mail(id)).next_attempt_at);
    expect(lastClaim - killedAt).toBeLessThanOrEqual(CLAIM_MS);

    await expect.poll(async () => (await mail(id)).status, { timeout: CLAIM_MS + 30_000, interval: 100 }).toBe('captured');
    const sent = await mail(id);
    const sentAt = Date.parse(sent.sent_at!);
    // not before the dead instance's claim ran out (no second send while A might still have been sending) ...
    expect(sentAt).toBeGreaterThanOrEqual(lastClaim);
    // ... and soon after it: B polls every POLL_MS; 5 s are spare for a busy machine (the old claim was 10 minutes).
    expect(sentAt - killedAt).toBeLessThanOrEqual(CLAIM_MS + POLL_MS + 5_000);
    expect(Number(sent.attempts)).toBe(1);
    expect(greeted).toBe(1); // A's one conversation; B captured the mail without SMTP
  }, 120_000);
});
