import fs from 'node:fs';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { makeTempDir } from '../test/helpers.js';
import { DEMO_USER } from './seed.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const counts = (handle: ReturnType<typeof createApp>) =>
  Object.fromEntries(
    ['settings', 'assets', 'asset_variants', 'award_years', 'companies', 'users'].map((table) => [
      table,
      (handle.db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`) as { n: number }).n,
    ]),
  );

describe('first-start seed', () => {
  it('runs once: a restart on the same DATA_DIR adds nothing and keeps the session secret', async () => {
    const dir = makeTempDir('izz-seed-');
    dirs.push(dir);
    const logger = pino({ level: 'silent' });
    const first = createApp(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }), { logger, startMailWorker: false });
    const before = counts(first);
    expect(before).toEqual({ settings: 8, assets: 1, asset_variants: 1, award_years: 4, companies: 1, users: 1 });
    const cookieUser = first.services.auth.findUserByEmail(DEMO_USER.email);
    const session = await first.services.auth.createSession(cookieUser?.id as number);
    await first.close();

    const second = createApp(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }), { logger, startMailWorker: false });
    expect(counts(second)).toEqual(before);
    // The persisted development secret means the earlier session is still valid.
    expect((await second.services.auth.resolveToken(session.token))?.user.email).toBe(DEMO_USER.email);
    await second.close();
  });

  it('leaves out the demo user when SEED_DEMO=false', async () => {
    const dir = makeTempDir('izz-seed-');
    dirs.push(dir);
    const handle = createApp(loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false' }), { logger: pino({ level: 'silent' }), startMailWorker: false });
    expect(counts(handle)).toMatchObject({ users: 0, companies: 0, award_years: 4, assets: 1 });
    await handle.close();
  });
});
