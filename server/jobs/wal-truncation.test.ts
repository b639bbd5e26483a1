import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { makeTempDir } from '../test/helpers.js';
import { createWalTruncation } from './wal-truncation.js';

const dir = makeTempDir('izz-wal-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the write-ahead log emptied every minute (SQLite)', () => {
  it('leaves an empty -wal file behind a pass, with every committed row in the database file', async () => {
    const file = path.join(dir, 'x.sqlite');
    const db = openDatabase(file);
    await migrate(db);
    await db.run("INSERT INTO companies (id, name, created_at, updated_at) VALUES (1, 'Marker Company', 'x', 'x')");
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(fs.readFileSync(`${file}-wal`).includes('Marker Company')).toBe(true);
    const loop = createWalTruncation({ db, logger: pino({ level: 'silent' }) });
    expect(await loop.tick()).toBe(1);
    expect(fs.statSync(`${file}-wal`).size).toBe(0);
    expect(fs.readFileSync(file).includes('Marker Company')).toBe(true);
    await db.close();
  });
});
